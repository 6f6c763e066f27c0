// SPDX-License-Identifier: Apache-2.0
#include "ui/bridge/engine_controller.h"

#include <QDeadlineTimer>
#include <QFileInfo>

#include "gpen/pipeline/progress.h"
#include "ui/bridge/engine_worker.h"

namespace gpen::ui {

EngineController::EngineController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<gpen::ModelStatus>();
    qRegisterMetaType<gpen::ui::EngineSettings>();
    qRegisterMetaType<gpen::ui::RestoreRequest>();
    qRegisterMetaType<gpen::ui::RestoreOutcome>();
    qRegisterMetaType<gpen::ui::JobProgress>();
    qRegisterMetaType<gpen::ui::BatchRequest>();
    qRegisterMetaType<gpen::ui::BatchPlanView>();
    qRegisterMetaType<gpen::ui::BatchFileView>();
    qRegisterMetaType<gpen::ui::BatchProgressView>();
    qRegisterMetaType<gpen::ui::BatchOutcome>();
    qRegisterMetaType<gpen::ui::EngineJob>();
    qRegisterMetaType<gpen::ui::JobEvent>();
    m_thread.setObjectName(QStringLiteral("gpen-engine"));
}

EngineController::~EngineController() {
    // A running job stops at its next check (between tiles, between faces); queued ones at once.
    cancelAll();
    m_thread.quit();
    m_thread.wait();
}

void EngineController::setCommandLineOverrides(const QString& modelsDir, const QString& device) {
    m_modelsDirOverride = modelsDir;
    m_deviceOverride = device;
}

EngineSettings EngineController::withOverrides(EngineSettings settings) const {
    if (!m_modelsDirOverride.isEmpty()) settings.modelsDir = m_modelsDirOverride;
    if (!m_deviceOverride.isEmpty()) settings.device = m_deviceOverride;
    return settings;
}

void EngineController::start(const EngineSettings& given) {
    if (m_started) {
        return;
    }
    const EngineSettings settings = withOverrides(given);
    m_started = true;
    m_preload = settings.preload;
    m_worker = new EngineWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &EngineController::initializeRequested, m_worker, &EngineWorker::initialize);
    connect(m_worker, &EngineWorker::engineReset, this, &EngineController::onEngineReset);
    m_pendingPreloads << settings.preload;
    connect(m_worker, &EngineWorker::modelStatusChanged, this, &EngineController::onStatus);
    connect(m_worker, &EngineWorker::message, this, &EngineController::message);
    // The models folders were listed (every status arrived before this, in order): what is
    // installed is known, long before the preload has loaded it.
    connect(m_worker, &EngineWorker::initialized, this, [this] {
        m_modelsKnown = true;
        Q_EMIT modelsKnownChanged();
    });
    connect(this, &EngineController::jobRequested, m_worker, &EngineWorker::run);
    connect(this, &EngineController::prefetchRequested, m_worker, &EngineWorker::prefetch);
    connect(m_worker, &EngineWorker::jobEvent, this, &EngineController::onJobEvent);
    // A job leaves the queue with its answer (so busy() is false once it is seen), or at the
    // latest with jobEnded (a re-blend answers without an id).
    connect(m_worker, &EngineWorker::jobEnded, this, [this](quint64 id) { m_jobs.finish(id); });
    m_thread.start();
    Q_EMIT initializeRequested(settings);
}

quint64 EngineController::restore(int imageIndex, std::shared_ptr<const gpen::DecodedImage> decoded,
                                  const QString& source, const RestoreOptions& options,
                                  const QImage& damageMask) {
    cancel();
    const JobQueue::Job job = m_jobs.add(JobKind::Restore);
    RestoreRequest r;
    r.jobId = job.id;
    r.imageIndex = imageIndex;
    r.decoded = std::move(decoded);
    r.source = source;
    r.options = options;
    r.damageMask = damageMask;
    r.stop = job.stop.get_token();
    Q_EMIT jobRequested(r);
    return r.jobId;
}

void EngineController::cancel() {
    m_jobs.cancelAll(JobKind::Restore);
}

void EngineController::cancelJob(quint64 jobId) {
    m_jobs.cancel(jobId);
}

void EngineController::cancelAll() {
    m_jobs.cancelAll();
}

bool EngineController::stopForExit(int graceMs) {
    cancelAll();
    m_thread.quit();
    return m_thread.wait(QDeadlineTimer(graceMs));
}

quint64 EngineController::failNotRunning(quint64 jobId) {
    m_jobs.finish(jobId);
    // Queued, like the worker's answer would be: the caller connects after this returns.
    QMetaObject::invokeMethod(
        this, [this, jobId] { Q_EMIT jobFailed(jobId, tr("The engine is not running")); },
        Qt::QueuedConnection);
    return jobId;
}

quint64 EngineController::startBatch(BatchRequest request) {
    const JobQueue::Job job = m_jobs.add(JobKind::Batch);
    request.jobId = job.id;
    request.stop = job.stop.get_token();
    request.paused = job.paused;
    if (!m_started) return failNotRunning(job.id);
    Q_EMIT jobRequested(request);
    return job.id;
}

void EngineController::setPaused(quint64 jobId, bool paused) {
    m_jobs.setPaused(jobId, paused);
}

quint64 EngineController::reblend(int imageIndex, const QList<double>& strengths) {
    const quint64 id = m_jobs.add(JobKind::Reblend).id;
    Q_EMIT jobRequested(ReblendRequest{id, imageIndex, strengths});
    return id;
}

