#include "ui/engine_controller.h"

#include "ui/engine_worker.h"

namespace gpen::ui {

EngineController::EngineController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<gpen::ModelStatus>();
    qRegisterMetaType<gpen::ui::EngineSettings>();
    m_thread.setObjectName(QStringLiteral("gpen-engine"));
}

EngineController::~EngineController() {
    m_thread.quit();
    m_thread.wait();
}

void EngineController::start(const EngineSettings& settings) {
    if (m_started) {
        return;
    }
    m_started = true;
    m_preload = settings.preload;
    m_worker = new EngineWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &EngineController::initializeRequested, m_worker, &EngineWorker::initialize);
    connect(m_worker, &EngineWorker::modelStatusChanged, this, &EngineController::onStatus);
    connect(m_worker, &EngineWorker::message, this, &EngineController::message);
    m_thread.start();
    Q_EMIT initializeRequested(settings);
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
