// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the pieces the two torch.save formats share. A format reader unpickles the
// object tree, selects the state dict (selectTensors), loads the storages the selected tensors
// use into one 1-D tensor per storage key, and hands both to assembleStateDict.

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include <ATen/core/Tensor.h>

#include "gpen/io/checkpoint.h"
#include "io/checkpoint_source.h"
#include "io/pickle_reader.h"

namespace gpen::io {

// A persistent id ('storage', torch.XStorage, key, location, numel[, view_metadata]).
struct StorageRef {
    std::string key;  // the root storage: zip record data/<key>, or a legacy storage key
    at::ScalarType dtype = at::kFloat;
    std::int64_t numel = 0;  // elements, as the id claims
    // Legacy files from old PyTorch can name a view of the root storage.
    bool isView = false;
    std::int64_t viewOffset = 0;
    std::int64_t viewSize = 0;
};

Expected<StorageRef> parseStorageId(const pickle::Value& persistentId);

struct SelectedTensor {
    std::string name;  // after the module. prefix strip
    const pickle::Value* tensor = nullptr;
    StorageRef storage;
};

struct Selection {
    std::string nestedKey;
    std::vector<SelectedTensor> tensors;  // in file order
};

// Chooses the dict of tensors inside the unpickled root (see CheckpointReadParams).
Expected<Selection> selectTensors(const pickle::Value& root, const CheckpointReadParams& params);

// Root storage key -> a 1-D tensor of the storage's dtype holding the whole storage.
using StorageMap = std::unordered_map<std::string, at::Tensor>;

// What the tensors of a file of `fileSize` bytes may take once materialised (contiguous, float32):
// a real state dict never broadcasts a storage, so a few times the file's size is plenty, and a
// small file of stride-0 tensors cannot claim gigabytes. One budget per file.
std::uint64_t materialisationBudget(std::uint64_t fileSize);

// Views every selected tensor on its storage (offset, sizes, strides, bounds-checked) and adds it
// to a StateDict in file order, floating tensors converted to float32; refused once the entries
// together would pass `budgetBytes`. Storages may be meta tensors (CheckpointReadParams::
// readStorages false): the entries are then meta tensors of the right shape and dtype.
Expected<StateDict> assembleStateDict(const Selection& selection, const StorageMap& storages,
                                      std::uint64_t budgetBytes);

// The format readers. Errors are not yet prefixed with the file name.
Expected<Checkpoint> readZipCheckpoint(const ByteSource& source,
                                       const CheckpointReadParams& params);
Expected<Checkpoint> readLegacyCheckpoint(const ByteSource& source,
                                          const CheckpointReadParams& params);

}  // namespace gpen::io
