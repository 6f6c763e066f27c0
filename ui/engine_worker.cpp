#include "ui/engine_worker.h"

#include <QFileInfo>
#include <QTimer>

#include <chrono>
#include <map>

#include "gpen/engine/model_cache.h"
#include "gpen/pipeline/pipeline_models.h"
#include "gpen/pipeline/restore_pipeline.h"
#include "ui/image_convert.h"

namespace gpen::ui {

struct EngineWorker::Results {
    std::map<int, RestoreResult> byImage;
};

EngineWorker::EngineWorker() : m_results(std::make_unique<Results>()) {}

EngineWorker::~EngineWorker() = default;

void EngineWorker::initialize(const EngineSettings& settings) {
    // Again for a restart: the old cache goes first (its preload thread joins here, on this
    // thread, so the GUI never waits), then engineReset marks where the new cache's statuses begin.
    m_cache.reset();
    Q_EMIT engineReset();
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
        p.loaders = pipelineModelLoaders({.device = p.device});
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
        if (!m_idleTimer) {
            m_idleTimer = new QTimer(this);
            m_idleTimer->setInterval(std::chrono::seconds(30));
            connect(m_idleTimer, &QTimer::timeout, this, &EngineWorker::releaseIdle);
            m_idleTimer->start();
        }
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

namespace gpen::ui {

void EngineWorker::restore(const RestoreRequest& request) {
    if (!m_cache) {
        Q_EMIT jobFailed(request.jobId, tr("The engine is not running"));
        return;
    }
    try {
        const auto started = std::chrono::steady_clock::now();
        RestoreParams p;
        p.faceModel = request.options.faceModel.toStdString();
        p.detector = request.options.detector.toStdString();
        p.backgroundScale = request.options.backgroundScale;
        p.tiles.tileSize = request.options.tileSize;
        p.strength = request.options.strength;
        p.keepGrayscale = request.options.keepGrayscale;
        p.cancel = request.cancel.get();
        // One face per forward: progress moves face by face (a cancel is seen between layers).
        p.faceBatch = 1;
        const quint64 id = request.jobId;
        p.progress = [this, id](const Progress& pr) {
            Q_EMIT jobProgress({id, QString::fromStdString(pr.stage), pr.done, pr.total, QString::fromStdString(pr.note)});
        };
        auto result = restorePhoto(*m_cache, toBgrMat(request.original), p);
        if (!result) {
            if (result.error().code == ErrorCode::Cancelled) {
                Q_EMIT jobCancelled(id);
            } else {
                Q_EMIT jobFailed(id, QString::fromStdString(result.error().message));
            }
            return;
        }
        RestoreOutcome out;
        out.jobId = id;
        out.imageIndex = request.imageIndex;
        out.result = fromBgrMat(result->image);
        for (const auto& f : result->faces) {
            out.faces.push_back({QRect(static_cast<int>(f.detection.box.x), static_cast<int>(f.detection.box.y),
                                       static_cast<int>(f.detection.box.width), static_cast<int>(f.detection.box.height)),
                                 fromBgrMat(f.aligned),
                                 // A gray photo's faces are shown as they will be pasted: gray.
                                 result->grayscale ? fromBgrMat(f.restored).convertToFormat(QImage::Format_Grayscale8)
                                                   : fromBgrMat(f.restored)});
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        out.summary = tr("%n face(s) restored with %1 in %2 s", nullptr, static_cast<int>(result->faces.size()))
                          .arg(QString::fromStdString(result->detectorUsed))
                          .arg(seconds, 0, 'f', 1);
        for (const auto& note : result->notes) {
            out.summary += QStringLiteral(" — ") + QString::fromStdString(note);
        }
        m_results->byImage[request.imageIndex] = std::move(*result);
        Q_EMIT jobFinished(out);
    } catch (const std::exception& e) {
        Q_EMIT jobFailed(request.jobId, QString::fromStdString(e.what()));
    }
}

void EngineWorker::reblend(int imageIndex, const QList<double>& strengths) {
    const auto it = m_results->byImage.find(imageIndex);
    if (it == m_results->byImage.end()) {
        return;
    }
    auto image = composeRestoredFaces(it->second, std::vector<double>(strengths.begin(), strengths.end()));
    if (image) {
        Q_EMIT reblended(imageIndex, fromBgrMat(*image));
    } else {
        Q_EMIT message(QString::fromStdString(image.error().message));
    }
}

void EngineWorker::importModel(const QString& source, const QString& asModelId, bool overwrite) {
    if (!m_cache) {
        Q_EMIT importFailed(source, tr("%1: the engine is not running").arg(QFileInfo(source).fileName()));
        return;
    }
    try {
        ImportParams p;
        p.asModelId = asModelId.toStdString();
        p.overwrite = overwrite;
        auto imported = m_cache->importModel(std::filesystem::path(source.toStdString()), p);
        if (imported) {
            Q_EMIT modelImported(source, QString::fromStdString(imported->id),
                                 QString::fromStdString(imported->file.string()));
        } else {
            Q_EMIT importFailed(source, QString::fromStdString(imported.error().message));
        }
    } catch (const std::exception& e) {
        Q_EMIT importFailed(source, QStringLiteral("%1: %2").arg(QFileInfo(source).fileName(), QString::fromUtf8(e.what())));
    }
}

}  // namespace gpen::ui
