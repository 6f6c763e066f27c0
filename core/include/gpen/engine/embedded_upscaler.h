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

}  // namespace gpen
