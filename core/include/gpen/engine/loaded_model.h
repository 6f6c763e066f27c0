// SPDX-License-Identifier: Apache-2.0
#pragma once

// A network the cache has loaded, whatever its kind. The cache hands it out as
// std::shared_ptr<const LoadedModel>: a job keeps its model alive while it runs, even when the
// cache evicts it meanwhile. Subclasses (GpenFaceModel, and the detector, parser and upscaler
// models) are immutable after creation and safe to call from several threads.

#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/engine/model_catalog.h"
#include "gpen/engine/tile_defaults.h"
#include "gpen/nn/runtime.h"

namespace gpen {

// The sizes the work runs at, so that warmup meets them before the first real request.
struct WarmupPlan {
    std::vector<int> faceBatchSizes = {1};  // face model and parser: one run per batch size
    int tileSize = kDefaultTileSize;        // background model: the tile's side, before padding
    int tilePadding = kDefaultTilePadding;
    bool enabled = true;  // false: no warmup runs (the first request pays instead)
    // Looked at between the warm-up runs and between the networks' layers: the cache sets it
    // when it is destroyed, so closing the window never waits for a whole 2048 px warm-up.
    std::stop_token stop;
};

class LoadedModel {
  public:
    virtual ~LoadedModel() = default;
    LoadedModel(const LoadedModel&) = delete;
    LoadedModel& operator=(const LoadedModel&) = delete;

    virtual ModelKind kind() const = 0;
    virtual std::string architecture() const = 0;  // as built ("FullGenerator 512, ...")
    // Bytes the loaded network holds (all its tensors, prepared copies included).
    virtual std::uint64_t weightBytes() const = 0;
    // Bytes a request at the plan's largest size holds at its peak (estimate). Default 0.
    virtual std::uint64_t workBytes(const WarmupPlan& plan) const;
    // Runs one request of the work's size on zeros: `batch` faces for the face model and the
    // parser, one padded tile (or image) for the others. Default: nothing to run.
    virtual Expected<void> runOnZeros(const WarmupPlan& plan, int batch) const;
    // The warmup hook the cache calls after building. Default: runOnZeros at every face batch
    // size for GpenFace and Parser models, once with batch 1 for the others.
    virtual Expected<void> warmup(const WarmupPlan& plan) const;

    // The number type the model computes in when the cache asked for `asked`: that one for the
    // networks that follow the cache's precision; fp32 for one that always computes in it (the
    // identity descriptor); none where nothing is floating point (dlib's HOG detector).
    virtual std::optional<Precision> computesIn(Precision asked) const { return asked; }

    // What the cache charges against its memory budget.
    std::uint64_t byteEstimate(const WarmupPlan& plan) const {
        return weightBytes() + workBytes(plan);
    }

    // The concrete model, or nullptr when it is another type.
    template <class T>
    const T* as() const {
        return dynamic_cast<const T*>(this);
    }

  protected:
    LoadedModel() = default;
};

}  // namespace gpen
