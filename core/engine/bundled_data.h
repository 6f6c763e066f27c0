// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: where the model files fetched at build set-up (Real-ESRGAN, the identity
// descriptor) lie at run time.

#include <filesystem>
#include <string>

namespace gpen {

// The folder holding `marker`: $<envVar> when set (that folder itself, or none), else
// share/gpen-studio/<sub> beside the running program (bin/.., or build/app/..), else under the
// configured install prefix, else the build tree's copy (what the tests find). Empty when none.
std::filesystem::path bundledDataDir(const char* envVar, const std::string& sub,
                                     const std::string& marker);
// Where the files belong once installed: <prefix>/share/gpen-studio/<sub>.
std::filesystem::path installedDataDir(const std::string& sub);

}  // namespace gpen
