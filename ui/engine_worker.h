#pragma once

#include <memory>

#include <QObject>

#include "ui/engine_types.h"
#include "ui/engine_settings.h"
#include "ui/restore_job.h"

class QTimer;

namespace gpen {
class ModelCache;
}


namespace gpen::ui {

// Lives on the engine thread (moved there by EngineController) and owns the engine: it is
// created in initialize(), on that thread, and destroyed with the worker there. Requests come in
// as queued slot calls; everything goes out as signals carrying values. No exception leaves a
// slot.
class EngineWorker : public QObject {
    Q_OBJECT
public:
    EngineWorker();
    ~EngineWorker() override;

    ModelCache* cache() const { return m_cache.get(); }  // engine thread only

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
    void reblend(int imageIndex, const QList<double>& strengths);
    // Validates `source` and copies it into the user's models folder (ModelCache::importModel);
    // the cache's observers publish the new state. Answers with modelImported or importFailed.
    // Runs here rather than on the GUI thread: reading a 300 MB checkpoint takes about a second.
    void importModel(const QString& source, const QString& asModelId, bool overwrite);

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

private:
    struct Results;
    std::unique_ptr<ModelCache> m_cache;
    std::unique_ptr<Results> m_results;  // the last full result per image, for reblend
    QTimer* m_idleTimer = nullptr;
};

}  // namespace gpen::ui