quint64 EngineController::importModel(const QString& path, const QString& asModelId,
                                      bool overwrite) {
    if (!m_started) {
        Q_EMIT importFailed(path,
                            tr("%1: the engine is not running").arg(QFileInfo(path).fileName()));
        return 0;
    }
    const quint64 id = m_jobs.add(JobKind::Import).id;
    Q_EMIT jobRequested(ImportRequest{id, path, asModelId, overwrite});
    return id;
}

quint64 EngineController::faceMap(std::shared_ptr<const gpen::DecodedImage> decoded,
                                  const QRect& near, const QString& detector) {
    const JobQueue::Job job = m_jobs.add(JobKind::FaceMap);
    Q_EMIT jobRequested(
        FaceMapRequest{job.id, std::move(decoded), near, detector, job.stop.get_token()});
    return job.id;
}

quint64 EngineController::faceFromMap(const QImage& map, const QString& model) {
    const JobQueue::Job job = m_jobs.add(JobKind::FaceMap);
    Q_EMIT jobRequested(FaceFromMapRequest{job.id, map, model, job.stop.get_token()});
    return job.id;
}

quint64 EngineController::downloadModel(const QString& modelId, const QString& mirror) {
    const JobQueue::Job job = m_jobs.add(JobKind::Download);
    if (!m_started) return failNotRunning(job.id);
    Q_EMIT jobRequested(DownloadRequest{job.id, modelId, mirror, job.stop.get_token()});
    return job.id;
}

void EngineController::prefetch(const QString& modelId) {
    if (!m_started) return;
    const auto s = m_statuses.constFind(modelId);
    // Only what is installed and not in memory (the cache checks again: this saves the call).
    if (s == m_statuses.constEnd() ||
        (s->state != ModelState::Installed && s->state != ModelState::Evicted))
        return;
    Q_EMIT prefetchRequested(modelId);
}

bool EngineController::restart(const EngineSettings& given) {
    if (!m_started) {
        start(given);
        return true;
    }
    const EngineSettings settings = withOverrides(given);
    if (busy()) {
        return false;
    }
    m_pendingPreloads << settings.preload;
    Q_EMIT initializeRequested(settings);
    return true;
}

namespace {
// std::visit over a job event, one lambda per kind.
template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;
}  // namespace

void EngineController::onJobEvent(const JobEvent& event) {
    std::visit(Overloaded{
                   [this](const JobProgress& p) { Q_EMIT jobProgress(p); },
                   [this](const RestoreOutcome& o) {
                       m_jobs.finish(o.jobId);
                       Q_EMIT jobFinished(o);
                   },
                   [this](const ReblendOutcome& o) {
                       Q_EMIT reblended(o.imageIndex, o.image, o.identity);
                   },
                   [this](const ReblendHeld& h) { Q_EMIT reblendHeld(h.jobId, h.imageIndex); },
                   [this](const ImportOutcome& o) { Q_EMIT modelImported(o.source, o.id, o.file); },
                   [this](const ImportFailure& f) { Q_EMIT importFailed(f.source, f.message); },
                   [this](const JobFailure& f) {
                       m_jobs.finish(f.jobId);
                       Q_EMIT jobFailed(f.jobId, f.message);
                   },
                   [this](const JobCancelled& c) {
                       m_jobs.finish(c.jobId);
                       Q_EMIT jobCancelled(c.jobId);
                   },
                   [this](const DownloadProgressView& p) {
                       Q_EMIT downloadProgress(p.jobId, p.bytes, p.total);
                   },
                   [this](const DownloadOutcome& o) {
                       m_jobs.finish(o.jobId);
                       Q_EMIT downloadFinished(o.jobId, o.id, o.file);
                   },
                   [this](const BatchPlanView& p) { Q_EMIT batchPlanned(p); },
                   [this](const BatchFileView& f) { Q_EMIT batchFileDone(f); },
                   [this](const BatchProgressView& p) { Q_EMIT batchProgress(p); },
                   [this](const BatchOutcome& o) {
                       m_jobs.finish(o.jobId);
                       Q_EMIT batchFinished(o);
                   },
                   [this](const FaceMapOutcome& o) {
                       m_jobs.finish(o.jobId);
                       Q_EMIT faceMapReady(o);
                   },
                   [this](const FaceFromMapOutcome& o) {
                       m_jobs.finish(o.jobId);
                       Q_EMIT faceFromMapReady(o);
                   },
               },
               event);
}

void EngineController::onEngineReset() {
    if (!m_pendingPreloads.isEmpty()) {
        m_preload = m_pendingPreloads.takeFirst();
    }
    // The new cache numbers its changes from the start again: the old statuses would hide them.
    m_statuses.clear();
    m_preloadSettled = false;
    m_modelsKnown = false;
    if (m_resets++ > 0) {
        Q_EMIT restarted();
    }
}

void EngineController::onStatus(const gpen::ModelStatus& status) {
    const QString id = QString::fromStdString(status.id);
    auto it = m_statuses.find(id);
    if (it != m_statuses.end() && it->sequence > status.sequence) {
        return;  // an older change that arrived late
    }
    m_statuses.insert(id, status);
    Q_EMIT modelStatusChanged(status);
    if (!m_preloadSettled) {
        bool settled = true;
        for (const QString& p : m_preload) {
            const auto s = m_statuses.constFind(p);
            if (s == m_statuses.constEnd()) {
                settled = false;
                break;
            }
            const auto st = s->state;
            settled = settled && (st == ModelState::Ready || st == ModelState::Failed ||
                                  st == ModelState::NotInstalled);
        }
        if (settled) {
            m_preloadSettled = true;
            Q_EMIT preloadSettledChanged();
        }
    }
}

}  // namespace gpen::ui
