// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpen/base/float_tensor.h"

namespace gpen {

// One entry of a state dict as stored in the file.
struct TensorInfo {
    std::string name;
    Shape shape;
    std::string storedDtype;  // "float32", "float16", "bfloat16", "int64", ...
};

// An ordered name -> tensor map, the weights of one network. Floating tensors are held as
// float32 whatever the file stored. Copies share the tensors (cheap); the tensors themselves
// are never modified once loaded. Torch stays behind the PIMPL (see core/io/state_dict_access.h).
class StateDict {
  public:
    StateDict();
    ~StateDict();
    StateDict(const StateDict&);
    StateDict& operator=(const StateDict&);
    StateDict(StateDict&&) noexcept;
    StateDict& operator=(StateDict&&) noexcept;

    std::size_t size() const;
    bool empty() const { return size() == 0; }
    bool contains(const std::string& name) const;
    std::vector<std::string> names() const;  // in file order
    std::optional<TensorInfo> info(const std::string& name) const;
    std::vector<TensorInfo> infos() const;  // in file order
    std::uint64_t parameterCount() const;   // elements of the floating entries
    std::uint64_t byteSize() const;         // bytes held in memory

    // A copy of a floating entry as float32 (nullopt when absent or not floating).
    std::optional<FloatTensor> tensor(const std::string& name) const;
    // Adds or replaces an entry (tests, synthetic checkpoints, the fill rule).
    void insert(const std::string& name, FloatTensor tensor);
    void insertInt64(const std::string& name, Shape shape, std::vector<std::int64_t> values);

    struct Impl;

  private:
    std::unique_ptr<Impl> m_impl;
    friend struct StateDictAccess;
};

}  // namespace gpen
