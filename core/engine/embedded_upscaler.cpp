#include "gpen/engine/embedded_upscaler.h"

#include "engine/environment.h"

// Set by core/CMakeLists.txt on this file only (cmake/GpenRealEsrgan.cmake).
#ifndef GPEN_UPSCALER_INSTALLED_DIR
#define GPEN_UPSCALER_INSTALLED_DIR "/usr/share/gpen-studio/upscaler"
#endif
#ifndef GPEN_UPSCALER_BUILD_DIR
#define GPEN_UPSCALER_BUILD_DIR ""
#endif

namespace gpen {
namespace fs = std::filesystem;

namespace {

bool holdsRealEsrgan(const fs::path& dir) {
    std::error_code ec;
    return !dir.empty() && fs::exists(dir / (std::string(kRealEsrganFast) + ".param"), ec);
}

}  // namespace

fs::path realEsrganDir() {
    const std::string env = environmentValue("GPEN_UPSCALER_DIR");
    if (!env.empty()) return holdsRealEsrgan(env) ? fs::path(env) : fs::path();
    // Beside the running program first (bin/../share, also build/app/../share), so that a
    // package installed under any prefix finds its own copy.
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    const fs::path besideExe = ec ? fs::path() : exe.parent_path().parent_path() / "share" / "gpen-studio" / "upscaler";
    for (const fs::path& base : {besideExe, fs::path(GPEN_UPSCALER_INSTALLED_DIR), fs::path(GPEN_UPSCALER_BUILD_DIR)}) {
        if (!base.empty() && holdsRealEsrgan(base / "realesrgan")) return base / "realesrgan";
    }
    return {};
}

std::string builtInUpscalerId(int scale) {
    const bool offered = scale == 2 || scale == 3 || scale == 4 || scale == 8;
    return offered && !realEsrganDir().empty() ? std::string(kRealEsrganFast) : std::string();
}

std::vector<ModelEntry> realEsrganEntries() {
    fs::path dir = realEsrganDir();
    if (dir.empty()) dir = fs::path(GPEN_UPSCALER_INSTALLED_DIR) / "realesrgan";
    const struct {
        const char* id;
        const char* network;
        const char* architecture;
    } models[] = {
        {kRealEsrganFast, kNcnnSrvggNetwork, "SRVGGNetCompact x4, 64 features, 32 convolutions with PReLU (NCNN)"},
        {kRealEsrganPlus, kNcnnRrdbNetwork, "RRDBNet x4, 64 features, 23 blocks, growth 32 (NCNN)"},
    };
    std::vector<ModelEntry> entries;
    for (const auto& m : models) {
        ModelEntry e;
        e.id = m.id;
        e.kind = ModelKind::Background;
        e.network = m.network;
        e.architecture = m.architecture;
        e.input = "RGB in [0, 1]; x4, resized for the other scales";
        e.licence = kRealEsrganLicence;
        e.scale = 4;
        e.systemFile = dir / (std::string(m.id) + ".param");
        e.builtIn = true;
        entries.push_back(std::move(e));
    }
    return entries;
}

}  // namespace gpen
