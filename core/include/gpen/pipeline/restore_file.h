#pragma once

// The one path from an image file to a restored image file, shared by `gpen-cli restore`, the
// GUI's Save and the batch runner: core's decoder (with its limits) -> restorePhoto -> the
// input's layout (bit depth, gray, alpha) -> core's encoder with the input's metadata and a
// processing note -> one atomic write. Nothing decodes or encodes an image a second way.

#include <filesystem>
#include <string>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"
#include "gpen/engine/model_cache.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/restore_pipeline.h"

namespace gpen {

struct WriteRestoredParams {
    int quality = 95;         // JPEG and WebP, 1..100
    int pngCompression = 3;   // 0..9
    // Copy EXIF, IPTC, XMP and ICC from the original file (orientation reset: the pixels are
    // upright). The original path is the metadata source.
    bool copyMetadata = true;
    // Written into the output's metadata (Exif.Image.Software, Xmp.xmp.CreatorTool and an
    // Exif.Image.ImageHistory line); empty: none. processingNote() makes the usual one.
    std::string processingNote;
    AtomicWriteParams atomic;
};

// Encodes `restored` (the pipeline's 8-bit BGR result, the original's size or a whole multiple
// of it) in the layout of `original` (16 bits kept where the output format holds them: PNG,
// TIFF; gray and alpha kept), by the extension of `out`, and writes it atomically. `originalPath`
// is the file `original` was decoded from: its metadata is copied when asked. What the GUI's
// Save calls for a result it already has.
Expected<void> writeRestored(const DecodedImage& original, const std::filesystem::path& originalPath,
                             const cv::Mat& restored, const std::filesystem::path& out,
                             const WriteRestoredParams& params = {});

// "GPEN Studio 0.1.0; face model GPEN-BFR-512; detector dlib; mask ParseNet-latest; strength 1;
// background x2": enough to redo the restoration.
std::string processingNote(const RestoreParams& params, const RestoreResult& result);

struct RestoreFileParams {
    RestoreParams restore;  // its progress and cancel are used as they are
    ImageReadParams read;
    WriteRestoredParams write;  // an empty processingNote is filled by processingNote()
};

struct RestoreFileResult {
    RestoreResult restore;
    cv::Size inputSize;  // upright
    bool sixteenBit = false;  // the input had 16 bits per channel
    double decodeMs = 0;
    double restoreMs = 0;
    double encodeMs = 0;
};

// readImage -> restorePhoto -> writeRestored. Errors name the file and the stage; a cancelled
// job returns ErrorCode::Cancelled and writes nothing.
Expected<RestoreFileResult> restoreFile(ModelCache& cache, const std::filesystem::path& in,
                                        const std::filesystem::path& out, const RestoreFileParams& params = {});

}  // namespace gpen
