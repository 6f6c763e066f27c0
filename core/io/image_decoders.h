// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the PNG and JPEG decoders, on libpng and libjpeg directly rather than through
// OpenCV, whose use of them prints the libraries' warnings ("libpng warning: ...", "Corrupt JPEG
// data: ...") on stderr beside ours and loses them for the caller. Here every message a library
// raises comes back to the caller; nothing is printed. Both read by path, after readImageHeader
// has checked the size, and give what cv::imread(IMREAD_UNCHANGED) would: 8- or 16-bit, BGR(A)
// or gray (PNG: gray + alpha as two channels), no EXIF orientation applied.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "gpen/base/expected.h"

namespace gpen {

struct DecodedRaster {
    cv::Mat pixels;
    // What the library warned about, in its words, once each. JPEG: damaged data the decoder
    // worked around (parts of the picture may be wrong). PNG: ancillary chunks it skipped (a bad
    // colour profile, a CRC error in a text chunk): never the pixels, which fail as errors.
    std::vector<std::string> warnings;
};

// Keeps a library's warning for DecodedRaster::warnings: once each (a damaged file repeats the
// same one per block), at most eight. Called from the libraries' C callbacks, so it never throws.
inline void keepDecoderWarning(std::vector<std::string>& warnings, const char* text) noexcept {
    try {
        if (warnings.size() < 8 &&
            std::find(warnings.begin(), warnings.end(), text) == warnings.end()) {
            warnings.emplace_back(text);
        }
    } catch (...) {  // out of memory: the warning is lost, the decode goes on
    }
}

// The refusal of a picture whose size, as the library reads it, is over `maxPixels`.
inline tl::unexpected<Error> overPixelLimit(const std::string& format, std::uint64_t maxPixels) {
    return makeError(ErrorCode::InvalidArgument,
                     "the " + format + " data holds a picture over the limit of " +
                         std::to_string(maxPixels / 1'000'000) + " megapixels");
}

// Errors name no file (the caller adds it): Io when the file cannot be opened, Malformed when the
// library refuses the data, InvalidArgument when the size the library reads is over `maxPixels`
// (checked before the pixels are allocated).
Expected<DecodedRaster> decodeJpeg(const std::filesystem::path& path, std::uint64_t maxPixels);
Expected<DecodedRaster> decodePng(const std::filesystem::path& path, std::uint64_t maxPixels);

}  // namespace gpen
