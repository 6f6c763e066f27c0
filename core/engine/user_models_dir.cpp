// SPDX-License-Identifier: Apache-2.0
// userModelsDir alone in its file: gpen-studio's downloader needs it without the locator's
// checkpoint inspection, which pulls in libtorch.

#include <string>

#include "engine/environment.h"
#include "gpen/engine/model_locator.h"

namespace gpen {
namespace fs = std::filesystem;

fs::path userModelsDir() {
    const std::string xdg = environmentValue("XDG_DATA_HOME");
    if (!xdg.empty() && fs::path(xdg).is_absolute()) {
        return fs::path(xdg) / "gpen-studio" / "models";
    }
    const std::string home = environmentValue("HOME");
    return fs::path(home.empty() ? "." : home) / ".local" / "share" / "gpen-studio" / "models";
}

}  // namespace gpen
