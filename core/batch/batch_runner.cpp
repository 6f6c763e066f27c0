// SPDX-License-Identifier: Apache-2.0
#include "gpen/batch/batch_runner.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <thread>

#include "batch/batch_plan.h"
#include "batch/bounded_queue.h"
#include "gpen/base/byte_text.h"
#include "gpen/base/log.h"
#include "gpen/base/sha256.h"
#include "gpen/pipeline/restore_job.h"

namespace gpen {
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
}

bool isCancelled(const BatchParams& p) {
    return p.stop.stop_requested();
}

// A photo between the runner's stages: its job, or why it stopped.
struct Work {
    std::size_t position = 0;  // in the plan
    std::optional<RestoreJob> job;
    int faces = 0;
    std::vector<double> identity;  // each face's score (NaN: not scored)
    double seconds = 0;
    std::optional<Error> failure;
};

// The file's identity check: its lowest face score, and the faces under the batch's minimum.
void recordIdentity(FileRecord& record, const std::vector<double>& scores, double minimum) {
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if (std::isnan(scores[i])) continue;
        if (std::isnan(record.identityMin) || scores[i] < record.identityMin)
            record.identityMin = scores[i];
        if (scores[i] < minimum) record.reviewFaces.push_back(static_cast<int>(i) + 1);
    }
}

// The models every file needs, loaded (and pinned) before the first file so that the batch loads
// each once and a missing face model stops it before it starts.
class ModelHold {
  public:
    ModelHold(ModelCache& cache) : m_cache(cache) {}
    ModelHold(const ModelHold&) = delete;
    ModelHold& operator=(const ModelHold&) = delete;
    ~ModelHold() {
        for (const auto& id : m_pinnedByUs) m_cache.setPinned(id, false);
    }

    Expected<void> hold(const std::string& id) {
        auto model = m_cache.acquire(id);
        if (!model) return tl::unexpected(model.error());
        m_models.push_back(*model);
        if (!m_cache.status(id).pinned) {
            m_cache.setPinned(id, true);
            m_pinnedByUs.push_back(id);
        }
        m_ids.push_back(id);
        return {};
    }
    const std::vector<std::string>& ids() const { return m_ids; }

  private:
    ModelCache& m_cache;
    std::vector<std::shared_ptr<const LoadedModel>> m_models;
    std::vector<std::string> m_ids;
    std::vector<std::string> m_pinnedByUs;
};

// Cancelled meanwhile, it loads no further model: the batch then records every file cancelled.
Expected<void> loadModels(const ResolvedModels& models, ModelHold& hold,
                          const BatchParams& params) {
    for (const std::string* id : {&models.faceModel, &models.detector, &models.background}) {
        if (id->empty()) continue;
        if (isCancelled(params)) return {};
        if (auto ok = hold.hold(*id); !ok) return ok;
    }
    // The parser is optional (the rectangle mask stands in): one that fails is the pipeline's note.
    if (!models.parser.empty() && !isCancelled(params)) (void)hold.hold(models.parser);
    // So is the identity descriptor (faces are then not scored, noted).
    if (!models.identity.empty() && !isCancelled(params)) (void)hold.hold(models.identity);
    return {};
}

std::vector<ModelRecord> modelRecords(ModelCache& cache, const std::vector<std::string>& ids) {
    std::vector<ModelRecord> out;
    for (const auto& id : ids) {
        const ModelStatus s = cache.status(id);
        ModelRecord m{
            id, s.file.empty() ? std::string() : fs::absolute(s.file).string(), s.fileBytes, {}};
        if (!s.file.empty()) {
            auto digest = sha256OfFile(s.file);
            m.sha256 = digest ? *digest : "unreadable: " + digest.error().message;
        }
        out.push_back(std::move(m));
    }
    return out;
}

