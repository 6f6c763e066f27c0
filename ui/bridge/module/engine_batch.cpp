// SPDX-License-Identifier: Apache-2.0
#include "ui/bridge/module/engine_batch.h"

#include <QCoreApplication>

#include "gpen/batch/batch_runner.h"
#include "ui/bridge/batch_scan_params.h"
#include "ui/common/core_text.h"

namespace gpen::ui {
namespace {

QString fromPath(const std::filesystem::path& p) {
    return QString::fromStdString(p.generic_string());
}

BatchFileState stateOf(FileStatus status) {
    switch (status) {
        case FileStatus::Pending:
            return BatchFileState::Pending;
        case FileStatus::Ok:
            return BatchFileState::Ok;
        case FileStatus::Skipped:
            return BatchFileState::Skipped;
        case FileStatus::Failed:
            return BatchFileState::Failed;
        case FileStatus::Cancelled:
            return BatchFileState::Cancelled;
    }
    return BatchFileState::Pending;
}

BatchFileRow rowOf(std::size_t position, const FileRecord& r) {
    BatchFileRow row{static_cast<int>(position),
                     QString::fromStdString(r.file),
                     QString::fromStdString(r.output),
                     stateOf(r.status),
                     r.faces,
                     r.seconds,
                     r.error.empty() ? QString() : CoreText::batchReason(r.error, r.errorCode),
                     {},
                     {}};
    if (row.error != QString::fromStdString(r.error))
        row.errorDetails = QString::fromStdString(r.error);
    for (const auto& note : r.notes) {
        row.notes << CoreText::note(note);
        const bool choice = note == kNoteDlibFallback || note == kNoteNoFaceModel ||
                            note == kNoteFinishedByEarlierRun ||
                            note.starts_with(kNoteBackgroundPrefix);
        row.warning = row.warning || !choice;
    }
    row.reviewFaces = QList<int>(r.reviewFaces.begin(), r.reviewFaces.end());
    row.identityMin = r.identityMin;
    return row;
}

// The dialog's choices in core's terms; an error names the setting that is wrong.
Expected<BatchParams> batchParamsFrom(const BatchRequest& request) {
    BatchParams p;
    p.inputDir = request.inputDir.toStdString();
    p.outputDir = request.outputDir.toStdString();
    p.scan = batchScanParamsOf(request);
    p.nameTemplate = request.nameTemplate.toStdString();
    auto ifExists = parseIfExists(request.ifExists.toStdString());
    if (!ifExists) return tl::unexpected(ifExists.error());
    p.ifExists = *ifExists;
    auto format = parseOutputFormat(request.format.toStdString());
    if (!format) return tl::unexpected(format.error());
    p.format = *format;
    p.quality = request.quality;
    p.restore = restoreParamsFrom(request.options);
    p.stop = request.stop;
    return p;
}

}  // namespace

RestoreParams restoreParamsFrom(const RestoreOptions& options) {
    RestoreParams p;
    p.task = parseFaceTask(options.task.toStdString()).value_or(FaceTask::Restore);
    p.faceModel = options.faceModel.toStdString();
    p.detector = options.detector.toStdString();
    p.backgroundScale = options.backgroundScale;
    p.tiles.tileSize = options.tileSize;
    p.strength = options.strength;
    p.keepGrayscale = options.keepGrayscale;
    p.background = options.background.toStdString();
    p.tintRest = options.task == QLatin1String("colorize") && options.tintRest;
    p.findDamage = options.findDamage;
    p.damageSensitivity = options.damageSensitivity;
    return p;
}

void runBatchJob(ModelCache& cache, const BatchRequest& request, const EngineEvents& events) {
    const quint64 id = request.jobId;
    try {
        auto params = batchParamsFrom(request);
        if (!params) {
            events.jobEvent(JobFailure{id, CoreText::error(params.error())});
            return;
        }
        // The plan the runner runs, as it starts: the table shows exactly that.
        params->planned = [&events, id](const std::vector<PlannedFile>& plan) {
            BatchPlanView planned{id, {}};
            for (std::size_t i = 0; i < plan.size(); ++i) planned.rows << rowOf(i, plan[i].record);
            events.jobEvent(planned);
        };
        params->progress = [&events, id](const BatchProgress& pr) {
            events.jobEvent(BatchProgressView{id, pr.filesDone, pr.filesTotal, pr.ok, pr.skipped,
                                              pr.failed, QString::fromStdString(pr.currentFile),
                                              QString::fromStdString(pr.stage), pr.stageDone,
                                              pr.stageTotal, pr.elapsedSeconds,
                                              pr.etaSeconds.value_or(-1.0), pr.paused});
        };
        params->fileDone = [&events, id](std::size_t position, const FileRecord& record) {
            events.jobEvent(BatchFileView{id, rowOf(position, record)});
        };
        params->pause = request.paused.get();
        auto summary = gpen::runBatch(cache, *params);
        if (!summary) {
            events.jobEvent(JobFailure{id, CoreText::error(summary.error())});
            return;
        }
        events.jobEvent(BatchOutcome{
            id, summary->total, summary->ok, summary->skipped, summary->failed, summary->cancelled,
            summary->wasCancelled, fromPath(summary->reportJson), fromPath(summary->reportCsv),
            summary->seconds, summary->review, summary->diskFull, summary->pending,
            QString::fromStdString(summary->stopReason)});
    } catch (const std::exception& e) {
        events.jobEvent(JobFailure{id, QString::fromStdString(e.what())});
    }
}

}  // namespace gpen::ui
