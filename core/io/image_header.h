// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: what an image file says about itself before any pixel is decoded, read by our
// own code for each format we accept (PNG, JPEG, TIFF, WebP, BMP), independent of exiv2 and of
// OpenCV's decoders. readImage refuses anything else, and anything too large, from this alone.

#include <cstdint>
#include <filesystem>
#include <string>

#include "gpen/base/expected.h"

namespace gpen {

enum class ImageFormat { Png, Jpeg, Tiff, WebP, Bmp };
const char* imageFormatName(ImageFormat format);  // "PNG", "JPEG", ...

struct ImageHeader {
    ImageFormat format = ImageFormat::Png;
    std::uint64_t width = 0;   // > 0
    std::uint64_t height = 0;  // > 0
    // TIFF only: the first page's sample layout, to refuse what would lose range (signed, 32-bit
    // or floating samples) before decoding.
    int bitsPerSample = 8;
    int sampleFormat = 1;  // TIFF SampleFormat: 1 unsigned, 2 signed, 3 floating point
};

// Reads the header of the file at `path`. Errors (messages without the file name):
// NotAnImage for a format not in the list, Malformed for a header that is cut short or
// names no size, Io when the file cannot be read.
Expected<ImageHeader> readImageHeader(const std::filesystem::path& path);

// Whether a JPEG file's entropy-coded data runs to its end-of-image marker; false for a file cut
// short (which decoders fill with gray without an error). Data after the marker is allowed.
Expected<bool> jpegIsComplete(const std::filesystem::path& path);

}  // namespace gpen
