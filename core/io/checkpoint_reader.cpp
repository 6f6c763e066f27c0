// SPDX-License-Identifier: Apache-2.0
// Entry points of the checkpoint reader: format detection and the error boundary. Nothing
// thrown inside (c10::Error, std::bad_alloc) gets past readCheckpoint.

#include "gpen/io/checkpoint.h"

#include <algorithm>
#include <new>

#include <ATen/ATen.h>

#include "base/allocation_failure.h"
#include "io/checkpoint_internal.h"

namespace gpen {
namespace {

bool startsWith(std::string_view bytes, std::string_view prefix) {
    return bytes.substr(0, prefix.size()) == prefix;
}

bool looksLikeText(std::string_view bytes) {
    return std::all_of(bytes.begin(), bytes.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u >= 0x20 || c == '\n' || c == '\r' || c == '\t' || u >= 0x80;
    });
}

std::string hexBytes(std::string_view bytes) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (const char c : bytes.substr(0, 8)) {
        const auto u = static_cast<unsigned char>(c);
        out += out.empty() ? "" : " ";
        out += kHex[u >> 4];
        out += kHex[u & 0xf];
    }
    return out;
}

// Why the bytes are not a checkpoint, as specifically as the first bytes allow: the usual
// culprits are a Git LFS pointer, an HTML error page saved by a failed download, or an archive
// of another kind.
std::string notACheckpointReason(std::string_view head) {
    if (startsWith(head, "version https://git-lfs")) {
        return "a Git LFS pointer file; fetch the real weights with 'git lfs pull'";
    }
    if (head.size() >= 262 && head.substr(257, 5) == "ustar") {
        return "a tar archive; the tar format of PyTorch before 0.4 is not supported";
    }
    if (startsWith(head, "\x1f\x8b")) {
        return "a gzip file; decompress it first";
    }
    if (looksLikeText(head)) {
        std::string start(head.substr(0, std::min<std::size_t>(head.find('\n'), 40)));
        std::replace_if(
            start.begin(), start.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; },
            ' ');
        return "a text file starting \"" + start + "\"";
    }
    return "starts with bytes " + hexBytes(head) + ", neither a zip archive nor a pickle";
}

Expected<Checkpoint> readSource(const ByteSource& source, const CheckpointReadParams& params) {
    if (source.size() == 0) {
        return makeError(ErrorCode::NotACheckpoint, "empty file");
    }
    std::string head(static_cast<std::size_t>(std::min<std::uint64_t>(source.size(), 512)), '\0');
    if (!source.read(0, head.data(), head.size())) {
        return makeError(ErrorCode::Io, "cannot read the file");
    }
    // Zip local file header, or the end record of an archive holding nothing.
    if (startsWith(head, std::string_view("PK\x03\x04", 4)) ||
        startsWith(head, std::string_view("PK\x05\x06", 4))) {
        return io::readZipCheckpoint(source, params);
    }
    // PROTO: a pickle, which for torch.save means the legacy format.
    if (static_cast<unsigned char>(head[0]) == 0x80) {
        return io::readLegacyCheckpoint(source, params);
    }
    return makeError(ErrorCode::NotACheckpoint,
                     "not a PyTorch checkpoint (" + notACheckpointReason(head) + ")");
}

// The error boundary: whatever libtorch or the allocator throws becomes an Error.
Expected<Checkpoint> readGuarded(const ByteSource& source, const std::string& displayName,
                                 const CheckpointReadParams& params) {
    Expected<Checkpoint> result = makeError(ErrorCode::Internal, "unreachable");
    try {
        result = readSource(source, params);
    } catch (const c10::Error& e) {
        result =
            base::isAllocationFailure(e.what_without_backtrace())
                ? makeError(ErrorCode::OutOfMemory, "out of memory while reading the checkpoint")
                : makeError(ErrorCode::Malformed, e.what_without_backtrace());
    } catch (const std::bad_alloc&) {
        result = makeError(ErrorCode::OutOfMemory, "out of memory while reading the checkpoint");
    } catch (const std::exception& e) {
        result = makeError(ErrorCode::Internal, e.what());
    }
    if (!result) {
        return tl::unexpected<Error>(withContext(result.error(), displayName));
    }
    return result;
}

}  // namespace

const char* checkpointFormatName(CheckpointFormat format) {
    switch (format) {
        case CheckpointFormat::Zip:
            return "zip (PyTorch >= 1.6)";
        case CheckpointFormat::Legacy:
            return "legacy";
    }
    return "unknown";
}

Expected<Checkpoint> readCheckpoint(const std::filesystem::path& path,
                                    const CheckpointReadParams& params) {
    const std::string displayName = path.filename().string();
    try {
        auto source = FileSource::open(path);
        if (!source) {
            return tl::unexpected<Error>(withContext(source.error(), displayName));
        }
        return readGuarded(**source, displayName, params);
    } catch (const std::exception& e) {
        // Filesystem queries and stream setup can throw before the guarded section.
        return makeError(ErrorCode::Io, displayName + ": " + e.what());
    }
}

Expected<Checkpoint> readCheckpointFromMemory(const std::string& bytes,
                                              const std::string& displayName,
                                              const CheckpointReadParams& params) {
    const MemorySource source(bytes);
    return readGuarded(source, displayName, params);
}

}  // namespace gpen
