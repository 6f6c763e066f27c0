#include "ui/engine_worker.h"

#include <QTimer>

#include "gpen/engine/model_cache.h"

namespace gpen::ui {

EngineWorker::EngineWorker() = default;

EngineWorker::~EngineWorker() = default;

void EngineWorker::initialize(const EngineSettings& settings) {
    try {
        ModelCacheParams p;
        if (!settings.modelsDir.isEmpty()) {
            p.search.commandLineDir = settings.modelsDir.toStdString();
        }
        if (auto device = parseDevice(settings.device.toStdString())) {
            p.device = *device;
        } else {
            Q_EMIT message(tr("Device %1 is not available; using the CPU").arg(settings.device));
        }
        configureRuntime({.threads = settings.threads});
        p.preload.clear();
        for (const QString& id : settings.preload) {
            p.preload.push_back(id.toStdString());
        }
        p.maxModels = static_cast<std::size_t>(std::max(0, settings.maxModels));
        p.memoryBudgetBytes = static_cast<std::uint64_t>(std::max(0, settings.memoryBudgetMb)) << 20;
        p.idleRelease = std::chrono::minutes(std::max(0, settings.idleReleaseMinutes));
        p.warmup.faceBatchSizes.assign(settings.warmupBatchSizes.begin(), settings.warmupBatchSizes.end());
        p.warmup.tileSize = settings.tileSize;
        m_cache = std::make_unique<ModelCache>(std::move(p));
        // The observer runs on whichever thread changed the state; the queued signal carries the
        // value to the GUI thread.
        m_cache->addObserver([this](const ModelStatus& s) { Q_EMIT modelStatusChanged(s); });
        m_cache->start();
        for (const auto& s : m_cache->statuses()) {
            Q_EMIT modelStatusChanged(s);
        }
        Q_EMIT initialized(static_cast<int>(m_cache->statuses().size()));
        m_idleTimer = new QTimer(this);
        m_idleTimer->setInterval(std::chrono::seconds(30));
        connect(m_idleTimer, &QTimer::timeout, this, &EngineWorker::releaseIdle);
        m_idleTimer->start();
    } catch (const std::exception& e) {
        Q_EMIT message(tr("The engine could not start: %1").arg(QString::fromStdString(e.what())));
    }
}

void EngineWorker::releaseIdle() {
    if (m_cache) {
        m_cache->tick();
    }
}

}  // namespace gpen::ui