// The report and the progress, shared by the runner's threads; every callback runs under its lock.
class BatchState {
  public:
    BatchState(const BatchParams& params, BatchReport report, std::vector<PlannedFile> plan)
        : m_params(params),
          m_report(std::move(report)),
          m_plan(std::move(plan)),
          m_started(Clock::now()) {
        m_progress.filesTotal = static_cast<int>(m_plan.size());
        for (const auto& pf : m_plan) {
            m_report.files.push_back(pf.record);
            if (pf.record.status != FileStatus::Pending) count(pf.record.status);
            if (pf.record.status == FileStatus::Ok) m_alreadyDone += 1;
        }
    }

    // The files an earlier run restored (--resume), planned as done.
    int alreadyDone() const { return m_alreadyDone; }

    const std::vector<PlannedFile>& plan() const { return m_plan; }

    // The first write that found the disk full stops the batch: its file and every later one
    // stay pending. Any thread; the first reason is kept.
    void stopForFullDisk(std::string reason) {
        std::lock_guard lock(m_mutex);
        if (m_diskFull) return;
        m_stopReason = std::move(reason);
        m_diskFull = true;
    }
    bool diskFull() const { return m_diskFull; }
    std::string stopReason() {
        std::lock_guard lock(m_mutex);
        return m_stopReason;
    }

    Expected<void> writeReport() {
        std::lock_guard lock(m_mutex);
        return writeLocked();
    }

    void stage(const std::string& file, const Progress& p) {
        std::lock_guard lock(m_mutex);
        m_progress.currentFile = file;
        m_progress.stage = p.stage;
        m_progress.stageDone = p.done;
        m_progress.stageTotal = p.total;
        emitLocked();
    }

    void setPaused(bool paused) {
        std::lock_guard lock(m_mutex);
        if (m_progress.paused == paused) return;
        m_progress.paused = paused;
        emitLocked();
    }

    // A file's final record: into the report (rewritten when the interval has passed), the
    // callbacks and the counts.
    void finish(std::size_t position, FileRecord record) {
        std::lock_guard lock(m_mutex);
        if (record.status != FileStatus::Skipped) {
            m_processed += 1;
        }
        count(record.status);
        m_report.files[position] = record;
        if (m_params.fileDone) m_params.fileDone(position, record);
        if (Clock::now() - m_lastWrite >= m_params.reportInterval) (void)writeLocked();
        emitLocked();
    }

    // A cancel: the files not started are marked cancelled.
    void cancelLeftovers() {
        for (std::size_t i = 0; i < m_plan.size(); ++i) {
            bool pending = false;
            {
                std::lock_guard lock(m_mutex);
                pending = m_report.files[i].status == FileStatus::Pending;
            }
            if (pending) {
                FileRecord r = m_plan[i].record;
                r.status = FileStatus::Cancelled;
                r.error = kCancelledBeforeStart;
                r.errorCode = ErrorCode::Cancelled;
                finish(i, r);
            }
        }
    }

    BatchReport finalReport() {
        std::lock_guard lock(m_mutex);
        return m_report;
    }

    void markFinished() {
        std::lock_guard lock(m_mutex);
        m_report.finished = batch::nowIsoUtc();
    }

  private:
    void count(FileStatus s) {
        m_progress.filesDone += 1;
        if (s == FileStatus::Ok) m_progress.ok += 1;
        if (s == FileStatus::Skipped) m_progress.skipped += 1;
        if (s == FileStatus::Failed) m_progress.failed += 1;
    }

    Expected<void> writeLocked() {
        m_lastWrite = Clock::now();
        auto ok = writeBatchReport(m_report, batchReportPath(m_params));
        if (!ok) log(LogLevel::Warning, "batch report: " + ok.error().message);
        return ok;
    }

    void emitLocked() {
        m_progress.elapsedSeconds = secondsSince(m_started);
        // Skipped files cost nothing; the mean is over the files that were worked on.
        int remaining = 0;
        for (const auto& f : m_report.files) remaining += f.status == FileStatus::Pending ? 1 : 0;
        if (m_processed > 0) {
            m_progress.etaSeconds = m_progress.elapsedSeconds / m_processed * remaining;
        }
        if (m_params.progress) m_params.progress(m_progress);
    }

