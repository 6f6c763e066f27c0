// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/embedded_upscaler.h"

#include "engine/bundled_data.h"

namespace gpen {
namespace fs = std::filesystem;

namespace {
const std::string kRealEsrganSub = "upscaler/realesrgan";
}

fs::path realEsrganDir() {
    return bundledDataDir("GPEN_UPSCALER_DIR", kRealEsrganSub,
                          std::string(kRealEsrganFast) + ".param");
}

std::string builtInUpscalerId(int scale) {
    const bool offered = scale == 2 || scale == 3 || scale == 4 || scale == 8;
    return offered && !realEsrganDir().empty() ? std::string(kRealEsrganFast) : std::string();
}

std::vector<ModelEntry> realEsrganEntries() {
    fs::path dir = realEsrganDir();
    if (dir.empty()) dir = installedDataDir(kRealEsrganSub);
    const struct {
        const char* id;
        const char* network;
        const char* architecture;
    } models[] = {
        {kRealEsrganFast, kNcnnSrvggNetwork,
         "SRVGGNetCompact x4, 64 features, 32 convolutions with PReLU (NCNN)"},
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
