#pragma once

// The photo's metadata (EXIF, IPTC, XMP, ICC profile) through exiv2, kept out of image_io.cpp so
// that only this file sees exiv2's headers. Internal to core/io.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpen {

struct ImageHeaderFacts {
    int orientation = 1;  // EXIF orientation 1..8; 1 when absent or unreadable
    // Pixel size from the header, when exiv2 knows it before decoding (JPEG, PNG, TIFF, WebP).
    std::optional<std::uint64_t> pixels;
};

// What the encoded file says about itself. Never fails: unknown formats give the defaults.
ImageHeaderFacts readImageHeaderFacts(const std::vector<unsigned char>& encoded);

// `encoded` (a complete image file in memory) with the metadata of `source` written into it:
// orientation reset to 1 (the pixels are upright already), the stale EXIF thumbnail dropped, the
// pixel dimensions updated to `width` x `height`. Returns `encoded` unchanged when the source has
// no metadata or the target format holds none; `warning` is set when copying was attempted and
// failed (a save never fails for its metadata).
std::vector<unsigned char> withMetadataOf(const std::filesystem::path& source, std::vector<unsigned char> encoded,
                                          int width, int height, std::string* warning = nullptr);

}  // namespace gpen
