// SPDX-License-Identifier: Apache-2.0
#include "io/zip_directory.h"

#include <algorithm>

namespace gpen::io {
namespace {

constexpr std::uint32_t kEndSignature = 0x06054b50;
constexpr std::uint32_t kZip64EndSignature = 0x06064b50;
constexpr std::uint32_t kZip64LocatorSignature = 0x07064b50;
constexpr std::uint32_t kEntrySignature = 0x02014b50;
constexpr std::uint32_t kLocalSignature = 0x04034b50;
constexpr std::size_t kEndSize = 22;
constexpr std::size_t kLocatorSize = 20;
constexpr std::size_t kZip64EndSize = 56;
constexpr std::size_t kEntrySize = 46;
constexpr std::size_t kLocalSize = 30;

std::uint64_t le(const char* p, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) {
        v |= std::uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
    }
    return v;
}

tl::unexpected<Error> malformed(const std::string& why) {
    return makeError(ErrorCode::Malformed, "damaged zip archive: " + why);
}

// Where the central directory lies and how many entries it claims.
struct DirectoryPlace {
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    std::uint64_t entries = 0;
};

Expected<DirectoryPlace> findDirectory(const ByteSource& source) {
    const auto truncated = makeError(ErrorCode::Truncated,
                                     "truncated at byte " + std::to_string(source.size()) +
                                         " (the zip directory at the end of the file is missing)");
    constexpr std::uint64_t kMaxTail = kEndSize + 65535;  // the record plus the longest comment
    const std::uint64_t tail = std::min(source.size(), kMaxTail);
    const std::uint64_t tailStart = source.size() - tail;
    std::string bytes(static_cast<std::size_t>(tail), '\0');
    if (!source.read(tailStart, bytes.data(), bytes.size())) {
        return makeError(ErrorCode::Io, "cannot read the end of the file");
    }
    // The last signature must start a whole record (22 bytes and its comment) inside the file.
    const auto p = bytes.rfind(std::string("PK\x05\x06", 4));
    if (p == std::string::npos || p + kEndSize > bytes.size() ||
        p + kEndSize + le(&bytes[p + 20], 2) > bytes.size()) {
        return truncated;
    }
    const char* end = &bytes[p];
    if (le(end + 4, 2) != 0 || le(end + 6, 2) != 0) {
        return makeError(ErrorCode::NotACheckpoint, "a split (multi-part) zip archive");
    }
    DirectoryPlace place{le(end + 16, 4), le(end + 12, 4), le(end + 10, 2)};
    // A zip64 locator just before the end record points at the 64-bit end record.
    const std::uint64_t endPos = tailStart + p;
    if (endPos >= kLocatorSize) {
        char locator[kLocatorSize];
        if (!source.read(endPos - kLocatorSize, locator, kLocatorSize)) {
            return makeError(ErrorCode::Io, "cannot read the zip64 locator");
        }
        if (le(locator, 4) == kZip64LocatorSignature) {
            const std::uint64_t at = le(locator + 8, 8);
            char end64[kZip64EndSize];
            if (at > source.size() || source.size() - at < kZip64EndSize ||
                !source.read(at, end64, kZip64EndSize) || le(end64, 4) != kZip64EndSignature) {
                return malformed("the zip64 end record is missing");
            }
            if (le(end64 + 16, 4) != 0 || le(end64 + 20, 4) != 0) {
                return makeError(ErrorCode::NotACheckpoint, "a split (multi-part) zip archive");
            }
            place = {le(end64 + 48, 8), le(end64 + 40, 8), le(end64 + 32, 8)};
        }
    }
    if (place.offset > source.size() || place.size > source.size() - place.offset) {
        return malformed("the central directory reaches past the end of the file");
    }
    if (place.entries > place.size / kEntrySize) {
        return malformed("the central directory claims " + std::to_string(place.entries) +
                         " entries in " + std::to_string(place.size) + " bytes");
    }
    return place;
}

// The sizes and offset an entry keeps in its zip64 extra field when the 32-bit fields are full.
bool applyZip64Extra(std::string_view extra, std::uint64_t& size, std::uint64_t& compressed,
                     std::uint64_t& offset) {
    while (extra.size() >= 4) {
        const auto id = le(extra.data(), 2);
        const auto length = static_cast<std::size_t>(le(extra.data() + 2, 2));
        if (extra.size() - 4 < length) {
            return false;
        }
        std::string_view body = extra.substr(4, length);
        if (id == 1) {
            for (std::uint64_t* field : {&size, &compressed, &offset}) {
                if (*field != 0xffffffffu) {
                    continue;
                }
                if (body.size() < 8) {
                    return false;
                }
                *field = le(body.data(), 8);
                body.remove_prefix(8);
            }
        }
        extra.remove_prefix(4 + length);
    }
    return true;
}

// A record's byte range including its local header, for the overlap check.
struct Span {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    std::size_t record = 0;
};

}  // namespace

