// SPDX-License-Identifier: Apache-2.0
#pragma once

// Finding model files on disk and importing new ones into the user's models folder. Stateless
// functions; the model cache calls them and keeps the results.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/engine/model_catalog.h"
#include "gpen/engine/model_loader_registry.h"

namespace gpen {

inline constexpr const char* kDefaultInstalledModelsDir = "/usr/share/gpen-studio/models";

// $XDG_DATA_HOME/gpen-studio/models, or ~/.local/share/gpen-studio/models without it.
std::filesystem::path userModelsDir();

struct ModelSearchParams {
    std::filesystem::path commandLineDir;  // --models-dir; searched first when set
    bool useEnvironment = true;            // then $GPEN_MODELS_DIR when set (a ':'-separated list)
    std::filesystem::path userDir;         // then the user's folder; empty: userModelsDir()
    std::filesystem::path installedDir =
        kDefaultInstalledModelsDir;  // then the installed share folder
    // Read .pth/.pt files the catalog does not name, and offer those that are GPEN generators.
    // Costs a full read of each such file.
    bool inspectUnknown = true;
};

struct SearchDir {
    std::filesystem::path path;
    ModelOrigin origin = ModelOrigin::None;
};

// The folders in search order (those not set are left out; missing ones are kept: they are
// where a user would put files).
std::vector<SearchDir> modelSearchDirs(const ModelSearchParams& params);

struct LocatedModel {
    std::string id;
    std::filesystem::path file;  // for a built-in model: its system data file, or empty
    ModelOrigin origin = ModelOrigin::None;
    std::uint64_t fileBytes = 0;
};

struct RejectedFile {
    std::filesystem::path file;
    std::string reason;
};

struct DiscoveryResult {
    std::vector<SearchDir> searched;
    std::vector<LocatedModel> located;   // one per id: the first folder in search order wins
    std::vector<ModelEntry> recognised;  // entries made for unknown files that are GPEN generators
    std::vector<RejectedFile> rejected;  // unknown files that are not (with why)
};

// Looks for every catalog entry's file in the search folders, in order. Logs what it found once.
DiscoveryResult discoverModels(const ModelCatalog& catalog, const ModelSearchParams& params);

struct ImportParams {
    std::filesystem::path userDir;  // destination; empty: userModelsDir()
    // Import as this catalog entry (its file name, its architecture checked): a ModelScope
    // "pytorch_model.pt" becomes GPEN-BFR-1024.pth. Empty: by the file's name, else by content.
    std::string asModelId;
    bool overwrite = false;  // replace a file already in the user folder
};

struct ImportedModel {
    std::string id;
    std::filesystem::path file;            // where it now is
    std::string architecture;              // as validated
    std::optional<ModelEntry> recognised;  // set when the file was not a catalogued model
};

// Validates `source` (it must read as a checkpoint and fit its entry's shapes, or be a GPEN
// generator when the catalog does not name it) and copies it into the user folder atomically
// (a temporary file in the same folder, flushed, then renamed). Errors name the file.
Expected<ImportedModel> importModel(const std::filesystem::path& source,
                                    const ModelCatalog& catalog, const ModelLoaderRegistry& loaders,
                                    const ImportParams& params = {});

}  // namespace gpen
