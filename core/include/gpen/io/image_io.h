#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"

namespace gpen {

struct ImageReadParams {
    // Larger images are refused with a clear error instead of running out of memory.
    std::uint64_t maxPixels = 100'000'000;
};

// Reads an image as 8-bit BGR (the layout every network stage starts from), with the EXIF
// orientation applied. Errors name the file and say what is wrong.
Expected<cv::Mat> readImageBgr8(const std::filesystem::path& path, const ImageReadParams& params = {});

struct ImageWriteParams {
    int jpegQuality = 95;
    int pngCompression = 3;
};

// Encodes by the file's extension and writes through a temporary file in the same folder that is
// renamed over the target only once complete: a failure (full disk, bad path) never leaves a
// half-written output, and an existing file survives a failed write.
Expected<void> writeImageAtomic(const std::filesystem::path& path, const cv::Mat& image,
                                const ImageWriteParams& params = {});

}  // namespace gpen
