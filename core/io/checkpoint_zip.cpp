// The zip format of torch.save (PyTorch >= 1.6): <archive>/data.pkl holds the object tree, each
// storage is an uncompressed record <archive>/data/<key>.

#include <algorithm>
#include <memory>

#include <ATen/ATen.h>
#include <caffe2/serialize/inline_container.h>

#include "io/checkpoint_internal.h"

namespace gpen::detail {
namespace {

using caffe2::serialize::PyTorchStreamReader;

// Lets PyTorchStreamReader read from our ByteSource (a file or memory alike).
class SourceAdapter final : public caffe2::serialize::ReadAdapterInterface {
  public:
    explicit SourceAdapter(const ByteSource& source) : m_source(source) {}
    size_t size() const override { return static_cast<size_t>(m_source.size()); }
    size_t read(uint64_t pos, void* buf, size_t n, const char* /*what*/) const override {
        if (pos >= m_source.size()) {
            return 0;
        }
        n = static_cast<size_t>(std::min<std::uint64_t>(n, m_source.size() - pos));
        return m_source.read(pos, buf, n) ? n : 0;
    }

  private:
    const ByteSource& m_source;
};

// Whether the end-of-central-directory record is present: without it (a download or copy cut
// short) the archive cannot be opened at all, which is worth telling apart from a foreign zip.
bool hasEndOfCentralDirectory(const ByteSource& source) {
    constexpr std::uint64_t kMaxTail = 22 + 65535;  // the record plus the longest comment
    const std::uint64_t tail = std::min(source.size(), kMaxTail);
    std::string bytes(static_cast<std::size_t>(tail), '\0');
    if (!source.read(source.size() - tail, bytes.data(), bytes.size())) {
        return false;
    }
    // The last signature must start a whole record (22 bytes and its comment) inside the file.
    const auto p = bytes.rfind(std::string("PK\x05\x06", 4));
    if (p == std::string::npos || p + 22 > bytes.size()) {
        return false;
    }
    const std::size_t commentLength =
        static_cast<unsigned char>(bytes[p + 20]) |
        static_cast<std::size_t>(static_cast<unsigned char>(bytes[p + 21])) << 8;
    return p + 22 + commentLength <= bytes.size();
}

// One storage record as a 1-D tensor that owns the record's memory: no copy, so loading needs
// about as much memory as the file is large.
at::Tensor storageTensor(at::DataPtr data, std::size_t bytes, at::ScalarType dtype) {
    const auto options = at::TensorOptions().dtype(dtype);
    const auto numel = static_cast<std::int64_t>(bytes / c10::elementSize(dtype));
    if (numel == 0 || !data.get()) {
        return at::empty({0}, options);
    }
    void* raw = data.get();
    auto owner = std::make_shared<at::DataPtr>(std::move(data));
    return at::from_blob(
        raw, {numel}, [owner](void*) mutable { owner.reset(); }, options);
}

}  // namespace

Expected<Checkpoint> readZipCheckpoint(const ByteSource& source,
                                       const CheckpointReadParams& params) {
    std::unique_ptr<PyTorchStreamReader> reader;
    try {
        reader = std::make_unique<PyTorchStreamReader>(std::make_shared<SourceAdapter>(source));
    } catch (const c10::Error& e) {
        if (!hasEndOfCentralDirectory(source)) {
            return makeError(ErrorCode::Truncated,
                             "truncated at byte " + std::to_string(source.size()) +
                                 " (the zip directory at the end of the file is missing)");
        }
        return makeError(ErrorCode::NotACheckpoint,
                         std::string("a zip archive, but not a PyTorch checkpoint (") +
                             e.what_without_backtrace() + ")");
    }
    if (!reader->hasRecord("data.pkl")) {
        if (reader->hasRecord("constants.pkl")) {
            return makeError(
                ErrorCode::NotACheckpoint,
                "a TorchScript module (torch.jit.save), not a torch.save checkpoint of weights");
        }
        return makeError(ErrorCode::NotACheckpoint,
                         "a zip archive without data.pkl, not a PyTorch checkpoint");
    }

    auto [pklData, pklSize] = reader->getRecord("data.pkl");
    const MemorySource pklSource(
        std::string_view(static_cast<const char*>(pklData.get()), pklSize));
    SourceCursor cursor(pklSource);
    auto tree = pickle::readPickle(cursor, "data.pkl");
    if (!tree) {
        return tl::unexpected<Error>(tree.error());
    }
    auto selection = selectTensors(*tree->root, params);
    if (!selection) {
        return tl::unexpected<Error>(selection.error());
    }

    StorageMap storages;
    for (const auto& entry : selection->tensors) {
        const StorageRef& ref = entry.storage;
        if (storages.contains(ref.key)) {
            continue;
        }
        const std::string record = "data/" + ref.key;
        if (!reader->hasRecord(record)) {
            return makeError(ErrorCode::Truncated, "record " + record + " (storage of tensor " +
                                                       entry.name +
                                                       ") is missing from the archive");
        }
        auto [data, bytes] = reader->getRecord(record);
        std::uint64_t needed = 0;
        if (__builtin_mul_overflow(static_cast<std::uint64_t>(ref.numel),
                                   c10::elementSize(ref.dtype), &needed) ||
            bytes < needed) {
            return makeError(ErrorCode::Truncated,
                             "record " + record + " holds " + std::to_string(bytes) +
                                 " bytes where its storage needs " + std::to_string(needed));
        }
        storages.emplace(ref.key, storageTensor(std::move(data), bytes, ref.dtype));
    }

    auto dict = assembleStateDict(*selection, storages);
    if (!dict) {
        return tl::unexpected<Error>(dict.error());
    }
    Checkpoint out;
    out.format = CheckpointFormat::Zip;
    out.nestedKey = std::move(selection->nestedKey);
    out.tensors = std::move(*dict);
    out.fileSize = source.size();
    return out;
}

}  // namespace gpen::detail
