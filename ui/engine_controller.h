#pragma once

#include <QHash>
#include <QObject>
#include <QStringList>
#include <QThread>

#include <memory>

#include "ui/engine_types.h"
#include "ui/engine_settings.h"
#include "ui/restore_job.h"

namespace gpen::ui {

class EngineWorker;

// The GUI side of the engine. Owns the engine thread and the EngineWorker on it; requests go
// over by queued calls, results come back as signals. Nothing here waits on the engine, except
// the destructor, which stops the thread (bounded by the job's next cancel check). GUI thread only.
class EngineController : public QObject {
    Q_OBJECT
public:
    explicit EngineController(QObject* parent = nullptr);
    ~EngineController() override;

    // Starts the thread and the engine there: the preload begins, the caller returns at once.
    void start(const EngineSettings& settings);
    // Rebuilds the engine from new settings (device, threads, cache, preload) when no job runs:
    // the worker drops its model cache and builds a new one on the engine thread, so the GUI
    // does not wait for the old preload to stop. Requests made after this call reach the new
    // cache. Returns false, changing nothing, while a job runs. Not started yet: starts.
    bool restart(const EngineSettings& settings);
    // What the command line fixed for this run (--models-dir, --device; empty: not given). They
    // win over the settings passed to start() and to every restart(), so that applying the
    // Settings dialog keeps them.
    void setCommandLineOverrides(const QString& modelsDir, const QString& device);

    // Queues a restore of `original`; returns its job id. A job already running is cancelled
    // first (one job at a time: the newest request is what the user wants).
    quint64 restore(int imageIndex, const QImage& original, const RestoreOptions& options);
    // Cancels the running job now (sets its token; no event queue involved).
    void cancel();
    bool busy() const { return m_runningJob != 0; }
    void reblend(int imageIndex, const QList<double>& strengths);
    // Queues an import of the checkpoint `path` into the user's models folder, validated on the
    // engine thread (see EngineWorker::importModel); `asModelId` empty: by file name, else by
    // content. Answers with modelImported or importFailed, both carrying `path` as given. Behind
    // a running restore, it waits for that job.
    void importModel(const QString& path, const QString& asModelId = {}, bool overwrite = false);

    // The latest status of each model seen so far, by id.
    const QHash<QString, gpen::ModelStatus>& statuses() const { return m_statuses; }
    // True once every preloaded model is Ready, Failed or not installed.
    bool preloadSettled() const { return m_preloadSettled; }

Q_SIGNALS:
    void modelStatusChanged(const gpen::ModelStatus& status);
    void preloadSettledChanged();
    void message(const QString& text);

    void jobProgress(const gpen::ui::JobProgress& progress);
    void jobFinished(const gpen::ui::RestoreOutcome& outcome);
    void jobFailed(quint64 jobId, const QString& message);
    void jobCancelled(quint64 jobId);
    void reblended(int imageIndex, const QImage& image);
    // After restart(): the old cache is gone and statuses() was emptied; the new cache's
    // statuses follow through modelStatusChanged.
    void restarted();
    // `source`: the path given to importModel; `file`: where the model now is.
    void modelImported(const QString& source, const QString& id, const QString& file);
    void importFailed(const QString& source, const QString& message);

    // To the worker (queued).
    void initializeRequested(const gpen::ui::EngineSettings& settings);
    void restoreRequested(const gpen::ui::RestoreRequest& request);
    void reblendRequested(int imageIndex, const QList<double>& strengths);
    void importRequested(const QString& path, const QString& asModelId, bool overwrite);

private:
    void onStatus(const gpen::ModelStatus& status);
    void onEngineReset();

    QThread m_thread;
    EngineWorker* m_worker = nullptr;  // owned by the thread: deleted there on finish
    QHash<QString, gpen::ModelStatus> m_statuses;
    QStringList m_preload;
    bool m_started = false;
    QString m_modelsDirOverride, m_deviceOverride;
    EngineSettings withOverrides(EngineSettings settings) const;
    quint64 m_nextJob = 1;
    quint64 m_runningJob = 0;
    std::shared_ptr<gpen::CancelToken> m_cancel;
    bool m_preloadSettled = false;
    // One preload list per initialize queued, taken by the worker's engineReset that answers it
    // (statuses still queued from an old cache must not count for the new list).
    QList<QStringList> m_pendingPreloads;
    int m_resets = 0;
};

}  // namespace gpen::ui
