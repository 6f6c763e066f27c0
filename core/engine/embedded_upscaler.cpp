#include "gpen/engine/embedded_upscaler.h"

#include <cctype>

#include "engine/environment.h"

// Set by core/CMakeLists.txt on this file only (cmake/GpenEmbeddedUpscaler.cmake).
#ifndef GPEN_UPSCALER_VARIANT
#define GPEN_UPSCALER_VARIANT "esrgan-medium"
#endif
#ifndef GPEN_UPSCALER_INSTALLED_DIR
#define GPEN_UPSCALER_INSTALLED_DIR "/usr/share/gpen-studio/upscaler"
#endif
#ifndef GPEN_UPSCALER_BUILD_DIR
#define GPEN_UPSCALER_BUILD_DIR ""
#endif

namespace gpen {
namespace fs = std::filesystem;

namespace {

bool holdsModel(const fs::path& dir) {
    std::error_code ec;
    return !dir.empty() && fs::exists(dir / "x2" / "model.json", ec);
}

std::string variantName() {
    std::string v = GPEN_UPSCALER_VARIANT;  // "esrgan-medium" -> "ESRGAN-medium"
    const auto dash = v.find('-');
    for (std::size_t i = 0; i < dash && i < v.size(); ++i) v[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(v[i])));
    return v;
}

}  // namespace

std::vector<int> embeddedUpscalerScales() { return {2, 3, 4, 8}; }

std::string embeddedUpscalerId(int scale) { return variantName() + "-x" + std::to_string(scale); }

namespace {

// The first of the upscaler folders (beside the running program: bin/../share, also
// build/app/../share, so that a package under any prefix finds its own copy; the install folder;
// the build tree's) whose `sub` folder passes `holds`.
template <class Holds>
fs::path firstUpscalerFolder(const std::string& sub, Holds holds) {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    const fs::path besideExe = ec ? fs::path() : exe.parent_path().parent_path() / "share" / "gpen-studio" / "upscaler";
    for (const fs::path& base : {besideExe, fs::path(GPEN_UPSCALER_INSTALLED_DIR), fs::path(GPEN_UPSCALER_BUILD_DIR)}) {
        if (!base.empty() && holds(base / sub)) return base / sub;
    }
    return {};
}

bool holdsRealEsrgan(const fs::path& dir) {
    std::error_code ec;
    return !dir.empty() && fs::exists(dir / "realesrgan-x4fast.param", ec);
}

}  // namespace

fs::path embeddedUpscalerDir() {
    const std::string env = environmentValue("GPEN_UPSCALER_DIR");
    if (!env.empty()) return holdsModel(env) ? fs::path(env) : fs::path();
    return firstUpscalerFolder(GPEN_UPSCALER_VARIANT, holdsModel);
}

fs::path realEsrganDir() {
    const std::string env = environmentValue("GPEN_REALESRGAN_DIR");
    if (!env.empty()) return holdsRealEsrgan(env) ? fs::path(env) : fs::path();
    return firstUpscalerFolder("realesrgan", holdsRealEsrgan);
}

std::string builtInUpscalerId(int scale) {
    return realEsrganDir().empty() ? embeddedUpscalerId(scale) : std::string(kRealEsrganFast);
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

fs::path embeddedUpscalerFile(int scale) {
    fs::path dir = embeddedUpscalerDir();
    if (dir.empty()) dir = fs::path(GPEN_UPSCALER_INSTALLED_DIR) / GPEN_UPSCALER_VARIANT;
    std::string sub = "x";
    sub += std::to_string(scale);
    return dir / sub / "model.json";
}

std::vector<ModelEntry> embeddedUpscalerEntries() {
    std::vector<ModelEntry> entries;
    for (const int scale : embeddedUpscalerScales()) {
        ModelEntry e;
        e.id = embeddedUpscalerId(scale);
        e.kind = ModelKind::Background;
        e.network = kLayersModelNetwork;
        e.architecture = std::string("ESRGAN (RDN) from @upscalerjs/") + GPEN_UPSCALER_VARIANT + " 1.0.0, x" +
                         std::to_string(scale) + ", TensorFlow.js layers model";
        e.input = "RGB in [0, 255]";
        e.licence = kEmbeddedUpscalerLicence;
        e.scale = scale;
        e.systemFile = embeddedUpscalerFile(scale);
        e.builtIn = true;
        entries.push_back(std::move(e));
    }
    return entries;
}

}  // namespace gpen
