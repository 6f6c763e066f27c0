// SPDX-License-Identifier: Apache-2.0
#include "io/image_header.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>
#include <string_view>
#include <vector>

namespace gpen {
namespace {

// Reads bytes at given offsets of a file; a short read gives false (the header is cut short).
class HeaderFile {
  public:
    explicit HeaderFile(const std::filesystem::path& path) : m_in(path, std::ios::binary) {
        if (m_in) {
            m_in.seekg(0, std::ios::end);
            m_size = static_cast<std::uint64_t>(m_in.tellg());
        }
    }
    bool ok() const { return static_cast<bool>(m_in); }
    std::uint64_t size() const { return m_size; }
    bool read(std::uint64_t pos, void* dst, std::size_t n) {
        if (pos > m_size || n > m_size - pos) {
            return false;
        }
        m_in.clear();
        m_in.seekg(static_cast<std::streamoff>(pos));
        m_in.read(static_cast<char*>(dst), static_cast<std::streamsize>(n));
        return m_in.gcount() == static_cast<std::streamsize>(n);
    }

  private:
    std::ifstream m_in;
    std::uint64_t m_size = 0;
};

std::uint64_t be(const unsigned char* p, int n) {
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i) v = (v << 8) | p[i];
    return v;
}

std::uint64_t le(const unsigned char* p, int n) {
    std::uint64_t v = 0;
    for (int i = n - 1; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

tl::unexpected<Error> cutShort(ImageFormat format) {
    return makeError(ErrorCode::Malformed, std::string("the ") + imageFormatName(format) +
                                               " header is damaged or cut short");
}

Expected<ImageHeader> sized(ImageHeader header) {
    if (header.width == 0 || header.height == 0) {
        return makeError(
            ErrorCode::Malformed,
            std::string("the ") + imageFormatName(header.format) + " header gives no image size");
    }
    return header;
}

Expected<ImageHeader> pngHeader(HeaderFile& file) {
    // Signature, then the IHDR chunk first of all: length, "IHDR", width, height (big-endian).
    std::array<unsigned char, 24> b{};
    if (!file.read(0, b.data(), b.size()) || std::memcmp(b.data() + 12, "IHDR", 4) != 0) {
        return cutShort(ImageFormat::Png);
    }
    return sized({ImageFormat::Png, be(&b[16], 4), be(&b[20], 4)});
}

bool isStartOfFrame(unsigned marker) {
    return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

Expected<ImageHeader> jpegHeader(HeaderFile& file) {
    // Walks the marker segments up to the first start-of-frame, which holds the size.
    std::uint64_t pos = 2;
    for (;;) {
        std::array<unsigned char, 9> b{};
        if (!file.read(pos, b.data(), 2) || b[0] != 0xFF) return cutShort(ImageFormat::Jpeg);
        const unsigned marker = b[1];
        if (marker == 0xFF) {  // fill byte
            ++pos;
            continue;
        }
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) {  // no length
            pos += 2;
            continue;
        }
        if (marker == 0xDA || marker == 0xD9)
            return cutShort(ImageFormat::Jpeg);  // scan before frame
        if (!file.read(pos, b.data(), isStartOfFrame(marker) ? 9 : 4))
            return cutShort(ImageFormat::Jpeg);
        const std::uint64_t length = be(&b[2], 2);
        if (length < 2) return cutShort(ImageFormat::Jpeg);
        if (isStartOfFrame(marker)) {
            return sized({ImageFormat::Jpeg, be(&b[7], 2), be(&b[5], 2)});
        }
        pos += 2 + length;
    }
}

Expected<ImageHeader> tiffHeader(HeaderFile& file) {
    std::array<unsigned char, 8> b{};
    if (!file.read(0, b.data(), b.size())) return cutShort(ImageFormat::Tiff);
    const bool little = b[0] == 'I';
    const auto num = [little](const unsigned char* p, int n) {
        return little ? le(p, n) : be(p, n);
    };
    if (num(&b[2], 2) == 43) {
        return makeError(ErrorCode::InvalidArgument, "a BigTIFF file, which is not supported");
    }
    const std::uint64_t ifd = num(&b[4], 4);
    std::array<unsigned char, 2> countBytes{};
    if (!file.read(ifd, countBytes.data(), 2)) return cutShort(ImageFormat::Tiff);
    const auto count = static_cast<std::size_t>(num(countBytes.data(), 2));
    std::vector<unsigned char> entries(count * 12);
    if (!file.read(ifd + 2, entries.data(), entries.size())) return cutShort(ImageFormat::Tiff);
    ImageHeader header{ImageFormat::Tiff, 0, 0};
    for (std::size_t i = 0; i < count; ++i) {
        const unsigned char* e = &entries[i * 12];
        const auto tag = num(e, 2);
        if (tag != 256 && tag != 257 && tag != 258 && tag != 339) continue;
        // The first value: SHORT (type 3) or LONG (type 4), in the entry when the values fit in
        // its four bytes, else at the offset it holds. Several BitsPerSample or SampleFormat
        // values are equal in the files we accept.
        const auto type = num(e + 2, 2);
        const int width = type == 3 ? 2 : type == 4 ? 4 : 0;
        if (width == 0) continue;
        std::array<unsigned char, 4> first{};
        if (num(e + 4, 4) * static_cast<std::uint64_t>(width) <= 4) {
            std::memcpy(first.data(), e + 8, 4);
        } else if (!file.read(num(e + 8, 4), first.data(), static_cast<std::size_t>(width))) {
            return cutShort(ImageFormat::Tiff);
        }
        const std::uint64_t value = num(first.data(), width);
        // libtiff keeps the first of repeated tags; a file that says two sizes is not read at
        // either (a fuzzer's TIFF said 5 rows after 65292, and libtiff allocated for 65292).
        if (tag == 256 || tag == 257) {
            std::uint64_t& size = tag == 256 ? header.width : header.height;
            if (size != 0 && size != value) {
                return makeError(ErrorCode::Malformed, std::string("the TIFF header gives its ") +
                                                           (tag == 256 ? "width" : "height") +
                                                           " twice (" + std::to_string(size) +
                                                           " and " + std::to_string(value) + ")");
            }
            size = value;
        }
        if (tag == 258)
            header.bitsPerSample = static_cast<int>(std::min<std::uint64_t>(value, 1024));
        if (tag == 339)
            header.sampleFormat = static_cast<int>(std::min<std::uint64_t>(value, 1024));
    }
    return sized(header);
}

Expected<ImageHeader> webpHeader(HeaderFile& file) {
    std::array<unsigned char, 30> b{};
    if (!file.read(0, b.data(), b.size())) return cutShort(ImageFormat::WebP);
    const std::string_view chunk(reinterpret_cast<const char*>(&b[12]), 4);
    if (chunk == "VP8 ") {  // lossy: frame tag, start code 9d 01 2a, 14-bit sizes
        if (b[23] != 0x9D || b[24] != 0x01 || b[25] != 0x2A) return cutShort(ImageFormat::WebP);
        return sized({ImageFormat::WebP, le(&b[26], 2) & 0x3FFF, le(&b[28], 2) & 0x3FFF});
    }
    if (chunk == "VP8L") {  // lossless: signature 0x2f, then 14-bit width - 1 and height - 1
        if (b[20] != 0x2F) return cutShort(ImageFormat::WebP);
        const std::uint64_t bits = le(&b[21], 4);
        return sized({ImageFormat::WebP, (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1});
    }
    if (chunk == "VP8X") {  // extended: 24-bit canvas width - 1 and height - 1
        return sized({ImageFormat::WebP, le(&b[24], 3) + 1, le(&b[27], 3) + 1});
    }
    return cutShort(ImageFormat::WebP);
}

Expected<ImageHeader> bmpHeader(HeaderFile& file) {
    std::array<unsigned char, 26> b{};
    if (!file.read(0, b.data(), b.size())) return cutShort(ImageFormat::Bmp);
    if (le(&b[14], 4) == 12) {  // BITMAPCOREHEADER: 16-bit sizes
        return sized({ImageFormat::Bmp, le(&b[18], 2), le(&b[20], 2)});
    }
    // A negative height means rows stored top-down.
    const auto width = static_cast<std::int32_t>(le(&b[18], 4));
    const auto height = static_cast<std::int32_t>(le(&b[22], 4));
    if (width <= 0 || height == 0 || height == INT32_MIN) return sized({ImageFormat::Bmp, 0, 0});
    return sized({ImageFormat::Bmp, static_cast<std::uint64_t>(width),
                  static_cast<std::uint64_t>(height < 0 ? -std::int64_t{height} : height)});
}

}  // namespace

const char* imageFormatName(ImageFormat format) {
    switch (format) {
        case ImageFormat::Png:
            return "PNG";
        case ImageFormat::Jpeg:
            return "JPEG";
        case ImageFormat::Tiff:
            return "TIFF";
        case ImageFormat::WebP:
            return "WebP";
        case ImageFormat::Bmp:
            return "BMP";
    }
    return "image";
}

Expected<ImageHeader> readImageHeader(const std::filesystem::path& path) {
    HeaderFile file(path);
    if (!file.ok()) return makeError(ErrorCode::Io, "cannot be opened for reading");
    if (file.size() == 0) return makeError(ErrorCode::Io, "the file is empty");
    std::array<unsigned char, 12> m{};
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(file.size(), m.size()));
    if (!file.read(0, m.data(), n)) return makeError(ErrorCode::Io, "cannot read the file");
    const auto starts = [&](std::string_view magic, std::size_t at = 0) {
        return n >= at + magic.size() &&
               std::memcmp(m.data() + at, magic.data(), magic.size()) == 0;
    };
    // OpenCV picks its decoder by its own signature checks, in its own order, whatever we sniffed:
    // GDCM's DICOM decoder claims any file with "DICM" at byte 128 before TIFF's (and before a
    // WebP whose bitstream its decoder rejects), and asserts on malformed DICOM data (a fuzzer
    // found it). Such a file is not one format but two; it is refused before any decoder runs.
    std::array<char, 4> dicom{};
    if (file.size() >= 132 && file.read(128, dicom.data(), dicom.size()) &&
        std::string_view(dicom.data(), dicom.size()) == "DICM") {
        return makeError(ErrorCode::NotAnImage,
                         "also carries a DICOM signature at byte 128: not a plain PNG, JPEG, TIFF, "
                         "WebP or BMP file");
    }
    if (starts("\x89PNG\r\n\x1a\n")) return pngHeader(file);
    if (starts("\xFF\xD8\xFF")) return jpegHeader(file);
    if (starts(std::string_view("II*\0", 4)) || starts(std::string_view("MM\0*", 4)) ||
        starts(std::string_view("II+\0", 4)) || starts(std::string_view("MM\0+", 4))) {
        return tiffHeader(file);
    }
    if (starts("RIFF") && starts("WEBP", 8)) return webpHeader(file);
    if (starts("BM")) return bmpHeader(file);
    return makeError(ErrorCode::NotAnImage,
                     "not a PNG, JPEG, TIFF, WebP or BMP file (the formats accepted)");
}

Expected<bool> jpegIsComplete(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError(ErrorCode::Io, "cannot be opened for reading");
    // A byte-at-a-time walk over a buffered stream: marker segments are skipped by their length,
    // entropy-coded data is scanned for the next marker that is not a restart or a stuffed 0xFF.
    std::vector<char> buffer(1 << 16);
    std::size_t have = 0, at = 0;
    const auto next = [&](int& out) {
        if (at == have) {
            in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            have = static_cast<std::size_t>(in.gcount());
            at = 0;
            if (have == 0) return false;
        }
        out = static_cast<unsigned char>(buffer[at++]);
        return true;
    };
    const auto skip = [&](std::uint64_t n) {
        for (int ignored = 0; n > 0; --n) {
            if (!next(ignored)) return false;
        }
        return true;
    };
    int c = 0;
    if (!next(c) || c != 0xFF || !next(c) || c != 0xD8) return false;
    bool inScan = false;
    for (;;) {
        if (!next(c)) return false;
        if (c != 0xFF) {
            if (!inScan) return false;  // garbage between segments
            continue;
        }
        int marker = 0xFF;
        while (marker == 0xFF) {
            if (!next(marker)) return false;
        }
        if (marker == 0x00 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) continue;
        if (marker == 0xD9) return true;
        int hi = 0, lo = 0;
        if (!next(hi) || !next(lo)) return false;
        const int length = (hi << 8) | lo;
        if (length < 2 || !skip(static_cast<std::uint64_t>(length - 2))) return false;
        inScan = marker == 0xDA;
    }
}

}  // namespace gpen
