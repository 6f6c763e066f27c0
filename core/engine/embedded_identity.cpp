// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/embedded_identity.h"

#include "engine/bundled_data.h"

namespace gpen {
namespace fs = std::filesystem;

namespace {
const std::string kIdentitySub = "identity";
const std::string kIdentityFile = "faceres.json";
}  // namespace

fs::path identityModelDir() {
    return bundledDataDir("GPEN_IDENTITY_DIR", kIdentitySub, kIdentityFile);
}

ModelEntry identityEntry() {
    fs::path dir = identityModelDir();
    if (dir.empty()) dir = installedDataDir(kIdentitySub);
    ModelEntry e;
    e.id = kIdentityModelId;
    e.kind = ModelKind::Identity;
    e.network = kTfjsDescriptorNetwork;
    e.architecture = "MobileNet face descriptor, 224 px, 1024 values (TF.js graph, fp16 weights)";
    e.expectedMegabytes = 3.49 * 4;
    e.input = "the centre two thirds of a GPEN-aligned face, 224x224 RGB in 0..255";
    e.licence = kIdentityLicence;
    e.systemFile = dir / kIdentityFile;
    e.builtIn = true;
    return e;
}

}  // namespace gpen
