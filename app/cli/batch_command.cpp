// SPDX-License-Identifier: Apache-2.0
#include <semaphore.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <stop_token>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/engine_setup.h"
#include "cli/restore_options.h"
#include "gpen/batch/batch_runner.h"

namespace gpen::cli {
namespace {

// SIGINT and SIGTERM (a Ctrl-C, a Slurm or Kubernetes preemption) cancel the batch, which ends
// the file in hand at the next tile or face (or loads no further model) and writes its report.
// A second one exits at once: the report on disk is the last one written (atomically, as every
// output), and a --resume finishes the rest and clears the temporary files. A handler may only
// use what is async-signal-safe, which request_stop() is not (it runs the token's callbacks), so
// the handler posts a semaphore and a thread of ours requests the stop.
sem_t g_stopSignal;
std::atomic<int> g_stopSignals{0};
extern "C" void onStopSignal(int) {
    if (g_stopSignals.fetch_add(1) > 0) {
        static const char kMessage[] =
            "\ngpen-cli: stopped at once (a second signal); --resume finishes the batch\n";
        [[maybe_unused]] const auto written = ::write(2, kMessage, sizeof kMessage - 1);
        ::_exit(130);
    }
    ::sem_post(&g_stopSignal);
}

// While alive, SIGINT and SIGTERM request `source`'s stop; afterwards they are back to their
// defaults.
class StopOnSignal {
  public:
    explicit StopOnSignal(std::stop_source source) {
        ::sem_init(&g_stopSignal, 0, 0);
        m_waiter = std::jthread([source, this]() mutable {
            while (::sem_wait(&g_stopSignal) != 0) {
            }  // EINTR: a signal interrupted the wait; wait again
            if (!m_done.load()) source.request_stop();
        });
        std::signal(SIGINT, onStopSignal);
        std::signal(SIGTERM, onStopSignal);
    }
    ~StopOnSignal() {
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
        m_done.store(true);
        ::sem_post(&g_stopSignal);  // wakes the waiter when no signal came
        m_waiter.join();
        ::sem_destroy(&g_stopSignal);
    }
    StopOnSignal(const StopOnSignal&) = delete;
    StopOnSignal& operator=(const StopOnSignal&) = delete;

