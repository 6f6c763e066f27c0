#include "ui/engine_controller.h"

#include <QFileInfo>

#include "gpen/pipeline/progress.h"
#include "ui/engine_worker.h"

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
    connect(this, &EngineController::restoreRequested, m_worker, &EngineWorker::restore);
    connect(this, &EngineController::reblendRequested, m_worker, &EngineWorker::reblend);
    connect(m_worker, &EngineWorker::jobProgress, this, &EngineController::jobProgress);
    connect(m_worker, &EngineWorker::reblended, this, &EngineController::reblended);
    connect(this, &EngineController::importRequested, m_worker, &EngineWorker::importModel);
    connect(m_worker, &EngineWorker::modelImported, this, &EngineController::modelImported);
    connect(m_worker, &EngineWorker::importFailed, this, &EngineController::importFailed);
    // A job leaves the queue with its answer (so busy() is false once it is seen), or at the
    // latest with jobEnded (a re-blend or an import answers without an id).
    connect(m_worker, &EngineWorker::jobFinished, this, [this](const RestoreOutcome& o) {
        m_jobs.finish(o.jobId);
        Q_EMIT jobFinished(o);
    });
    connect(m_worker, &EngineWorker::jobFailed, this, [this](quint64 id, const QString& m) {
        m_jobs.finish(id);
        Q_EMIT jobFailed(id, m);
    });
    connect(m_worker, &EngineWorker::jobCancelled, this, [this](quint64 id) {
        m_jobs.finish(id);
        Q_EMIT jobCancelled(id);
    });
    connect(m_worker, &EngineWorker::jobEnded, this, [this](quint64 id) { m_jobs.finish(id); });
    connect(this, &EngineController::batchRequested, m_worker, &EngineWorker::runBatch);
    connect(m_worker, &EngineWorker::batchPlanned, this, &EngineController::batchPlanned);
    connect(m_worker, &EngineWorker::batchFileDone, this, &EngineController::batchFileDone);
    connect(m_worker, &EngineWorker::batchProgress, this, &EngineController::batchProgress);
    connect(m_worker, &EngineWorker::batchFinished, this, [this](const BatchOutcome& o) {
        m_jobs.finish(o.jobId);
        Q_EMIT batchFinished(o);
    });
    m_thread.start();
    Q_EMIT initializeRequested(settings);
}

quint64 EngineController::restore(int imageIndex, std::shared_ptr<const gpen::DecodedImage> decoded, const QString& source,
                                  const RestoreOptions& options) {
    cancel();
    const JobQueue::Job job = m_jobs.add(JobKind::Restore);
    RestoreRequest r;
    r.jobId = job.id;
    r.imageIndex = imageIndex;
    r.decoded = std::move(decoded);
    r.source = source;
    r.options = options;
    r.cancel = job.cancel;
    Q_EMIT restoreRequested(r);
    return r.jobId;
}

void EngineController::cancel() { m_jobs.cancelAll(JobKind::Restore); }

void EngineController::cancelJob(quint64 jobId) { m_jobs.cancel(jobId); }

void EngineController::cancelAll() { m_jobs.cancelAll(); }

quint64 EngineController::startBatch(BatchRequest request) {
    const JobQueue::Job job = m_jobs.add(JobKind::Batch);
    request.jobId = job.id;
    request.cancel = job.cancel;
    request.paused = job.paused;
    if (!m_started) {
        m_jobs.finish(job.id);
        // Queued, like the worker's answer would be: the caller connects after this returns.
        QMetaObject::invokeMethod(this, [this, id = job.id] { Q_EMIT jobFailed(id, tr("The engine is not running")); },
                                  Qt::QueuedConnection);
        return job.id;
    }
    Q_EMIT batchRequested(request);
    return job.id;
}

void EngineController::setPaused(quint64 jobId, bool paused) { m_jobs.setPaused(jobId, paused); }

quint64 EngineController::reblend(int imageIndex, const QList<double>& strengths) {
    const quint64 id = m_jobs.add(JobKind::Reblend).id;
    Q_EMIT reblendRequested(id, imageIndex, strengths);
    return id;
}

quint64 EngineController::importModel(const QString& path, const QString& asModelId, bool overwrite) {
    if (!m_started) {
        Q_EMIT importFailed(path, tr("%1: the engine is not running").arg(QFileInfo(path).fileName()));
        return 0;
    }
    const quint64 id = m_jobs.add(JobKind::Import).id;
    Q_EMIT importRequested(id, path, asModelId, overwrite);
    return id;
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

void EngineController::onEngineReset() {
    if (!m_pendingPreloads.isEmpty()) {
        m_preload = m_pendingPreloads.takeFirst();
    }
    // The new cache numbers its changes from the start again: the old statuses would hide them.
    m_statuses.clear();
    m_preloadSettled = false;
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
            settled = settled && (st == ModelState::Ready || st == ModelState::Failed || st == ModelState::NotInstalled);
        }
        if (settled) {
            m_preloadSettled = true;
            Q_EMIT preloadSettledChanged();
        }
    }
}

}  // namespace gpen::ui
