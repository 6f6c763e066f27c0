// SPDX-License-Identifier: Apache-2.0
#include "engine/bundled_data.h"

#include "engine/environment.h"

// Set by core/CMakeLists.txt on this file only.
#ifndef GPEN_DATA_INSTALLED_DIR
#define GPEN_DATA_INSTALLED_DIR "/usr/share/gpen-studio"
#endif
#ifndef GPEN_DATA_BUILD_DIR
#define GPEN_DATA_BUILD_DIR ""
#endif

namespace gpen {
namespace fs = std::filesystem;

fs::path installedDataDir(const std::string& sub) {
    return fs::path(GPEN_DATA_INSTALLED_DIR) / sub;
}

fs::path bundledDataDir(const char* envVar, const std::string& sub, const std::string& marker) {
    std::error_code ec;
    const auto holds = [&](const fs::path& dir) {
        return !dir.empty() && fs::exists(dir / marker, ec);
    };
    const std::string env = environmentValue(envVar);
    if (!env.empty()) return holds(env) ? fs::path(env) : fs::path();
    // Beside the running program first, so that a package installed under any prefix finds its own
    // copy.
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    const fs::path besideExe =
        ec ? fs::path() : exe.parent_path().parent_path() / "share" / "gpen-studio";
    for (const fs::path& base :
         {besideExe, fs::path(GPEN_DATA_INSTALLED_DIR), fs::path(GPEN_DATA_BUILD_DIR)}) {
        if (!base.empty() && holds(base / sub)) return base / sub;
    }
    return {};
}

}  // namespace gpen
