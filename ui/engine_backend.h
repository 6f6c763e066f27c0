#pragma once

// The seam between gpen-studio and the engine module (gpen_engine, a shared library loaded at run
// time). Everything that needs libtorch lives behind it: linking libtorch_cpu would cost the
// process more than half a second of static initialisers before main(), so the executable never
// links it and EngineWorker dlopens the module on the engine thread after the window is shown.
// Plain C++ on purpose (no QObject): the module reports through the callbacks in EngineEvents,
// which the worker fills with lambdas that emit its signals.

#include <functional>

#include <QImage>
#include <QList>
#include <QString>

#include "ui/batch_job.h"
#include "ui/engine_settings.h"
#include "ui/engine_types.h"
#include "ui/restore_job.h"

namespace gpen::ui {

// Called on the engine thread, except modelStatusChanged, which runs on whichever thread changed
// a model's state (the cache's preload thread too). Every member is set.
struct EngineEvents {
    std::function<void(const ModelStatus&)> modelStatusChanged;
    std::function<void(int modelCount)> initialized;
    std::function<void()> engineReset;
    std::function<void(const QString&)> message;
    std::function<void(const JobProgress&)> jobProgress;
    std::function<void(const RestoreOutcome&)> jobFinished;
    std::function<void(quint64 jobId, const QString& message)> jobFailed;
    std::function<void(quint64 jobId)> jobCancelled;
    std::function<void(int imageIndex, const QImage& image)> reblended;
    std::function<void(const QString& source, const QString& id, const QString& file)> modelImported;
    std::function<void(const QString& source, const QString& message)> importFailed;
    // A batch: its plan first, then progress and each file's end (from the runner's threads,
    // never concurrently), then batchFinished, or jobFailed when it could not start.
    std::function<void(const BatchPlanView&)> batchPlanned;
    std::function<void(const BatchFileView&)> batchFileDone;
    std::function<void(const BatchProgressView&)> batchProgress;
    std::function<void(const BatchOutcome&)> batchFinished;
};

// The engine's operations, with EngineWorker's semantics (see engine_worker.h). Used on the
// engine thread only; no exception leaves a member.
class EngineBackend {
public:
    virtual ~EngineBackend() = default;
    // Returns whether the new cache started (the worker then runs its idle timer).
    virtual bool initialize(const EngineSettings& settings) = 0;
    virtual void releaseIdle() = 0;
    virtual void restore(const RestoreRequest& request) = 0;
    virtual void reblend(int imageIndex, const QList<double>& strengths) = 0;
    virtual void importModel(const QString& source, const QString& asModelId, bool overwrite) = 0;
    // Runs a whole batch with core's runner (models loaded once); returns when it ends.
    virtual void runBatch(const BatchRequest& request) = 0;
};

// Bumped whenever EngineEvents or EngineBackend change: a stale module is refused, not called.
inline constexpr int kEngineBackendAbi = 2;

}  // namespace gpen::ui

// The module's one export. Returns nullptr when abi differs from the module's kEngineBackendAbi.
extern "C" {
using GpenCreateEngineBackendFn = gpen::ui::EngineBackend* (*)(int abi, gpen::ui::EngineEvents* events);
}
#define GPEN_ENGINE_FACTORY_SYMBOL "gpen_create_engine_backend"
