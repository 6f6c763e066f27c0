// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/base/atomic_file.h"
#include "gpen/base/expected.h"

namespace gpen {

struct ImageReadParams {
    // Larger images are refused with a clear error instead of running out of memory.
    std::uint64_t maxPixels = 100'000'000;
    // A JPEG cut short decodes with its lower part gray. False: refused (ErrorCode::Truncated).
    // True: decoded, with a warning in DecodedImage::warnings and the log.
    bool acceptIncomplete = false;
};

// A decoded photo: the 8-bit BGR copy every network stage works on, and what that copy cannot
// hold, kept aside so that the output loses nothing the input had.
struct DecodedImage {
    cv::Mat bgr8;   // upright (EXIF orientation applied), 8-bit, 3 channels
    cv::Mat alpha;  // the file's alpha channel (CV_8U or CV_16U, upright); empty when it has none
    cv::Mat bgr16;  // the file's 16-bit colour (CV_16UC3, upright); empty for 8-bit files
    bool gray = false;    // the file stores one colour channel (gray, or gray + alpha)
    int orientation = 1;  // the EXIF orientation that was applied (1: none)
    std::vector<std::string>
        warnings;  // what the reader accepted against its will (see ImageReadParams)
};

// Reads 8- and 16-bit, gray, colour and alpha PNG, JPEG, TIFF, WebP and BMP files, with the EXIF
// orientation applied. The format is known from the file's first bytes (no other decoder is ever
// tried) and the pixel limit is checked from the header, read by our own code, before decoding.
// Signed, 32-bit and floating-point samples are refused rather than silently clipped. Damaged
// JPEG data that libjpeg decodes around (its "Corrupt JPEG data" warnings, in a file that reaches
// its end marker) gives a warning in DecodedImage::warnings and the log; no decoder prints
// anything. Errors name the file and say what is wrong.
Expected<DecodedImage> readImage(const std::filesystem::path& path,
                                 const ImageReadParams& params = {});
// What readImage would refuse before decoding, from the file's first bytes alone (a few hundred of
// them: cheap for a whole archive): not one of the formats read, empty, a header cut short, over
// the pixel limit, TIFF samples it refuses. The errors are readImage's. A file that passes may
// still fail to decode (damaged or cut-short data).
Expected<void> checkImageFile(const std::filesystem::path& path,
                              const ImageReadParams& params = {});
// readImage(...).bgr8.
Expected<cv::Mat> readImageBgr8(const std::filesystem::path& path,
                                const ImageReadParams& params = {});

// The file's layout for `restored` (8-bit BGR, the input's size or a whole multiple of it): back to
// one channel for a gray input, to 16 bits for a 16-bit input, with the alpha re-attached (resized
// with the photo). At 16 bits and the input's size a pixel the restoration left unchanged keeps its
// exact 16-bit value; a changed one takes the change on top of it.
cv::Mat toInputLayout(const DecodedImage& input, const cv::Mat& restored);

struct ImageWriteParams {
    int jpegQuality = 95;    // JPEG and WebP, 1..100
    int pngCompression = 3;  // 0..9
    // Copy the EXIF, IPTC and XMP metadata of this file into the output (orientation reset to
    // normal: the pixels are already upright). Empty: none. A source without metadata, or a
    // format that cannot hold it, is not an error.
    std::filesystem::path metadataFrom;
    // Recorded in the output's metadata where the format holds any (Exif.Image.Software,
    // Xmp.xmp.CreatorTool, and a line of Exif.Image.ImageHistory): which software and model made
    // it. Empty: none.
    std::string processingNote;
    AtomicWriteParams atomic;
};

// Encodes by the file's extension (16 bits kept where the format holds them, PNG and TIFF, else
// reduced to 8; alpha dropped for JPEG) and writes it with writeFileAtomic(): a failure (full
// disk, bad path, an error at close) never leaves a half-written output or a temporary file, and
// an existing file survives a failed write.
Expected<void> writeImageAtomic(const std::filesystem::path& path, const cv::Mat& image,
                                const ImageWriteParams& params = {});

}  // namespace gpen