    const BatchParams& m_params;
    std::mutex m_mutex;
    BatchReport m_report;
    std::vector<PlannedFile> m_plan;
    BatchProgress m_progress;
    Clock::time_point m_started;
    Clock::time_point m_lastWrite{};
    int m_processed = 0;
    int m_alreadyDone = 0;
    std::atomic<bool> m_diskFull{false};
    std::string m_stopReason;
};

bool stopped(const BatchParams& params, const BatchState& state) {
    return isCancelled(params) || state.diskFull();
}

// What the user reads when the disk fills: where, what is free, about what the next photo needs
// (its original's size: an output in the same format is about that), and how to finish.
std::string fullDiskReason(const fs::path& target, const fs::path& input, const Error& error) {
    std::error_code ec;
    const fs::space_info space = fs::space(target.parent_path(), ec);
    const std::uintmax_t needs = fs::file_size(input, ec);
    std::string why =
        "the disk holding " + target.parent_path().string() + " is full (" + error.message + ")";
    if (!ec)
        why += ": " + formatBytes(space.available) + " free, the next photo needs about " +
               formatBytes(needs);
    return why +
           ". The batch stopped; free some space, then run it again with --resume to finish the "
           "files not written";
}

void decodeLoop(const BatchParams& params, const RestoreJobParams& jobParams, BatchState& state,
                const std::vector<std::size_t>& todo, batch::BoundedQueue<Work>& out) {
    for (const std::size_t position : todo) {
        if (stopped(params, state)) break;
        const auto started = Clock::now();
        Work w;
        w.position = position;
        try {
            w.job.emplace(state.plan()[position].input.path, jobParams);
            if (auto decoded = w.job->decode(); !decoded) w.failure = decoded.error();
        } catch (
            const std::exception& e) {  // no exception may end this thread: the batch would hang
            w.failure = Error{ErrorCode::Internal, std::string("decoding failed: ") + e.what()};
        }
        w.seconds = secondsSince(started);
        if (!out.push(std::move(w))) break;
    }
    out.close();
}

void encodeLoop(const BatchParams& params, BatchState& state, batch::BoundedQueue<Work>& in) {
    while (auto w = in.pop()) {
        if (state.diskFull()) continue;  // stays pending: every later write would fail too
        const PlannedFile& pf = state.plan()[w->position];
        FileRecord record = pf.record;
        const auto started = Clock::now();
        if (w->job) {
            record.faces = w->faces;
            record.notes = w->job->notes();
            recordIdentity(record, w->identity, params.minIdentity);
        }
        if (w->failure) {
            record.status = w->failure->code == ErrorCode::Cancelled ? FileStatus::Cancelled
                                                                     : FileStatus::Failed;
            record.error = w->failure->code == ErrorCode::Cancelled
                               ? std::string(kCancelledWhileRunning)
                               : w->failure->message;
            record.errorCode = w->failure->code;
        } else {
            const fs::path target = params.outputDir / pf.output;
            std::error_code ec;
            fs::create_directories(target.parent_path(), ec);
            const Expected<void> ok =
                ec ? Expected<void>(makeError(ErrorCode::Io, "cannot create the folder " +
                                                                 target.parent_path().string() +
                                                                 ": " + ec.message()))
                   : w->job->write(target);
            if (!ok && ok.error().code == ErrorCode::NoSpace) {
                state.stopForFullDisk(fullDiskReason(target, pf.input.path, ok.error()));
                continue;
            }
            record.status = ok ? FileStatus::Ok : FileStatus::Failed;
            if (!ok) {
                record.error = ok.error().message;
                record.errorCode = ok.error().code;
            }
        }
        w->job.reset();
        record.seconds = w->seconds + secondsSince(started);
        state.finish(w->position, std::move(record));
    }
}

// The output folder may hold the input folder or lie inside it (it is then never scanned), but
// it may not be the input folder: every output would be taken as input by the next run.
Expected<void> checkFolders(const BatchParams& params) {
    std::error_code ec;
    if (fs::exists(params.outputDir, ec) && fs::equivalent(params.inputDir, params.outputDir, ec)) {
        return makeError(ErrorCode::InvalidArgument,
                         params.outputDir.string() +
                             ": the output folder is the input folder; restored photos go to a "
                             "folder of their own, so that no original is ever replaced");
    }
    return {};
}

}  // namespace

