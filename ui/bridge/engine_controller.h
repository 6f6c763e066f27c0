// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QObject>
#include <QStringList>
#include <QThread>

#include <memory>

#include "ui/bridge/batch_job.h"
#include "ui/bridge/engine_job.h"
#include "ui/bridge/engine_settings.h"
#include "ui/bridge/engine_types.h"
#include "ui/bridge/job_queue.h"
#include "ui/bridge/restore_job.h"

namespace gpen::ui {

class EngineWorker;

// The GUI side of the engine. Owns the engine thread and the EngineWorker on it; requests go
// over by queued calls, results come back as signals. Nothing here waits on the engine, except
// the destructor, which stops the thread (bounded by the job's next cancel check). GUI thread only.
//
// Every request is a job with an id (restore, batch, re-blend, import) in one queue: the engine
// thread runs them in order, one at a time, and every signal about a job carries its id, so that
// a window or dialog acts on its own jobs only (an interactive restore and a batch never mix).
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
    QString commandLineModelsDir() const { return m_modelsDirOverride; }

    // Queues a restore of `original`; returns its job id. An earlier restore still queued or
    // running is cancelled first (the newest request is what the user wants); a batch is not:
    // the restore waits for it.
    // `damageMask`: for repairing damage (options.task inpaint), the photo's painted damage.
    quint64 restore(int imageIndex, std::shared_ptr<const gpen::DecodedImage> decoded,
                    const QString& source, const RestoreOptions& options,
                    const QImage& damageMask = {});
    // Cancels the interactive restores now (sets their tokens; no event queue involved).
    void cancel();
    // Cancels one job, of any kind, now.
    void cancelJob(quint64 jobId);
    // Cancels every job (closing the window).
    void cancelAll();
    // For the application's exit: cancels every job and gives the engine thread up to `graceMs`
    // to stop (a batch finishes the file it is writing, a preload the phase it is in). True when
    // the thread has ended; the caller may end the process either way, as after a crash, which
    // every file the engine writes survives (atomic writes, the batch's journal).
    bool stopForExit(int graceMs);
    // Queues a batch (its id, cancel and pause tokens are filled in here); returns its id.
    quint64 startBatch(BatchRequest request);
    // Pauses or resumes a batch now, between files and at its next tile or face.
    void setPaused(quint64 jobId, bool paused);
    bool busy() const { return !m_jobs.isEmpty(); }
    bool batchRunning() const { return m_jobs.hasKind(JobKind::Batch); }
    bool restoreRunning() const { return m_jobs.hasKind(JobKind::Restore); }
    quint64 reblend(int imageIndex, const QList<double>& strengths);
    // Queues an import of the checkpoint `path` into the user's models folder, validated on the
    // engine thread (see EngineWorker::importModel); `asModelId` empty: by file name, else by
    // content. Answers with modelImported or importFailed, both carrying `path` as given. Behind
    // a running restore, it waits for that job.
    quint64 importModel(const QString& path, const QString& asModelId = {}, bool overwrite = false);

    // The map editor's jobs (engine_job.h): a photo's face and its parsing map (near: the face
    // pointed at, in photo pixels; empty: the largest), and the face Seg2face draws from a map.
    // Answered by faceMapReady / faceFromMapReady, jobFailed or jobCancelled; cancelJob stops one.
    quint64 faceMap(std::shared_ptr<const gpen::DecodedImage> decoded, const QRect& near,
                    const QString& detector);
    quint64 faceFromMap(const QImage& map, const QString& model);
    // Downloads the released model `modelId` (from `mirror`, a folder, when not empty) on the
    // engine thread, checks it and installs it. Answered by downloadProgress, then
    // downloadFinished, jobFailed or jobCancelled (cancelJob keeps the .part for a resume).
    quint64 downloadModel(const QString& modelId, const QString& mirror);

    // The user chose `modelId` (a face model, a task's head): it loads and warms up in the
    // background unless it is loading or loaded already, so that the job after it does not wait.
    void prefetch(const QString& modelId);

    // The latest status of each model seen so far, by id.
    const QHash<QString, gpen::ModelStatus>& statuses() const { return m_statuses; }
    // True once every preloaded model is Ready, Failed or not installed.
    bool preloadSettled() const { return m_preloadSettled; }
    // True once the models folders were listed: every model's status says whether it is
    // installed (moments after start; the preload may take seconds more).
    bool modelsKnown() const { return m_modelsKnown; }

  Q_SIGNALS:
    void modelStatusChanged(const gpen::ModelStatus& status);
    void preloadSettledChanged();
    void modelsKnownChanged();
    void message(const QString& text);

    void jobProgress(const gpen::ui::JobProgress& progress);
    void jobFinished(const gpen::ui::RestoreOutcome& outcome);
    void jobFailed(quint64 jobId, const QString& message);
    void jobCancelled(quint64 jobId);
    // `identity`: each face's score at its new strength (empty when the faces are not scored).
    void reblended(int imageIndex, const QImage& image, const QList<double>& identity);
    // A restore (`jobId`) has started; the engine holds the result of the restore of `imageIndex`
    // for re-blending while it runs and after it fails or is cancelled (-1: none, let go for
    // memory). Before the job's end.
    void reblendHeld(quint64 jobId, int imageIndex);
    // After restart(): the old cache is gone and statuses() was emptied; the new cache's
    // statuses follow through modelStatusChanged.
    void restarted();
    // `source`: the path given to importModel; `file`: where the model now is.
    void modelImported(const QString& source, const QString& id, const QString& file);
    void importFailed(const QString& source, const QString& message);
    // A batch's plan (every row, pending or already decided), then its files and progress, then
    // batchFinished (also after a cancel), or jobFailed when it could not start.
    void batchPlanned(const gpen::ui::BatchPlanView& plan);
    void batchFileDone(const gpen::ui::BatchFileView& file);
    void batchProgress(const gpen::ui::BatchProgressView& progress);
    void batchFinished(const gpen::ui::BatchOutcome& outcome);
    void faceMapReady(const gpen::ui::FaceMapOutcome& outcome);
    void faceFromMapReady(const gpen::ui::FaceFromMapOutcome& outcome);
    void downloadProgress(quint64 jobId, qint64 bytes, qint64 total);
    void downloadFinished(quint64 jobId, const QString& id, const QString& file);

    // To the worker (queued): its two entries.
    void initializeRequested(const gpen::ui::EngineSettings& settings);
    void jobRequested(const gpen::ui::EngineJob& job);
    void prefetchRequested(const QString& modelId);

  private:
    // One job event from the worker, as this class's signal of its kind; an end takes the job
    // off the queue first (so that busy() is already false for whoever reacts to it).
    void onJobEvent(const gpen::ui::JobEvent& event);
    void onStatus(const gpen::ModelStatus& status);
    void onEngineReset();
    // A job asked for before start(): it leaves the queue and fails with jobFailed, queued.
    quint64 failNotRunning(quint64 jobId);

    QThread m_thread;
    EngineWorker* m_worker = nullptr;  // owned by the thread: deleted there on finish
    QHash<QString, gpen::ModelStatus> m_statuses;
    QStringList m_preload;
    bool m_started = false;
    QString m_modelsDirOverride, m_deviceOverride;
    EngineSettings withOverrides(EngineSettings settings) const;
    JobQueue m_jobs;
    bool m_preloadSettled = false;
    bool m_modelsKnown = false;
    // One preload list per initialize queued, taken by the worker's engineReset that answers it
    // (statuses still queued from an old cache must not count for the new list).
    QList<QStringList> m_pendingPreloads;
    int m_resets = 0;
};

}  // namespace gpen::ui
