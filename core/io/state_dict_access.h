// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: torch access to a StateDict for the readers and the networks. Never include
// this from a public header.

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <ATen/core/Tensor.h>

#include "gpen/io/state_dict.h"

namespace gpen {

struct StateDict::Impl {
    struct Entry {
        std::string name;
        at::Tensor tensor;  // float32 for floating entries, as stored otherwise
        std::string storedDtype;
    };
    std::vector<Entry> entries;  // in file order
    // name -> position in `entries`: a file of many names loads in linear time.
    std::unordered_map<std::string, std::size_t> index;

    const Entry* find(const std::string& name) const;
    void put(std::string name, at::Tensor tensor, std::string storedDtype);
};

struct StateDictAccess {
    static StateDict::Impl& impl(StateDict& dict) { return *dict.m_impl; }
    static const StateDict::Impl& impl(const StateDict& dict) { return *dict.m_impl; }
};

// The tensor named `name`, or an undefined tensor when absent.
at::Tensor findTensor(const StateDict& dict, const std::string& name);
// Adds a tensor read from a file; floating tensors are converted to contiguous float32.
void putTensor(StateDict& dict, std::string name, at::Tensor tensor);

}  // namespace gpen
