// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>

#include <QObject>

#include "ui/bridge/engine_backend.h"
#include "ui/bridge/engine_job.h"
#include "ui/bridge/engine_settings.h"
#include "ui/bridge/engine_types.h"

class QLibrary;
class QTimer;

namespace gpen::ui {

// Lives on the engine thread (moved there by EngineController) and owns the engine: it is
// created in initialize(), on that thread, and destroyed with the worker there. The engine itself
// is the gpen_engine module (engine_backend.h), loaded by the first initialize() so that libtorch's
// static initialisers run here, after the window is shown, and not before main(). Requests come in
// as queued slot calls; everything goes out as signals carrying values. No exception leaves a
// slot.
class EngineWorker : public QObject {
    Q_OBJECT
  public:
    EngineWorker();
    ~EngineWorker() override;

    // Where the module is looked for, in order: $GPEN_ENGINE_MODULE (a full path),
    // ../lib/gpen-studio/ next to the executable (the installed layout), then the build tree's
    // (for the tests and a development run).
    static QStringList moduleCandidates();

  public Q_SLOTS:
    // Builds the model cache and starts preloading the settings' list in the background. Called
    // again, it replaces the cache (a restart with new settings); the last results stay.
    void initialize(const gpen::ui::EngineSettings& settings);
    // Releases idle models (called by the worker's own timer too).
    void releaseIdle();
    // Starts loading a model in the background (the cache's preload thread); returns at once.
    void prefetch(const QString& modelId);
    // Runs one job on this thread (a restore, a re-blend, an import, a whole batch: the jobs queued
    // behind it wait); its events come out as jobEvent, its end last, then jobEnded. The cancel
    // token is checked between tiles and between faces.
    void run(const gpen::ui::EngineJob& job);

  Q_SIGNALS:
    void modelStatusChanged(const gpen::ModelStatus& status);
    void initialized(int modelCount);
    // Emitted by initialize() once the previous cache (if any) is gone: statuses that follow are
    // the new cache's, whose sequence numbers start again.
    void engineReset();
    void message(const QString& text);
    // A job's progress and its end (engine_job.h), carried by value to the GUI thread.
    void jobEvent(const gpen::ui::JobEvent& event);
    // After every job's own answer: the job has left the engine (EngineController's queue).
    void jobEnded(quint64 jobId);

  private:
    // Loads the module and builds the backend once; on failure m_moduleError says why.
    bool ensureBackend();

    std::unique_ptr<QLibrary> m_module;  // never unloaded: libtorch does not survive dlclose
    std::unique_ptr<EngineBackend> m_backend;
    QString m_moduleError;  // why the module could not be loaded, for jobs that follow
    QTimer* m_idleTimer = nullptr;
};

}  // namespace gpen::ui
