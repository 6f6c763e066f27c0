// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: whether a libtorch error message reports a failed allocation. The CPU allocator
// throws a plain c10::Error for it ("can't allocate memory"), so the text is all there is to tell
// it from other failures. A string test, below everything that catches libtorch's errors (the
// checkpoint reader in io, the networks in nn).

#include <string_view>

namespace gpen::base {

inline bool isAllocationFailure(std::string_view message) {
    return message.find("can't allocate memory") != std::string_view::npos ||
           message.find("Could not allocate memory") != std::string_view::npos ||
           message.find("out of memory") != std::string_view::npos;
}

}  // namespace gpen::base
