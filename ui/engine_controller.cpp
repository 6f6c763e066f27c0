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
    m_thread.setObjectName(QStringLiteral("gpen-engine"));
}

EngineController::~EngineController() {
    // A running job stops at its next check (between tiles, between faces).
    cancel();
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
    connect(m_worker, &EngineWorker::jobFinished, this, [this](const RestoreOutcome& o) {
        if (o.jobId == m_runningJob) m_runningJob = 0;
        Q_EMIT jobFinished(o);
    });
    connect(m_worker, &EngineWorker::jobFailed, this, [this](quint64 id, const QString& m) {
        if (id == m_runningJob) m_runningJob = 0;
        Q_EMIT jobFailed(id, m);
    });
    connect(m_worker, &EngineWorker::jobCancelled, this, [this](quint64 id) {
        if (id == m_runningJob) m_runningJob = 0;
        Q_EMIT jobCancelled(id);
    });
    m_thread.start();
    Q_EMIT initializeRequested(settings);
}

quint64 EngineController::restore(int imageIndex, const QImage& original, const RestoreOptions& options) {
    cancel();
    RestoreRequest r;
    r.jobId = m_nextJob++;
    r.imageIndex = imageIndex;
    r.original = original;
    r.options = options;
    r.cancel = std::make_shared<CancelToken>();
    m_cancel = r.cancel;
    m_runningJob = r.jobId;
    Q_EMIT restoreRequested(r);
    return r.jobId;
}

void EngineController::cancel() {
    if (m_cancel) {
        m_cancel->cancel();
    }
}

void EngineController::reblend(int imageIndex, const QList<double>& strengths) {
    Q_EMIT reblendRequested(imageIndex, strengths);
}

void EngineController::importModel(const QString& path, const QString& asModelId, bool overwrite) {
    if (!m_started) {
        Q_EMIT importFailed(path, tr("%1: the engine is not running").arg(QFileInfo(path).fileName()));
        return;
    }
    Q_EMIT importRequested(path, asModelId, overwrite);
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