Expected<ZipDirectory> ZipDirectory::read(const ByteSource& source) {
    auto place = findDirectory(source);
    if (!place) {
        return tl::unexpected<Error>(place.error());
    }
    std::string directory(static_cast<std::size_t>(place->size), '\0');
    if (!source.read(place->offset, directory.data(), directory.size())) {
        return makeError(ErrorCode::Io, "cannot read the zip directory");
    }
    ZipDirectory out;
    out.m_records.reserve(static_cast<std::size_t>(place->entries));
    std::vector<Span> spans;
    spans.reserve(static_cast<std::size_t>(place->entries));
    std::size_t pos = 0;
    for (std::uint64_t i = 0; i < place->entries; ++i) {
        if (directory.size() - pos < kEntrySize || le(&directory[pos], 4) != kEntrySignature) {
            return malformed("entry " + std::to_string(i) + " of the central directory is damaged");
        }
        const char* e = &directory[pos];
        const auto flags = le(e + 8, 2);
        const auto method = le(e + 10, 2);
        std::uint64_t compressed = le(e + 20, 4);
        std::uint64_t size = le(e + 24, 4);
        const auto nameLength = static_cast<std::size_t>(le(e + 28, 2));
        const auto extraLength = static_cast<std::size_t>(le(e + 30, 2));
        const auto commentLength = static_cast<std::size_t>(le(e + 32, 2));
        std::uint64_t localOffset = le(e + 42, 4);
        if (directory.size() - pos - kEntrySize < nameLength + extraLength + commentLength) {
            return malformed("entry " + std::to_string(i) + " of the central directory is damaged");
        }
        std::string name(e + kEntrySize, nameLength);
        if (!applyZip64Extra(std::string_view(e + kEntrySize + nameLength, extraLength), size,
                             compressed, localOffset)) {
            return malformed("record " + name + " has a damaged zip64 field");
        }
        pos += kEntrySize + nameLength + extraLength + commentLength;
        if ((flags & 1) != 0) {
            return makeError(ErrorCode::NotACheckpoint,
                             "record " + name + " is encrypted; torch.save never encrypts");
        }
        if (method != 0 || compressed != size) {
            return makeError(ErrorCode::NotACheckpoint,
                             "record " + name + " is compressed (zip method " +
                                 std::to_string(method) +
                                 "); torch.save writes uncompressed records only");
        }
        char local[kLocalSize];
        if (localOffset > source.size() || source.size() - localOffset < kLocalSize ||
            !source.read(localOffset, local, kLocalSize) || le(local, 4) != kLocalSignature) {
            return malformed("record " + name + " has no local header at byte " +
                             std::to_string(localOffset));
        }
        const std::uint64_t dataOffset =
            localOffset + kLocalSize + le(local + 26, 2) + le(local + 28, 2);
        if (dataOffset > source.size() || size > source.size() - dataOffset) {
            return malformed("record " + name + " (" + std::to_string(size) +
                             " bytes) reaches past the end of the file");
        }
        if (out.m_index.contains(name)) {
            return malformed("record " + name + " appears twice");
        }
        out.m_index.emplace(name, out.m_records.size());
        spans.push_back({localOffset, dataOffset + size, out.m_records.size()});
        out.m_records.push_back({std::move(name), dataOffset, size});
    }
    // Records that share bytes would let a small file load the same bytes many times over.
    std::sort(spans.begin(), spans.end(),
              [](const Span& a, const Span& b) { return a.begin < b.begin; });
    for (std::size_t i = 1; i < spans.size(); ++i) {
        if (spans[i].begin < spans[i - 1].end) {
            return malformed("records " + out.m_records[spans[i - 1].record].name + " and " +
                             out.m_records[spans[i].record].name + " overlap");
        }
    }
    return out;
}

const ZipRecord* ZipDirectory::find(const std::string& name) const {
    const auto it = m_index.find(name);
    return it == m_index.end() ? nullptr : &m_records[it->second];
}

}  // namespace gpen::io
