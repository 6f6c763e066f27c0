// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/io/state_dict.h"

namespace gpen {

enum class CheckpointFormat { Zip, Legacy };
const char* checkpointFormatName(CheckpointFormat format);  // "zip (PyTorch >= 1.6)", "legacy"

struct CheckpointReadParams {
    // Key of a nested state dict to descend into. Empty: the top level when it holds tensors,
    // else the first of kDefaultNestedKeys (in that order) whose value is a dict of tensors.
    std::string nestedKey;
    // Strip a leading "module." (DataParallel) from every name.
    bool stripModulePrefix = true;
    // False: read names, shapes and dtypes from the pickle alone, without reading a storage.
    // The entries then hold no values (StateDict::tensor gives nullopt, validateStateDict checks
    // names and shapes only). Cheap and bounded: model discovery looks at every unknown file.
    bool readStorages = true;
};

inline const std::vector<std::string> kDefaultNestedKeys = {"params_ema", "params", "g_ema",
                                                            "state_dict", "model",  "net"};

struct Checkpoint {
    CheckpointFormat format = CheckpointFormat::Zip;
    std::string nestedKey;  // the key descended into, empty for a top-level state dict
    StateDict tensors;
    std::uint64_t fileSize = 0;
};

// Reads a torch.save file (zip or legacy format) with an allow-listed unpickler: only the
// globals a state dict needs are accepted, nothing in the file is ever executed. Errors name
// the file and the problem. Thread-safe (no shared state).
Expected<Checkpoint> readCheckpoint(const std::filesystem::path& path,
                                    const CheckpointReadParams& params = {});

// The same from bytes in memory (tests, downloads in progress); `displayName` prefixes errors.
Expected<Checkpoint> readCheckpointFromMemory(const std::string& bytes,
                                              const std::string& displayName,
                                              const CheckpointReadParams& params = {});

// One expected entry: used to validate a state dict against an architecture before building.
struct TensorSpec {
    std::string name;
    Shape shape;
};

// Checks that every spec'd tensor is present with its shape and holds only finite values.
// Entries not in `specs` are ignored. The first problem found is reported, naming `source`.
Expected<void> validateStateDict(const StateDict& dict, const std::vector<TensorSpec>& specs,
                                 const std::string& source);

}  // namespace gpen
