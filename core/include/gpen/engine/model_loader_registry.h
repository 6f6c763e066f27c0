// SPDX-License-Identifier: Apache-2.0
#pragma once

// How the cache turns a catalog entry into a LoadedModel: one loader per ModelKind. The cache
// reads the checkpoint (so that reading is timed and reported the same way for every network),
// then calls the kind's loader with the weights, then the model's warmup hook.
//
// Adding a network kind (RetinaFace, ParseNet, RRDBNet, dlib):
//   1. subclass LoadedModel (kind, architecture, weightBytes, runOnZeros; workBytes if the work
//      holds large buffers);
//   2. write a function returning a ModelLoaderSpec whose `load` builds it from
//      ModelLoadInput::weights on ModelLoadInput::device (set readsCheckpoint = false when the
//      model reads its own files, as dlib does from ModelLoadInput::file);
//   3. add it in ModelLoaderRegistry::withBuiltIns() (core/engine/model_loader_registry.cpp).
// Errors are returned, never thrown, and name the file (ModelLoadInput::source()).

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "gpen/base/expected.h"
#include "gpen/engine/loaded_model.h"
#include "gpen/engine/model_catalog.h"
#include "gpen/engine/model_state.h"
#include "gpen/io/state_dict.h"
#include "gpen/nn/runtime.h"

namespace gpen {

struct ModelLoadInput {
    const ModelEntry& entry;
    std::filesystem::path file;  // empty for a built-in model without a file
    const StateDict& weights;  // read from `file` by the cache; empty when readsCheckpoint is false
    Device device;
    // Reports a new sub-phase (MovingToDevice) so that its time is reported apart; may be empty.
    std::function<void(LoadPhase)> enterPhase;
    Precision precision = Precision::Fp32;  // the cache's, for every network it loads

    // The file name, or the id of a model without a file: what error messages start with.
    std::string source() const { return file.empty() ? entry.id : file.filename().string(); }
    void report(LoadPhase phase) const {
        if (enterPhase) {
            enterPhase(phase);
        }
    }
};

// Builds the model. Called on the thread that loads (the preload thread or a job's), never twice
// at once for the same model, possibly at once for different models.
using ModelLoader =
    std::function<Expected<std::shared_ptr<const LoadedModel>>(const ModelLoadInput&)>;
// Checks that weights fit an entry (or, with no entry, that they are a network of this kind) and
// returns the architecture as text. Used by import and discovery, which build nothing.
using ModelValidator = std::function<Expected<std::string>(
    const StateDict& weights, const ModelEntry* entry, const std::string& source)>;

struct ModelLoaderSpec {
    ModelLoader load;
    ModelValidator validate;      // empty: a file of this kind is only checked to read
    bool readsCheckpoint = true;  // false: the cache reads nothing and passes empty weights
};

// Kind -> loader. Filled before the cache is built (ModelCacheParams::loaders); not synchronised.
class ModelLoaderRegistry {
  public:
    ModelLoaderRegistry() = default;  // empty
    static ModelLoaderRegistry
    withBuiltIns();  // every loader core has (today: the GPEN face loader)

    void add(ModelKind kind, ModelLoaderSpec spec);  // replaces the kind's loader
    const ModelLoaderSpec* find(ModelKind kind) const;

  private:
    std::map<ModelKind, ModelLoaderSpec> m_specs;
};

}  // namespace gpen
