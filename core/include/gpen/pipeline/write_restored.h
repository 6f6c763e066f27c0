// SPDX-License-Identifier: Apache-2.0
#pragma once

// The encode stage of a RestoreJob (restore_job.h), apart so that the GUI's Save links it without
// the pipeline: the input's layout (bit depth, gray, alpha) -> core's encoder with the input's
// metadata and a processing note -> one atomic write. Nothing encodes a restored photo another way.

#include <filesystem>
#include <string>

#include <opencv2/core/mat.hpp>

#include "gpen/base/atomic_file.h"
#include "gpen/base/expected.h"
#include "gpen/io/image_io.h"

namespace gpen {

struct WriteRestoredParams {
    int quality = 95;        // JPEG and WebP, 1..100
    int pngCompression = 3;  // 0..9
    // Copy EXIF, IPTC, XMP and ICC from the original file (orientation reset: the pixels are
    // upright). The original path is the metadata source.
    bool copyMetadata = true;
    // Written into the output's metadata (Exif.Image.Software, Xmp.xmp.CreatorTool and an
    // Exif.Image.ImageHistory line); empty: none (a RestoreJob fills in the networks that ran).
    std::string processingNote;
    AtomicWriteParams atomic;
};

// Encodes `restored` (the pipeline's 8-bit BGR result, the original's size or a whole multiple
// of it) in the layout of `original` (16 bits kept where the output format holds them: PNG,
// TIFF; gray and alpha kept), by the extension of `out`, and writes it atomically. `originalPath`
// is the file `original` was decoded from: its metadata is copied when asked. What the GUI's
// Save calls for a result it already has.
Expected<void> writeRestored(const DecodedImage& original,
                             const std::filesystem::path& originalPath, const cv::Mat& restored,
                             const std::filesystem::path& out,
                             const WriteRestoredParams& params = {});

}  // namespace gpen