Expected<BatchSummary> runBatch(ModelCache& cache, const BatchParams& params) {
    const auto started = Clock::now();
    if (params.quality < 1 || params.quality > 100) {
        return makeError(ErrorCode::InvalidArgument, "quality must be 1..100");
    }
    if (params.shard.count < 1 || params.shard.index < 1 ||
        params.shard.index > params.shard.count) {
        return makeError(ErrorCode::InvalidArgument, "the shard must be i/n with 1 <= i <= n");
    }
    if (auto probe = expandNameTemplate(
            params.nameTemplate, {"photo.jpg", "model", 1, "2000-01-01", 0, 1, params.format});
        !probe) {
        return tl::unexpected(probe.error());
    }
    if (auto ok = checkFolders(params); !ok) return tl::unexpected(ok.error());
    // Scanned before the output folder is made: one that does not exist yet holds nothing to skip.
    BatchScanParams scan = params.scan;
    scan.skipFolders.push_back(params.outputDir);
    auto scanned = scanInputFolder(params.inputDir, scan);
    if (!scanned) return tl::unexpected(scanned.error());
    for (const auto& w : scanned->warnings) log(LogLevel::Warning, "batch: " + w);
    std::error_code ec;
    fs::create_directories(params.outputDir, ec);
    if (ec || !fs::is_directory(params.outputDir, ec)) {
        return makeError(ErrorCode::Io, params.outputDir.string() +
                                            ": cannot create the output folder" +
                                            (ec ? ": " + ec.message() : std::string()));
    }
    const fs::path reportPath = batchReportPath(params);
    std::optional<BatchReport> previous;
    std::string date = batch::todayUtc();
    if (params.resume && fs::exists(reportPath, ec)) {
        auto r = readBatchReport(reportPath);
        if (!r) return makeError(ErrorCode::Malformed, "cannot resume: " + r.error().message);
        for (const auto& [k, v] : r->settings) {
            if (k == "date") date = v;  // names made with {date} keep the first run's
        }
        previous = std::move(*r);
    }

    auto models = resolveModels(cache, params.restore);
    if (!models) return tl::unexpected(models.error());
    auto settings = batch::batchSettings(params, *models, date);
    if (previous) {
        if (auto ok = batch::checkResumeSettings(previous->settings, settings); !ok)
            return tl::unexpected(ok.error());
    }
    ModelHold hold(cache);
    if (auto ok = loadModels(*models, hold, params); !ok) return tl::unexpected(ok.error());

    BatchReport report;
    report.software = std::string("GPEN Studio ") + GPEN_STUDIO_VERSION;
    report.started =
        previous && !previous->started.empty() ? previous->started : batch::nowIsoUtc();
    report.inputDir = fs::absolute(params.inputDir).string();
    report.outputDir = fs::absolute(params.outputDir).string();
    report.shard = params.shard.count > 1 ? std::to_string(params.shard.index) + "/" +
                                                std::to_string(params.shard.count)
                                          : "";
    report.settings = std::move(settings);
    report.minIdentity = params.minIdentity;
    const ScanDigest seen = scanDigest(scanned->files);
    report.scanFiles = seen.files;
    report.scanSha256 = seen.sha256;
    report.models = modelRecords(cache, hold.ids());

    BatchState state(params, std::move(report),
                     batch::planFiles(params, scanned->files, models->faceModel, date,
                                      previous ? &*previous : nullptr));
    (void)
        state.writeReport();  // a report that cannot be written is logged; the outputs still count
    if (params.planned) params.planned(state.plan());
    // Files the plan refused (no photo, an output name taken) fail as every failed file does:
    // reported once, before the first photo starts. Those it leaves as they are (skipped, done by
    // an earlier run) are not news of this run.
    if (params.fileDone) {
        for (std::size_t i = 0; i < state.plan().size(); ++i) {
            if (state.plan()[i].record.status == FileStatus::Failed)
                params.fileDone(i, state.plan()[i].record);
        }
    }

    // Every file's job: the models resolved above (one set for the whole batch, as recorded),
    // the decoder's limits, the encoder's settings.
    RestoreJobParams jobParams;
    jobParams.restore = params.restore;
    jobParams.restore.stop = params.stop;
    jobParams.read = params.read;
    jobParams.write.quality = params.quality;
    jobParams.write.copyMetadata = params.copyMetadata;
    jobParams.write.atomic = params.atomic;
    jobParams.models = *models;

    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < state.plan().size(); ++i) {
        if (state.plan()[i].record.status == FileStatus::Pending) todo.push_back(i);
    }
    batch::BoundedQueue<Work> decoded(static_cast<std::size_t>(params.queueDepth));
    batch::BoundedQueue<Work> restored(static_cast<std::size_t>(params.queueDepth));
    std::thread decoder([&] { decodeLoop(params, jobParams, state, todo, decoded); });
    std::thread encoder([&] { encodeLoop(params, state, restored); });

    // Inference on this thread: the models were made here or are shared through the cache.
    while (auto w = decoded.pop()) {
        if (state.diskFull()) break;  // nothing more can be written: restore no further photo
        if (params.pause && params.pause->paused()) {
            state.setPaused(true);
            params.pause->waitWhilePaused(params.stop);
            state.setPaused(false);
        }
        if (!w->failure && isCancelled(params))
            w->failure = Error{ErrorCode::Cancelled, "cancelled"};
        if (!w->failure) {
            const std::string file = state.plan()[w->position].record.file;
            const auto inferStarted = Clock::now();
            // The job's progress is this file's; a pause holds it between tiles and faces.
            w->job->setProgress([&](const Progress& p) {
                state.stage(file, p);
                if (params.pause && params.pause->paused()) {
                    state.setPaused(true);
                    params.pause->waitWhilePaused(params.stop);
                    state.setPaused(false);
                }
            });
            state.stage(file, {"restore", 0, 0, {}});
            if (auto ok = w->job->restore(cache); !ok) w->failure = ok.error();
            w->job->setProgress(nullptr);  // it refers to this scope
            // The encoder needs the result and the decoded input (its layout); the faces not.
            w->faces = static_cast<int>(w->job->result().faces.size());
            for (const auto& f : w->job->result().faces) w->identity.push_back(f.identity);
            w->job->result().faces.clear();
            w->seconds += secondsSince(inferStarted);
        }
        if (!restored.push(std::move(*w))) break;
    }
    decoded.close();  // stops the decoder if inference stopped early
    decoder.join();
    restored.close();
    encoder.join();

    const bool wasCancelled = isCancelled(params);
    const bool diskFull = state.diskFull();
    // A full disk leaves the files not written pending, for --resume; a cancel marks them.
    if (!diskFull) state.cancelLeftovers();
    state.markFinished();
    const BatchReport finalReport = state.finalReport();
    (void)state.writeReport();

    BatchSummary s;
    s.total = static_cast<int>(finalReport.files.size());
    s.ok = finalReport.count(FileStatus::Ok);
    s.alreadyDone = state.alreadyDone();
    s.review = static_cast<int>(std::count_if(finalReport.files.begin(), finalReport.files.end(),
                                              [](const FileRecord& f) { return f.review(); }));
    s.skipped = finalReport.count(FileStatus::Skipped);
    s.failed = finalReport.count(FileStatus::Failed);
    s.cancelled = finalReport.count(FileStatus::Cancelled);
    s.wasCancelled = wasCancelled;
    s.pending = finalReport.count(FileStatus::Pending);
    s.diskFull = diskFull;
    if (diskFull) {
        s.stopReason = state.stopReason();
        log(LogLevel::Warning, "batch: " + s.stopReason);
    }
    s.reportJson = reportPath;
    s.reportCsv = csvPathFor(reportPath);
    s.seconds = secondsSince(started);
    return s;
}

}  // namespace gpen
