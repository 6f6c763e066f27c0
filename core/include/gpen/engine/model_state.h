// SPDX-License-Identifier: Apache-2.0
#pragma once

// The lifecycle of one model as the cache reports it to observers (the UI's model-status
// indicator, the command line's `models` listing, the tests).

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "gpen/base/expected.h"
#include "gpen/engine/model_catalog.h"

namespace gpen {

// What the cache logs (a warning) when a model fails to load, after the model's id; the failure
// itself is in the model's status (ModelStatus::error), which a front end reports in its words.
inline constexpr std::string_view kLogLoadFailed = ": failed to load: ";

// NotInstalled -> Installed -> Loading -> Ready -> (Evicted | Failed). An Evicted model loads
// again on its next use; a Failed one stays failed until a rescan or an import.
enum class ModelState { NotInstalled, Installed, Loading, Ready, Evicted, Failed };
// The sub-phases of Loading, in order.
enum class LoadPhase { None, ReadingWeights, Building, MovingToDevice, WarmingUp };
// Why the cache dropped a Ready model.
enum class ReleaseReason { None, ModelCount, MemoryBudget, Idle, Requested };

const char* modelStateName(ModelState state);  // "not installed", "installed", "loading", ...
const char* loadPhaseName(LoadPhase phase);    // "reading weights", "building", ...
const char* releaseReasonName(ReleaseReason reason);  // "model count", "memory budget", "idle", ...

// Wall-clock milliseconds of the latest load's phases (real time, never the injected clock).
struct LoadTimings {
    double readMs = 0;    // reading the checkpoint
    double buildMs = 0;   // validating and building the network (includes the upload when the
                          // loader does not report MovingToDevice separately, as GPEN's does not)
    double deviceMs = 0;  // moving to the device, when the loader reports it
    double warmMs = 0;    // the warmup runs
    double totalMs() const { return readMs + buildMs + deviceMs + warmMs; }
};

// A snapshot of one model. Values only: safe to copy to another thread.
struct ModelStatus {
    std::string id;
    ModelKind kind = ModelKind::GpenFace;
    FaceTask task = FaceTask::Restore;  // face models: what it does (the catalog's)
    ModelState state = ModelState::NotInstalled;
    LoadPhase phase = LoadPhase::None;  // while Loading
    std::filesystem::path file;         // where it was found; empty when not installed
    ModelOrigin origin = ModelOrigin::None;
    std::uint64_t fileBytes = 0;
    std::uint64_t residentBytes =
        0;                     // the loaded model's estimate (weights + warm buffers) while Ready
    std::string architecture;  // as built once loaded, else as catalogued
    std::optional<Precision> precision;  // once loaded: what it computes in (none: no network)
    LoadTimings timings;                 // of the latest load (kept after an eviction)
    std::string error;                   // Failed: what went wrong, naming the file
    ErrorCode errorCode = ErrorCode::Internal;     // Failed: its kind (the UI words it from this)
    ReleaseReason released = ReleaseReason::None;  // Evicted: why
    int loads = 0;        // completed loads; more than one means it was reloaded
    bool pinned = false;  // never evicted nor idle-released
    bool inUse = false;   // a job still holds the loaded model (outside the cache)
    // Increases with every reported change of any model, in the order the changes happened.
    std::uint64_t sequence = 0;
};

// Called once per change, in the order of `sequence`, from whichever thread made the change: the
// cache's preload thread, a job thread that loaded on first use, the thread calling tick(). The
// cache's lock is not held, so an observer may call the cache's const queries; it should return
// quickly (the UI posts the value to its own thread) and must not throw.
using ModelObserver = std::function<void(const ModelStatus&)>;

}  // namespace gpen
