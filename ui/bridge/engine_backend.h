// SPDX-License-Identifier: Apache-2.0
#pragma once

// The seam between gpen-studio and the engine module (gpen_engine, a shared library loaded at run
// time). Everything that needs libtorch lives behind it: linking libtorch_cpu would cost the
// process more than half a second of static initialisers before main(), so the executable never
// links it and EngineWorker dlopens the module on the engine thread after the window is shown.
// Plain C++ on purpose (no QObject): the module reports through the callbacks in EngineEvents,
// which the worker fills with lambdas that emit its signals.

#include <functional>

#include <QString>

#include "ui/bridge/engine_job.h"
#include "ui/bridge/engine_settings.h"
#include "ui/bridge/engine_types.h"

namespace gpen::ui {

// Called on the engine thread, except modelStatusChanged, which runs on whichever thread changed
// a model's state (the cache's preload thread too), and jobEvent, which a batch calls from its
// runner's threads too (never concurrently). Every member is set.
struct EngineEvents {
    std::function<void(const ModelStatus&)> modelStatusChanged;
    std::function<void(int modelCount)> initialized;
    std::function<void()> engineReset;
    std::function<void(const QString&)> message;
    // Everything a job says (engine_job.h): its progress, then exactly one end.
    std::function<void(const JobEvent&)> jobEvent;
};

// The engine's operations, with EngineWorker's semantics (see engine_worker.h). Used on the
// engine thread only; no exception leaves a member.
class EngineBackend {
  public:
    virtual ~EngineBackend() = default;
    // Returns whether the new cache started (the worker then runs its idle timer).
    virtual bool initialize(const EngineSettings& settings) = 0;
    virtual void releaseIdle() = 0;
    // Loads a model the user just chose in the background (ModelCache::prefetch); returns at once.
    virtual void prefetch(const QString& modelId) = 0;
    // Runs one job to its end on this thread (a batch too: the jobs behind it wait).
    virtual void run(const EngineJob& job) = 0;
};

// Bumped whenever EngineEvents or EngineBackend change: a stale module is refused, not called.
inline constexpr int kEngineBackendAbi = 4;

}  // namespace gpen::ui

// The module's one export. Returns nullptr when abi differs from the module's kEngineBackendAbi.
extern "C" {
using GpenCreateEngineBackendFn = gpen::ui::EngineBackend* (*)(int abi,
                                                               gpen::ui::EngineEvents* events);
}
#define GPEN_ENGINE_FACTORY_SYMBOL "gpen_create_engine_backend"
