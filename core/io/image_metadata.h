// SPDX-License-Identifier: Apache-2.0
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
};

// What the file's metadata says, read by exiv2 from the file itself (no copy of the whole file in
// memory). Never fails: unknown formats and damaged metadata give the defaults. The pixel size
// and format are read by io/image_header.h, which does not depend on exiv2.
ImageHeaderFacts readImageHeaderFacts(const std::filesystem::path& path);

struct MetadataToWrite {
    std::filesystem::path source;  // copy EXIF, IPTC, XMP and ICC from this file; empty: none
    std::string processingNote;    // software and model; empty: none
    int width = 0;                 // the encoded image's pixel size
    int height = 0;
};

// `encoded` (a complete image file in memory) with the metadata of `what.source` written into it:
// orientation reset to 1 (the pixels are upright already), the stale EXIF thumbnail dropped, the
// pixel dimensions updated; and the processing note as Exif.Image.Software, Xmp.xmp.CreatorTool
// and a line added to Exif.Image.ImageHistory. Returns `encoded` unchanged when there is nothing
// to write or the target format holds no metadata; `warning` is set when writing was attempted
// and failed (a save never fails for its metadata).
std::vector<unsigned char> withMetadata(std::vector<unsigned char> encoded,
                                        const MetadataToWrite& what,
                                        std::string* warning = nullptr);

}  // namespace gpen
