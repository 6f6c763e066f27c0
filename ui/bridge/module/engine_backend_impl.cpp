// SPDX-License-Identifier: Apache-2.0
// The engine module (gpen_engine): EngineWorker's bodies, built into a shared library with
// gpen_core and libtorch so that gpen-studio itself never links libtorch (see engine_backend.h).

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <type_traits>
#include <variant>

#include "gpen/base/log.h"
#include "gpen/engine/model_cache.h"
#include "gpen/pipeline/identity_bands.h"
#include "gpen/pipeline/pipeline_models.h"
#include "gpen/pipeline/restore_job.h"
#include "ui/bridge/engine_backend.h"
#include "ui/bridge/module/engine_batch.h"
#include "ui/bridge/module/engine_download.h"
#include "ui/bridge/module/engine_face_map.h"
#include "ui/common/core_text.h"
#include "ui/common/image_convert.h"

namespace gpen::ui {
namespace {

class EngineBackendImpl final : public EngineBackend {
    // The worker's translation context: these messages were EngineWorker's and the .ts files
    // keep them under its name.
    Q_DECLARE_TR_FUNCTIONS(gpen::ui::EngineWorker)
  public:
    explicit EngineBackendImpl(EngineEvents events) : m_events(std::move(events)) {
        // This module's copy of core logs here. Its warnings are core's English for whoever reads
        // the terminal's log (the cache's limits, a preload name it does not know); the user
        // reads what they mean in the window, translated, from where it matters: a tile halved
        // in the progress line, a fallback in the summary, a failed load in the banner.
        setLogSink([](LogLevel level, const std::string& text) {
            if (level < LogLevel::Warning || text.find(kLogLoadFailed) != std::string::npos) return;
            std::fprintf(stderr, "gpen-studio: %s: %s\n", logLevelName(level), text.c_str());
        });
    }
    ~EngineBackendImpl() override {
        m_cache.reset();  // its threads may log until they are joined
        setLogSink(nullptr);
    }

    bool initialize(const EngineSettings& settings) override;
    void releaseIdle() override;
    void prefetch(const QString& modelId) override {
        if (m_cache) m_cache->prefetch(modelId.toStdString());
    }
    void run(const EngineJob& job) override;

  private:
    void restore(const RestoreRequest& request);
    void reblend(const ReblendRequest& request);
    void importModel(const ImportRequest& request);
    void runBatch(const BatchRequest& request);

    // The status line after a restore: what really ran (the face model and detector, the
    // upscaler), how long it took, and the notes a user should know, translated.
    static QString summaryOf(const RestoreJob& job, double seconds);

