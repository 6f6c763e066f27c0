// SPDX-License-Identifier: Apache-2.0
#pragma once

// The face descriptor behind the identity score: HSE's MobileNet face descriptor (faceres), a
// TF.js graph model fetched at build set-up (cmake/GpenIdentity.cmake) and installed in
// share/gpen-studio/identity. Without it the score is unavailable, never guessed.

#include <filesystem>

#include "gpen/engine/model_catalog.h"

namespace gpen {

inline constexpr const char* kIdentityModelId = "faceres";
inline constexpr const char* kTfjsDescriptorNetwork = "MobileNet-tfjs";
// The graph's node whose value is the descriptor (the age and gender heads are not run).
inline constexpr const char* kIdentityDescriptorNode = "global_pooling/Mean";
inline constexpr const char* kIdentityLicence =
    "MIT (faceres by Andrey Savchenko, HSE; as converted in the npm package @vladmandic/human "
    "3.3.6).";

// Its folder: $GPEN_IDENTITY_DIR when set, else share/gpen-studio/identity beside the running
// program, under the install prefix, or in the build tree. Empty when none holds faceres.json.
std::filesystem::path identityModelDir();
// The built-in entry (systemFile: <dir>/faceres.json; where absent, the installed path).
ModelEntry identityEntry();

}  // namespace gpen
