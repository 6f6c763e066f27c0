// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: where checkpoint bytes come from (a file or memory) and a buffered cursor over
// them. The readers use random access for zip archives and the cursor for the pickle streams of
// the legacy format, whose storages are then read straight into tensor memory.

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>

#include "gpen/base/expected.h"

namespace gpen {

// Random-access bytes of known size. One reader at a time (not thread-safe).
class ByteSource {
  public:
    virtual ~ByteSource() = default;
    virtual std::uint64_t size() const = 0;
    // Copies exactly `n` bytes from `pos` into `dst`. The caller keeps pos + n <= size();
    // false means an I/O error.
    virtual bool read(std::uint64_t pos, void* dst, std::size_t n) const = 0;
};

class FileSource final : public ByteSource {
  public:
    static Expected<std::unique_ptr<FileSource>> open(const std::filesystem::path& path);
    std::uint64_t size() const override { return m_size; }
    bool read(std::uint64_t pos, void* dst, std::size_t n) const override;

  private:
    FileSource() = default;
    // std::ifstream::read is not const; reading does not change the file, so the stream is
    // an implementation detail of a logically const source.
    mutable std::ifstream m_file;
    std::uint64_t m_size = 0;
};

// Views bytes owned by the caller, which must outlive the source.
class MemorySource final : public ByteSource {
  public:
    explicit MemorySource(std::string_view bytes) : m_bytes(bytes) {}
    std::uint64_t size() const override { return m_bytes.size(); }
    bool read(std::uint64_t pos, void* dst, std::size_t n) const override;

  private:
    std::string_view m_bytes;
};

// A forward cursor with a small read-ahead buffer, for parsing pickles out of a ByteSource.
// Every read is bounds-checked against the end of the source.
class SourceCursor {
  public:
    explicit SourceCursor(const ByteSource& source, std::uint64_t start = 0);

    std::uint64_t position() const { return m_pos; }
    std::uint64_t size() const { return m_source.size(); }
    std::uint64_t remaining() const { return size() - m_pos; }
    bool ioFailed() const { return m_ioFailed; }

    // The next `n` bytes, valid until the next call, and advances; nullptr (without advancing)
    // when fewer remain or reading failed.
    const char* take(std::size_t n);
    // Reads `n` bytes into `dst` without going through the buffer beyond what it already holds,
    // so large blocks (storages) are copied once. False when fewer remain or reading failed.
    bool readInto(void* dst, std::uint64_t n);
    bool skip(std::uint64_t n);

  private:
    const ByteSource& m_source;
    std::uint64_t m_pos = 0;
    std::uint64_t m_bufferStart = 0;  // file offset of m_buffer[0]
    std::string m_buffer;
    bool m_ioFailed = false;
};

}  // namespace gpen
