// SPDX-License-Identifier: Apache-2.0
#pragma once

// Test-only: a StateDict written to disk as torch.save's zip format, so that a network whose
// weights only exist by the fill rule (no small checkpoint ships with the fixtures) can be read
// through the real file path: discovery, the reader and the model cache.

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gpen/io/state_dict.h"
#include "support/torch_save_writer.h"

namespace gpen::test {

// The floating entries of `weights`, in order, as a zip checkpoint at `file`. Integer entries
// (batch-norm counters) are left out: the networks do not need them.
inline void writeStateDictCheckpoint(const std::filesystem::path& file, const StateDict& weights) {
    std::vector<StoredStorage> storages;
    std::vector<StoredTensor> tensors;
    const auto infos = weights.infos();
    storages.reserve(infos.size());
    for (const auto& info : infos) {
        auto t = weights.tensor(info.name);
        if (!t) continue;
        storages.push_back(floatStorage(std::to_string(storages.size()), t->data));
        tensors.push_back({info.name, &storages.back(), t->shape, contiguousStrides(t->shape), 0});
    }
    std::vector<const StoredStorage*> pointers;
    for (const auto& s : storages) pointers.push_back(&s);
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << zipFile(stateDictPickle(tensors, false), pointers);
}

}  // namespace gpen::test
