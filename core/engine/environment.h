// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: reading the environment. Inline, so that user_models_dir.cpp, which gpen-studio
// links without libtorch, gains no dependency on another object file.

#include <cstdlib>
#include <string>

namespace gpen {

// The variable's value, or "" when it is not set.
inline std::string environmentValue(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

}  // namespace gpen
