// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the model cache's state, shared by model_cache.cpp (the public calls, discovery,
// eviction) and model_cache_load.cpp (the load itself).

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <stop_token>
#include <thread>
#include <utility>
#include <vector>

#include "gpen/base/log.h"
#include "gpen/engine/model_cache.h"

namespace gpen {

struct ModelCache::Impl {
    struct Slot {
        ModelStatus status;
        std::shared_ptr<const LoadedModel> model;  // while Ready
        // After an automatic eviction: the model, alive as long as a job holds it. A next use
        // takes it back instead of loading it again.
        std::weak_ptr<const LoadedModel> evicted;
        Error error;  // while Failed
        std::uint64_t lastUseOrder = 0;
        ModelClock::time_point lastUse{};
    };

    explicit Impl(ModelCacheParams p);

    // Immutable after construction (the catalog, which rescans extend, is `catalog`).
    const ModelCacheParams params;

    mutable std::mutex mutex;  // guards everything below
    std::condition_variable loadFinished;
    ModelCatalog catalog;
    std::map<std::string, Slot> slots;  // never erased: references stay valid
    std::set<std::string> pinnedIds;
    std::uint64_t useCounter = 0;
    bool overBudgetWarned = false;

    std::vector<ModelObserver> observers;
    std::vector<ModelStatus> pending;  // published, not yet delivered, in order
    // Log lines made under the lock, written by deliver(): the sink never runs under the lock.
    std::vector<std::pair<LogLevel, std::string>> pendingLogs;
    bool delivering = false;
    std::uint64_t sequence = 0;

    std::thread preloadThread;
    std::condition_variable preloadDone;
    bool preloadRunning = false;
    std::deque<std::string> prefetches;  // taken by the preload thread after its list
    bool started = false;
    bool stopping = false;
    // Set with `stopping` by the destructor: a load in progress stops between its phases and
    // inside its warm-up instead of running to its end.
    std::stop_source stopSource;

    // Under the lock.
    ModelClock::time_point now() const { return params.clock ? params.clock() : ModelClock::now(); }
    Slot* slotFor(const std::string& id);  // the catalogued id's slot (created), or nullptr
    Slot& ensureSlot(const ModelEntry& entry);
    ModelStatus snapshot(const Slot& s) const;
    void publish(Slot& s);  // queues a snapshot for the observers
    void note(LogLevel level, std::string line);
    void touch(Slot& s);
    void evict(Slot& s, ReleaseReason why);
    void enforceLimits(const std::string& keep);
    // `s` is Installed or Evicted: loads it on this thread, releasing the lock meanwhile (other
    // callers wait on loadFinished). Returns with the lock held again.
    Expected<std::shared_ptr<const LoadedModel>> load(std::unique_lock<std::mutex>& lock, Slot& s);

    // Without the lock: hands the queued snapshots to the observers, in order. A thread that finds
    // another one delivering leaves its snapshots to it.
    void deliver();
    // Without the lock: reports a phase of a load in progress.
    void enterPhase(Slot& s, LoadPhase phase, const LoadTimings& timings);

    void runPreload(const std::vector<std::string>& ids);
};

}  // namespace gpen
