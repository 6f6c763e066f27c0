#pragma once

#include <functional>
#include <memory>

#include <QObject>

#include "ui/engine_backend.h"
#include "ui/engine_types.h"
#include "ui/engine_settings.h"
#include "ui/restore_job.h"

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
    // Runs one restore on this thread; ends with exactly one of jobFinished, jobFailed or
    // jobCancelled. The cancel token is checked between tiles and between faces.
    void restore(const gpen::ui::RestoreRequest& request);
    // Re-blends the faces of the image's last result at new per-face strengths (0 rejects a
    // face) without running any network; answers with reblended.
    void reblend(quint64 jobId, int imageIndex, const QList<double>& strengths);
    // Validates `source` and copies it into the user's models folder (ModelCache::importModel);
    // the cache's observers publish the new state. Answers with modelImported or importFailed.
    // Runs here rather than on the GUI thread: reading a 300 MB checkpoint takes about a second.
    void importModel(quint64 jobId, const QString& source, const QString& asModelId, bool overwrite);
    // Runs a whole batch (core's runner) on this thread; the jobs queued behind it wait for it.
    // Ends with batchFinished (also when cancelled: the report keeps what finished) or jobFailed.
    void runBatch(const gpen::ui::BatchRequest& request);

Q_SIGNALS:
    void modelStatusChanged(const gpen::ModelStatus& status);
    void initialized(int modelCount);
    // Emitted by initialize() once the previous cache (if any) is gone: statuses that follow are
    // the new cache's, whose sequence numbers start again.
    void engineReset();
    void message(const QString& text);
    void jobProgress(const gpen::ui::JobProgress& progress);
    void jobFinished(const gpen::ui::RestoreOutcome& outcome);
    void jobFailed(quint64 jobId, const QString& message);
    void jobCancelled(quint64 jobId);
    void reblended(int imageIndex, const QImage& image);
    void modelImported(const QString& source, const QString& id, const QString& file);
    void importFailed(const QString& source, const QString& message);
    void batchPlanned(const gpen::ui::BatchPlanView& plan);
    void batchFileDone(const gpen::ui::BatchFileView& file);
    void batchProgress(const gpen::ui::BatchProgressView& progress);
    void batchFinished(const gpen::ui::BatchOutcome& outcome);
    // After every job's own answer: the job has left the engine (EngineController's queue).
    void jobEnded(quint64 jobId);

private:
    // Loads the module and builds the backend once; on failure m_moduleError says why.
    bool ensureBackend();
    // Runs a job that answers with jobFinished/batchFinished or jobFailed (the latter here when
    // the engine is not there), then jobEnded.
    void runJob(quint64 jobId, const std::function<void()>& run);

    std::unique_ptr<QLibrary> m_module;  // never unloaded: libtorch does not survive dlclose
    std::unique_ptr<EngineBackend> m_backend;
    QString m_moduleError;  // why the module could not be loaded, for jobs that follow
    QTimer* m_idleTimer = nullptr;
};

}  // namespace gpen::ui
