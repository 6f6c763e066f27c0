// SPDX-License-Identifier: Apache-2.0
// The zip format of torch.save (PyTorch >= 1.6): <archive>/data.pkl holds the object tree, each
// storage is an uncompressed record <archive>/data/<key>.

#include <algorithm>
#include <memory>

#include <ATen/ATen.h>

#include "io/checkpoint_internal.h"
#include "io/zip_directory.h"

namespace gpen::io {
namespace {

// One record's bytes as a source of their own: the pickle parser cannot read past its record.
class RecordSource final : public ByteSource {
  public:
    RecordSource(const ByteSource& source, const ZipRecord& record)
        : m_source(source), m_offset(record.dataOffset), m_size(record.size) {}
    std::uint64_t size() const override { return m_size; }
    bool read(std::uint64_t pos, void* dst, std::size_t n) const override {
        return pos <= m_size && n <= m_size - pos && m_source.read(m_offset + pos, dst, n);
    }

  private:
    const ByteSource& m_source;
    std::uint64_t m_offset = 0;
    std::uint64_t m_size = 0;
};

}  // namespace

Expected<Checkpoint> readZipCheckpoint(const ByteSource& source,
                                       const CheckpointReadParams& params) {
    auto directory = ZipDirectory::read(source);
    if (!directory) {
        return tl::unexpected<Error>(directory.error());
    }
    // torch.save puts every record under one folder, the archive's name.
    const auto& records = directory->records();
    const auto slash = records.empty() ? std::string::npos : records.front().name.find('/');
    if (slash == std::string::npos) {
        return makeError(ErrorCode::NotACheckpoint,
                         "a zip archive without data.pkl, not a PyTorch checkpoint");
    }
    const std::string prefix = records.front().name.substr(0, slash + 1);
    const ZipRecord* pkl = directory->find(prefix + "data.pkl");
    if (!pkl) {
        if (directory->find(prefix + "constants.pkl")) {
            return makeError(
                ErrorCode::NotACheckpoint,
                "a TorchScript module (torch.jit.save), not a torch.save checkpoint of weights");
        }
        return makeError(ErrorCode::NotACheckpoint,
                         "a zip archive without data.pkl, not a PyTorch checkpoint");
    }
    const RecordSource pklSource(source, *pkl);
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
        const ZipRecord* found = directory->find(prefix + record);
        if (!found) {
            return makeError(ErrorCode::Truncated, "record " + record + " (storage of tensor " +
                                                       entry.name +
                                                       ") is missing from the archive");
        }
        const std::uint64_t bytes = found->size;
        std::uint64_t needed = 0;
        if (__builtin_mul_overflow(static_cast<std::uint64_t>(ref.numel),
                                   c10::elementSize(ref.dtype), &needed) ||
            bytes < needed) {
            return makeError(ErrorCode::Truncated,
                             "record " + record + " holds " + std::to_string(bytes) +
                                 " bytes where its storage needs " + std::to_string(needed));
        }
        const auto numel = static_cast<std::int64_t>(bytes / c10::elementSize(ref.dtype));
        if (!params.readStorages) {
            storages.emplace(
                ref.key,
                at::empty({numel}, at::TensorOptions().dtype(ref.dtype).device(at::kMeta)));
            continue;
        }
        // Read straight into the tensor: the directory has checked that the record lies inside
        // the file and shares no bytes with another, so storages total at most the file's size.
        at::Tensor storage = at::empty({numel}, at::TensorOptions().dtype(ref.dtype));
        if (numel > 0 &&
            !source.read(found->dataOffset, storage.data_ptr(),
                         static_cast<std::size_t>(numel) * c10::elementSize(ref.dtype))) {
            return makeError(ErrorCode::Io, "read error in record " + record);
        }
        storages.emplace(ref.key, std::move(storage));
    }

    auto dict = assembleStateDict(*selection, storages, materialisationBudget(source.size()));
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

}  // namespace gpen::io