  private:
    std::atomic<bool> m_done{false};
    std::jthread m_waiter;
};

std::string twoDecimals(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

std::string duration(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    char buf[32];
    if (s >= 3600) {
        std::snprintf(buf, sizeof buf, "%ldh%02ldm", s / 3600, (s / 60) % 60);
    } else {
        std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
    }
    return buf;
}

// Progress on stderr. On a terminal: one line, redrawn at every finished file and otherwise at
// most 5 times a second. Elsewhere (a Slurm output file, a pipe, kubectl logs): plain lines, no
// carriage returns or escapes, at most one every 10 seconds plus the last, so that a 10,000-file
// batch does not write 10,000 redraws into its job's log.
class ProgressLine {
  public:
    ProgressLine() : m_terminal(::isatty(::fileno(stderr)) != 0) {}

    void update(const BatchProgress& p) {
        const auto now = std::chrono::steady_clock::now();
        if (!m_terminal) {
            const bool last = p.filesDone == p.filesTotal && p.filesDone != m_lastDone;
            if (!last && (p.filesDone == m_lastDone || now - m_last < std::chrono::seconds(10)))
                return;
            m_last = now;
            m_lastDone = p.filesDone;
            const double rate = p.elapsedSeconds > 0 ? p.filesDone / p.elapsedSeconds * 60.0 : 0.0;
            std::fprintf(stderr, "[%d/%d] ok %d, skipped %d, failed %d | %.1f files/min | ETA %s\n",
                         p.filesDone, p.filesTotal, p.ok, p.skipped, p.failed, rate,
                         p.etaSeconds ? duration(*p.etaSeconds).c_str() : "--");
            std::fflush(stderr);
            return;
        }
        if (p.filesDone == m_lastDone && now - m_last < std::chrono::milliseconds(200)) return;
        m_last = now;
        m_lastDone = p.filesDone;
        const std::string stage = p.paused ? "paused" : p.stage;
        std::fprintf(stderr, "\r[%d/%d] ok %d, skipped %d, failed %d | %s: %s %d/%d | ETA %s\033[K",
                     p.filesDone, p.filesTotal, p.ok, p.skipped, p.failed, p.currentFile.c_str(),
                     stage.c_str(), p.stageDone, p.stageTotal,
                     p.etaSeconds ? duration(*p.etaSeconds).c_str() : "--");
        std::fflush(stderr);
    }

    // A failed file's line, between redraws.
    void failed(const FileRecord& r) const {
        std::fprintf(stderr, "%sfailed: %s: %s\n", m_terminal ? "\r\033[K" : "", r.file.c_str(),
                     r.error.c_str());
    }

    // A file whose faces may no longer be the same people, between redraws.
    void review(const FileRecord& r, double minimum) const {
        std::string faces;
        for (int f : r.reviewFaces) faces += (faces.empty() ? "" : ", ") + std::to_string(f);
        std::fprintf(stderr, "%sreview: %s: face%s %s below identity %.2f (lowest %.2f)\n",
                     m_terminal ? "\r\033[K" : "", r.file.c_str(),
                     r.reviewFaces.size() > 1 ? "s" : "", faces.c_str(), minimum, r.identityMin);
    }

    // Ends the redrawn line (a terminal's); nothing elsewhere.
    void finish() const {
        if (m_terminal) std::fprintf(stderr, "\n");
    }

  private:
    bool m_terminal;
    std::chrono::steady_clock::time_point m_last{};
    int m_lastDone = -1;
};

struct BatchCommandOptions {
    std::string inputDir;
    std::string outputDir;
    bool recursive = false;
    std::vector<std::string> include;
    std::vector<std::string> exclude;
    std::string nameTemplate = kDefaultNameTemplate;
    std::string ifExists = "skip";
    std::string format = "same";
    RestoreOptions restore;
    std::string report;
    bool resume = false;
    std::string shard;
    int queue = 1;
    double minIdentity = kIdentityChanged;
    bool json = false;
    EngineOptions engine;
};

int batch(const BatchCommandOptions& o) {
    auto restore = o.restore.params();
    if (!restore) return fail(restore.error().message);
    if (restore->task == FaceTask::Inpaint && !restore->findDamage) {
        return fail(
            "a batch inpaints what --find-damage finds: each photo would need a damage mask of its "
            "own (gpen-cli restore --task inpaint --mask MASK.png)");
    }
    BatchParams p;
    p.inputDir = o.inputDir;
    p.outputDir = o.outputDir;
    p.restore = std::move(*restore);
    p.scan.recursive = o.recursive;
    p.scan.include = o.include;
    p.scan.exclude = o.exclude;
    p.nameTemplate = o.nameTemplate;
    p.ifExists = *parseIfExists(o.ifExists);  // checked by the parser
    p.format = *parseOutputFormat(o.format);
    p.quality = o.restore.quality;
    p.queueDepth = o.queue;
    p.copyMetadata = !o.restore.noMetadata;
    p.read = o.restore.readParams();
    if (!o.report.empty()) p.reportPath = o.report;
    p.resume = o.resume;
    if (!o.shard.empty()) p.shard = *parseShard(o.shard);
    p.minIdentity = o.minIdentity;
    const bool json = o.json;

    auto cache = makeCliCache(o.engine, {&p.restore.faceModel});
    if (!cache) return fail(cache.error().message);
    (*cache)->rescan();

    std::stop_source stop;
    p.stop = stop.get_token();
    ProgressLine line;
    p.progress = [&](const BatchProgress& progress) { line.update(progress); };
    p.fileDone = [&](std::size_t, const FileRecord& r) {
        if (r.status == FileStatus::Failed) line.failed(r);
        if (r.review()) line.review(r, p.minIdentity);
    };
    auto summary = [&] {
        const StopOnSignal signals(stop);
        return runBatch(**cache, p);
    }();
    line.finish();
    if (!summary) return fail(summary.error().message);

    if (json) {
        nlohmann::json j = {{"total", summary->total},
                            {"ok", summary->ok},
                            {"restored", summary->restoredByThisRun()},
                            {"already_done", summary->alreadyDone},
                            {"skipped", summary->skipped},
                            {"failed", summary->failed},
                            {"cancelled", summary->cancelled},
                            {"review", summary->review},
                            {"pending", summary->pending},
                            {"disk_full", summary->diskFull},
                            {"seconds", summary->seconds},
                            {"report", summary->reportJson.string()},
                            {"report_csv", summary->reportCsv.string()}};
        std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
        // A resumed batch: what this run restored, and what an earlier one had (not counted
        // as this run's work).
        std::cout << summary->total << " files: " << summary->restoredByThisRun() << " restored, "
                  << (summary->alreadyDone
                          ? std::to_string(summary->alreadyDone) + " already done, "
                          : std::string())
                  << summary->skipped << " skipped, " << summary->failed << " failed"
                  << (summary->cancelled ? ", " + std::to_string(summary->cancelled) + " cancelled"
                                         : "")
                  << (summary->pending
                          ? ", " + std::to_string(summary->pending) + " not written (disk full)"
                          : "")
                  << " in " << duration(summary->seconds)
                  << (summary->review ? "\n" + std::to_string(summary->review) +
                                            " to review: a face's identity score is below " +
                                            twoDecimals(p.minIdentity)
                                      : std::string())
                  << "\nreport: " << summary->reportJson.string() << "\n";
    }
    if (summary->diskFull) std::fprintf(stderr, "stopped: %s\n", summary->stopReason.c_str());
    return summary->failed > 0 || summary->cancelled > 0 || summary->pending > 0 ? 2 : 0;
}

}  // namespace

void addBatchCommand(CLI::App& root, Runner& runner) {
    auto o = std::make_shared<BatchCommandOptions>();
    CLI::App* command =
        root.add_subcommand("batch", "restore every photo of a folder into another");
    command->add_option("IN_DIR", o->inputDir, "the photos (never written to)")->required();
    command
        ->add_option("OUT_DIR", o->outputDir,
                     "where the restored photos, the report and the journal go")
        ->required();
    const char* files = "Files";
    command->add_flag("--recursive", o->recursive, "the folders inside IN_DIR too")->group(files);
    command->add_option("--include", o->include, "only the files matching GLOB (repeatable)")
        ->allow_extra_args(false)
        ->type_name("GLOB")
        ->group(files);
    command->add_option("--exclude", o->exclude, "not the files matching GLOB (repeatable)")
        ->allow_extra_args(false)
        ->type_name("GLOB")
        ->group(files);
    command
        ->add_option(
            "--name", o->nameTemplate,
            "the output's path in OUT_DIR: {relpath} {name} {ext} {model} {scale} {date} {index}")
        ->capture_default_str()
        ->group(files);
    command->add_option("--if-exists", o->ifExists, "an output that is already there")
        ->check(parsedBy(parseIfExists, "skip|overwrite|suffix"))
        ->capture_default_str()
        ->group(files);
    command->add_option("--format", o->format, "the outputs' format")
        ->check(parsedBy(parseOutputFormat, "same|png|jpg|tif|webp"))
        ->capture_default_str()
        ->group(files);
    o->restore.addTo(*command);
    const char* run = "Run";
    command->add_option("--report", o->report, "the report's path (default: in OUT_DIR)")
        ->group(run);
    command
        ->add_flag("--resume", o->resume,
                   "go on with a batch that stopped, with the settings it started with")
        ->group(run);
    command
        ->add_option("--shard", o->shard,
                     "this machine's share i/n of the files (Slurm, Kubernetes)")
        ->check(parsedBy(parseShard, "i/n"))
        ->group(run);
    command->add_option("--queue", o->queue, "photos decoded and encoded ahead of the restore")
        ->check(CLI::Range(1, 16))
        ->capture_default_str()
        ->group(run);
    command
        ->add_option("--min-identity", o->minIdentity,
                     "files with a face scoring below X are marked for review")
        ->check(CLI::Range(-1.0, 1.0))
        ->capture_default_str()
        ->group(run);
    command->add_flag("--json", o->json, "the summary as one JSON line")->group(run);
    addEngineOptions(*command, o->engine);
    command->footer(
        "Exit code 0: all done; 2: some files failed, were cancelled or not written; 1: nothing "
        "could start.");
    runs(command, runner, o, batch);
}

}  // namespace gpen::cli
