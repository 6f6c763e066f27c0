// SPDX-License-Identifier: Apache-2.0
#include "io/checkpoint_source.h"

#include <algorithm>
#include <cstring>
#include <system_error>

namespace gpen {
namespace {

// Read-ahead for pickle parsing: pickles are a few kB to a few MB, read in modest chunks.
constexpr std::size_t kReadAhead = 64 * 1024;

}  // namespace

Expected<std::unique_ptr<FileSource>> FileSource::open(const std::filesystem::path& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) {
        return makeError(ErrorCode::Io, "file not found");
    }
    if (std::filesystem::is_directory(status)) {
        return makeError(ErrorCode::Io, "is a directory, not a file");
    }
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        return makeError(ErrorCode::Io, "cannot read the file size (" + ec.message() + ")");
    }
    std::unique_ptr<FileSource> source(new FileSource());
    source->m_file.open(path, std::ios::binary);
    if (!source->m_file) {
        return makeError(ErrorCode::Io, "cannot open the file for reading");
    }
    source->m_size = size;
    return source;
}

bool FileSource::read(std::uint64_t pos, void* dst, std::size_t n) const {
    if (n == 0) {
        return true;
    }
    m_file.clear();
    m_file.seekg(static_cast<std::streamoff>(pos));
    m_file.read(static_cast<char*>(dst), static_cast<std::streamsize>(n));
    return m_file.gcount() == static_cast<std::streamsize>(n);
}

bool MemorySource::read(std::uint64_t pos, void* dst, std::size_t n) const {
    if (pos > m_bytes.size() || n > m_bytes.size() - pos) {
        return false;
    }
    if (n > 0) {
        std::memcpy(dst, m_bytes.data() + pos, n);
    }
    return true;
}

SourceCursor::SourceCursor(const ByteSource& source, std::uint64_t start)
    : m_source(source), m_pos(std::min(start, source.size())), m_bufferStart(m_pos) {}

const char* SourceCursor::take(std::size_t n) {
    if (m_ioFailed || n > remaining()) {
        return nullptr;
    }
    const std::uint64_t bufferEnd = m_bufferStart + m_buffer.size();
    if (m_pos < m_bufferStart || m_pos + n > bufferEnd) {
        // Refill from the current position; `n` may exceed the read-ahead (a long string).
        const auto want =
            static_cast<std::size_t>(std::min<std::uint64_t>(std::max(n, kReadAhead), remaining()));
        m_buffer.resize(want);
        m_bufferStart = m_pos;
        if (!m_source.read(m_pos, m_buffer.data(), want)) {
            m_buffer.clear();
            m_ioFailed = true;
            return nullptr;
        }
    }
    const char* out = m_buffer.data() + (m_pos - m_bufferStart);
    m_pos += n;
    return out;
}

bool SourceCursor::readInto(void* dst, std::uint64_t n) {
    if (m_ioFailed || n > remaining()) {
        return false;
    }
    if (n == 0) {
        return true;
    }
    auto* out = static_cast<char*>(dst);
    // Whatever the read-ahead already holds is copied from the buffer, the rest straight from
    // the source into `dst`.
    const std::uint64_t bufferEnd = m_bufferStart + m_buffer.size();
    if (m_pos >= m_bufferStart && m_pos < bufferEnd) {
        const auto fromBuffer = static_cast<std::size_t>(std::min(n, bufferEnd - m_pos));
        std::memcpy(out, m_buffer.data() + (m_pos - m_bufferStart), fromBuffer);
        out += fromBuffer;
        m_pos += fromBuffer;
        n -= fromBuffer;
    }
    if (n > 0) {
        if (!m_source.read(m_pos, out, static_cast<std::size_t>(n))) {
            m_ioFailed = true;
            return false;
        }
        m_pos += n;
    }
    return true;
}

bool SourceCursor::skip(std::uint64_t n) {
    if (m_ioFailed || n > remaining()) {
        return false;
    }
    m_pos += n;
    return true;
}

}  // namespace gpen
