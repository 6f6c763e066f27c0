// SPDX-License-Identifier: Apache-2.0
#pragma once

// The model cache: which models are installed, which are loaded, and the one place that loads
// them. It preloads the default models in the background at start-up, loads the others on first
// use, keeps the least recently used ones within a model count and a memory budget, and releases
// idle ones. Everything it hands out is std::shared_ptr<const LoadedModel>: evicting a model
// drops only the cache's reference, so a job that holds one keeps it until it lets go.
//
// Threads: every member function may be called from any thread, concurrently. One load per model
// runs at a time; a caller that needs a model another thread is loading waits for that load and
// gets its result; a model failing never blocks the others. Observers are called from the thread
// that made the change (see ModelObserver). The cache owns one thread, the preload thread, and
// joins it on destruction (after the load in progress, if any; the rest of the list is skipped).
// The cache must outlive the jobs that call acquire(); the models they hold may outlive it.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/engine/loaded_model.h"
#include "gpen/engine/model_catalog.h"
#include "gpen/engine/model_loader_registry.h"
#include "gpen/engine/model_locator.h"
#include "gpen/engine/model_state.h"
#include "gpen/nn/runtime.h"

namespace gpen {

using ModelClock = std::chrono::steady_clock;

struct ModelCacheParams {
    ModelCatalog catalog = ModelCatalog::released();
    ModelLoaderRegistry loaders = ModelLoaderRegistry::withBuiltIns();
    ModelSearchParams search;
    Device device;
    // The number type of every network the cache builds (RuntimeParams' Precision).
    Precision precision = Precision::Fp32;
    // Loaded by start() in the background, in this order (ids not installed are skipped).
    std::vector<std::string> preload = {"GPEN-BFR-512", "RetinaFace-R50", "ParseNet-latest"};
    bool pinPreloaded = true;         // preloaded models are never evicted nor idle-released
    std::vector<std::string> pinned;  // more pinned ids
    std::size_t maxModels = 4;        // Ready models kept at once; 0: no limit
    // Sum of the Ready models' byte estimates (weights + warm buffers); 0: no limit. Pinned
    // models count but are never evicted; the model just loaded is never evicted for itself.
    std::uint64_t memoryBudgetBytes = std::uint64_t{4} << 30;
    // Unpinned models not used for this long are released by tick(); zero: never.
    std::chrono::milliseconds idleRelease = std::chrono::minutes(10);
    WarmupPlan warmup;
    // The time idle release and LRU bookkeeping go by; empty: ModelClock::now. Load timings are
    // always real time.
    std::function<ModelClock::time_point()> clock;
};

class ModelCache {
  public:
    explicit ModelCache(ModelCacheParams params = {});
    ~ModelCache();
    ModelCache(const ModelCache&) = delete;
    ModelCache& operator=(const ModelCache&) = delete;

    // Observers see every change from then on, for the cache's lifetime.
    void addObserver(ModelObserver observer);

    // rescan() on the calling thread (directory listings, plus a full read of each unknown .pth
    // file when ModelSearchParams::inspectUnknown), then returns while the preload thread loads
    // the preload list. Later calls do nothing.
    void start();
    // Loads (and warms up) `id` on the preload thread, after what it has queued: a model the user
    // just chose is Ready by the time a job asks for it. Not pinned. Ignored before start(), while
    // stopping, and for a model that is not installed or already loading or loaded.
    void prefetch(const std::string& id);
    // Blocks until the preload thread has gone through its list and the prefetches (at once when
    // not started).
    void waitForPreload();
    // Looks for the files again (ModelSearchParams); newly found models become Installed,
    // Failed ones are retried on their next use, recognised unknown files join the catalog.
    DiscoveryResult rescan();
    // importModel() into params.search.userDir (unless `params` names a folder), then Installed.
    Expected<ImportedModel> importModel(const std::filesystem::path& file,
                                        ImportParams params = {});

    // The model, loaded now if need be (on this thread), or waited for when another thread is
    // loading it. Marks it used (LRU order, idle timer). Errors: unknown id, not installed, or
    // the load's error (then the model is Failed until a rescan or an import).
    Expected<std::shared_ptr<const LoadedModel>> acquire(const std::string& id);
    template <class T>
    Expected<std::shared_ptr<const T>> acquireAs(const std::string& id);

    // Drops the cache's reference now, pinned or not (Evicted, "requested"); the next use loads
    // from the file again. False when it was not Ready.
    bool release(const std::string& id);
    void setPinned(const std::string& id, bool pinned);

    // Releases unpinned models not used since `now - idleRelease` and not held by a job. Returns
    // how many. tick() is releaseIdle(clock()): the application calls it from a timer.
    std::size_t releaseIdle(ModelClock::time_point now);
    std::size_t tick();

    ModelStatus status(const std::string& id) const;  // an unknown id: NotInstalled, empty id
    std::vector<ModelStatus> statuses() const;        // in catalog order
    ModelCatalog catalog() const;
    std::uint64_t residentBytes() const;  // sum of the Ready models' estimates
    const WarmupPlan& warmupPlan() const;
    const Device& device() const;

    struct Impl;

  private:
    std::unique_ptr<Impl> m_impl;
};

template <class T>
Expected<std::shared_ptr<const T>> ModelCache::acquireAs(const std::string& id) {
    auto model = acquire(id);
    if (!model) {
        return tl::unexpected(model.error());
    }
    auto typed = std::dynamic_pointer_cast<const T>(*model);
    if (!typed) {
        return makeError(
            ErrorCode::InvalidArgument,
            id + ": is a " + modelKindName((*model)->kind()) + " model, not the type asked for");
    }
    return typed;
}

}  // namespace gpen