    EngineEvents m_events;
    std::unique_ptr<ModelCache> m_cache;
    // The last restore, for re-blending its faces: which image it was, and its job (the result
    // without the composed image, which the GUI has).
    int m_lastImage = -1;
    std::optional<RestoreJob> m_last;
};

// The most a held result may take for it to stay while the next restore runs: a 12 MP photo at
// 2x with its faces (about 150 MB) stays, a 24 MP photo at 4x (over 1 GB) goes first.
constexpr std::size_t kHoldDuringRestoreBytes = std::size_t{256} << 20;

std::size_t matBytes(const cv::Mat& m) {
    return m.total() * m.elemSize();
}

// What a finished job holds beyond the photo it shares with the GUI: the canvas under the faces,
// the composed image if it is still there, and each face's crops and mask.
std::size_t heldBytes(const RestoreJob& job) {
    const RestoreResult& r = job.result();
    std::size_t bytes = matBytes(r.image) + matBytes(r.background) + matBytes(r.repairedMask);
    for (const RestoredFace& f : r.faces)
        bytes += matBytes(f.aligned) + matBytes(f.restored) + matBytes(f.mask);
    return bytes;
}

bool EngineBackendImpl::initialize(const EngineSettings& settings) {
    // Again for a restart: the old cache goes first (its preload thread joins here, on this
    // thread, so the GUI never waits), then engineReset marks where the new cache's statuses begin.
    m_cache.reset();
    m_events.engineReset();
    try {
        ModelCacheParams p;
        if (!settings.modelsDir.isEmpty()) {
            p.search.commandLineDir = settings.modelsDir.toStdString();
        }
        if (auto device = parseDevice(settings.device.toStdString())) {
            p.device = *device;
        } else {
            m_events.message(tr("Device %1 is not available; using the CPU").arg(settings.device));
        }
        if (auto precision = parsePrecision(settings.precision.toStdString(), p.device)) {
            p.precision = *precision;
        } else {
            p.precision = autoPrecision(p.device);
            m_events.message(
                tr("Precision %1 is not known; choosing automatically").arg(settings.precision));
        }
        // The networks' block cache, not the command line's heap policy: the GUI's own memory
        // (photos, views) goes back to the system when it is freed.
        configureRuntime({.threads = settings.threads, .processHeapPolicy = false});
        p.loaders = pipelineModelLoaders({.device = p.device});
        p.preload.clear();
        for (const QString& id : settings.preload) {
            p.preload.push_back(id.toStdString());
        }
        p.maxModels = static_cast<std::size_t>(std::max(0, settings.maxModels));
        p.memoryBudgetBytes = static_cast<std::uint64_t>(std::max(0, settings.memoryBudgetMb))
                              << 20;
        p.idleRelease = std::chrono::minutes(std::max(0, settings.idleReleaseMinutes));
        p.warmup.faceBatchSizes.assign(settings.warmupBatchSizes.begin(),
                                       settings.warmupBatchSizes.end());
        p.warmup.tileSize = settings.tileSize;
        m_cache = std::make_unique<ModelCache>(std::move(p));
        // The observer runs on whichever thread changed the state; the worker's queued signal
        // carries the value to the GUI thread.
        m_cache->addObserver([this](const ModelStatus& s) { m_events.modelStatusChanged(s); });
        m_cache->start();
        for (const auto& s : m_cache->statuses()) {
            m_events.modelStatusChanged(s);
        }
        m_events.initialized(static_cast<int>(m_cache->statuses().size()));
        return true;
    } catch (const std::exception& e) {
        m_events.message(
            tr("The engine could not start: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
}

void EngineBackendImpl::releaseIdle() {
    if (m_cache) {
        m_cache->tick();
    }
}

void EngineBackendImpl::run(const EngineJob& job) {
    std::visit(
        [this](const auto& request) {
            using T = std::decay_t<decltype(request)>;
            if constexpr (std::is_same_v<T, RestoreRequest>) {
                restore(request);
            } else if constexpr (std::is_same_v<T, ReblendRequest>) {
                reblend(request);
            } else if constexpr (std::is_same_v<T, ImportRequest>) {
                importModel(request);
            } else if constexpr (std::is_same_v<T, BatchRequest>) {
                runBatch(request);
            } else if (!m_cache) {
                m_events.jobEvent(JobFailure{request.jobId, tr("The engine is not running")});
            } else if constexpr (std::is_same_v<T, FaceMapRequest>) {
                runFaceMapJob(*m_cache, request, m_events);
            } else if constexpr (std::is_same_v<T, DownloadRequest>) {
                runDownloadJob(*m_cache, request, m_events);
            } else {
                runFaceFromMapJob(*m_cache, request, m_events);
            }
        },
        job);
}

void EngineBackendImpl::restore(const RestoreRequest& request) {
    if (!m_cache) {
        m_events.jobEvent(JobFailure{request.jobId, tr("The engine is not running")});
        return;
    }
    // Only the last restored photo's full result is kept. While the new job runs it stays, so
    // that a cancel or a failure leaves the result on screen adjustable, unless it is large (a
    // 24 MP photo at 4x is gigabytes): then it goes before the new job needs the memory. The GUI
    // is told which, and re-blends only the photo whose result is held.
    if (m_last && heldBytes(*m_last) > kHoldDuringRestoreBytes) {
        m_last.reset();
        m_lastImage = -1;
    }
    m_events.jobEvent(ReblendHeld{request.jobId, m_lastImage});
    try {
        const auto started = std::chrono::steady_clock::now();
        RestoreJobParams jp;
        RestoreParams& p = jp.restore;
        p = restoreParamsFrom(request.options);
        p.stop = request.stop;
        if (!request.damageMask.isNull()) {
            const QImage& m = request.damageMask;
            p.damageMask =
                cv::Mat(m.height(), m.width(), CV_8UC1, const_cast<uchar*>(m.constBits()),
                        static_cast<std::size_t>(m.bytesPerLine()))
                    .clone();
        }
        // One face per forward: progress moves face by face (a cancel is seen between layers).
        p.faceBatch = 1;
        const quint64 id = request.jobId;
        p.progress = [this, id](const Progress& pr) {
            m_events.jobEvent(JobProgress{id, QString::fromStdString(pr.stage), pr.done, pr.total,
                                          CoreText::progressNote(pr.note)});
        };
        // The session's decoded photo as core decoded it (its pixels shared, not copied).
        RestoreJob job(*request.decoded, request.source.toStdString(), std::move(jp));
        if (auto ok = job.restore(*m_cache); !ok) {
            if (ok.error().code == ErrorCode::Cancelled) {
                m_events.jobEvent(JobCancelled{id});
            } else {
                m_events.jobEvent(JobFailure{id, CoreText::error(ok.error())});
            }
            return;
        }
        RestoreResult* result = &job.result();
        RestoreOutcome out;
        out.jobId = id;
        out.imageIndex = request.imageIndex;
        out.result = viewOf(result->image);  // core's pixels, shared with the GUI
        for (const auto& f : result->faces) {
            out.faces.push_back(
                {QRect(static_cast<int>(f.detection.box.x), static_cast<int>(f.detection.box.y),
                       static_cast<int>(f.detection.box.width),
                       static_cast<int>(f.detection.box.height)),
                 fromBgrMat(f.aligned),
                 // A gray photo's faces are shown as they will be pasted: gray.
                 result->grayscale
                     ? fromBgrMat(f.restored).convertToFormat(QImage::Format_Grayscale8)
                     : fromBgrMat(f.restored),
                 f.identity});
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        out.summary = summaryOf(job, seconds);
        out.processingNote = QString::fromStdString(job.processingNote());
        out.repairedMask = maskViewOf(result->repairedMask);  // shared, as the result is
        result->image.release();  // the GUI has it; re-blending composes from the background
        m_last = std::move(job);
        m_lastImage = request.imageIndex;
        m_events.jobEvent(out);
    } catch (const std::exception& e) {
        m_events.jobEvent(JobFailure{request.jobId, QString::fromStdString(e.what())});
    }
}

QString EngineBackendImpl::summaryOf(const RestoreJob& job, double seconds) {
    const RestoreResult& result = job.result();
    const RestoreParams& params = job.params().restore;
    const QString upscaler = QString::fromStdString(result.backgroundUsed);
    QString summary;
    if (job.models().faceModel.empty()) {
        summary = upscaler.isEmpty()
                      ? tr("No face model and no upscaling: the photo is unchanged (%1 s)")
                            .arg(seconds, 0, 'f', 1)
                      //: %1 is the scale (2, 4), %2 the upscaler's name (realesrgan-x4fast,
                      //: realesrnet_x2)
                      : tr("Upscaled x%1 with %2 in %3 s; no face model: faces left as they are")
                            .arg(params.backgroundScale)
                            .arg(upscaler)
                            .arg(seconds, 0, 'f', 1);
    } else {
        //: %1 is the face detector (RetinaFace-R50, dlib)
        summary = tr("%n face(s) restored with %1 in %2 s", nullptr,
                     static_cast<int>(result.faces.size()))
                      .arg(QString::fromStdString(result.detectorUsed))
                      .arg(seconds, 0, 'f', 1);
        if (!upscaler.isEmpty()) {
            summary +=
                QStringLiteral(" — ") +
                tr("background upscaled x%1 with %2").arg(params.backgroundScale).arg(upscaler);
        }
        const auto doubtful =
            std::count_if(result.faces.begin(), result.faces.end(), [](const RestoredFace& f) {
                return !std::isnan(f.identity) &&
                       identityBand(f.identity) != IdentityBand::Consistent;
            });
        if (doubtful > 0) {
            summary += QStringLiteral(" — ") +
                       tr("%n face(s) may no longer look like the same person: see the badges",
                          nullptr, static_cast<int>(doubtful));
        }
    }
    for (const auto& note : job.notes()) {
        // Said above already, in the user's language.
        if (note == kNoteNoFaceModel || note.starts_with(kNoteBackgroundPrefix)) continue;
        summary += QStringLiteral(" — ") + CoreText::note(note);
    }
    return summary;
}

void EngineBackendImpl::reblend(const ReblendRequest& request) {
    if (!m_last || request.imageIndex != m_lastImage) {
        return;
    }
    try {
        const std::vector<double> strengths(request.strengths.begin(), request.strengths.end());
        auto image = m_last->recompose(strengths);
        if (image) {
            ReblendOutcome out{request.jobId, request.imageIndex, viewOf(*image), {}};
            // The faces scored again at their new strengths: one small forward for all of them.
            if (!m_last->result().identityUsed.empty()) {
                if (auto scores = m_last->rescore(*m_cache, strengths)) {
                    out.identity = QList<double>(scores->begin(), scores->end());
                } else {
                    m_events.message(CoreText::error(scores.error()));
                }
            }
            m_events.jobEvent(out);
        } else {
            m_events.message(CoreText::error(image.error()));
        }
    } catch (const std::exception& e) {
        m_events.message(QString::fromStdString(e.what()));
    }
}

void EngineBackendImpl::importModel(const ImportRequest& request) {
    const QString& source = request.source;
    if (!m_cache) {
        m_events.jobEvent(
            ImportFailure{request.jobId, source,
                          tr("%1: the engine is not running").arg(QFileInfo(source).fileName())});
        return;
    }
    try {
        ImportParams p;
        p.asModelId = request.asModelId.toStdString();
        p.overwrite = request.overwrite;
        auto imported = m_cache->importModel(std::filesystem::path(source.toStdString()), p);
        if (imported) {
            m_events.jobEvent(ImportOutcome{request.jobId, source,
                                            QString::fromStdString(imported->id),
                                            QString::fromStdString(imported->file.string())});
        } else {
            m_events.jobEvent(
                ImportFailure{request.jobId, source, CoreText::error(imported.error())});
        }
    } catch (const std::exception& e) {
        m_events.jobEvent(ImportFailure{request.jobId, source,
                                        QStringLiteral("%1: %2").arg(QFileInfo(source).fileName(),
                                                                     QString::fromUtf8(e.what()))});
    }
}

void EngineBackendImpl::runBatch(const BatchRequest& request) {
    if (!m_cache) {
        m_events.jobEvent(JobFailure{request.jobId, tr("The engine is not running")});
        return;
    }
    runBatchJob(*m_cache, request, m_events);
}

}  // namespace
}  // namespace gpen::ui

extern "C" Q_DECL_EXPORT gpen::ui::EngineBackend* gpen_create_engine_backend(
    int abi, gpen::ui::EngineEvents* events) {
    if (abi != gpen::ui::kEngineBackendAbi || events == nullptr) {
        return nullptr;
    }
    return new gpen::ui::EngineBackendImpl(std::move(*events));
}
