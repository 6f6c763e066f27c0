// userModelsDir alone in its file: gpen-studio's downloader needs it without the locator's
// checkpoint inspection, which pulls in libtorch.

#include <cstdlib>
#include <string>

#include "gpen/engine/model_locator.h"

namespace gpen {
namespace fs = std::filesystem;
namespace {

std::string envOrEmpty(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

}  // namespace

fs::path userModelsDir() {
    const std::string xdg = envOrEmpty("XDG_DATA_HOME");
    if (!xdg.empty() && fs::path(xdg).is_absolute()) {
        return fs::path(xdg) / "gpen-studio" / "models";
    }
    const std::string home = envOrEmpty("HOME");
    return fs::path(home.empty() ? "." : home) / ".local" / "share" / "gpen-studio" / "models";
}

}  // namespace gpen
