// SPDX-License-Identifier: Apache-2.0
#pragma once

// A folder of photos restored file by file with the models loaded once. Decoding and encoding
// run on their own threads and overlap inference through bounded queues (at most `queueDepth`
// decoded photos wait for the network and as many restored ones for the encoder, so memory stays
// bounded on a folder of 200 MP scans). A bad file is recorded with its error and the batch goes
// on; the report is rewritten atomically as it goes, so a killed batch keeps what finished and
// `resume` redoes only what is missing.

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>

#include "gpen/base/expected.h"
#include "gpen/base/pause_token.h"
#include "gpen/batch/batch_report.h"
#include "gpen/batch/batch_scan.h"
#include "gpen/batch/output_naming.h"
#include "gpen/engine/model_cache.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/restore_job.h"

namespace gpen {

// Pauses a batch from any thread: the runner stops before the next file, and at the next
// progress point (between tiles and faces) of the file in hand, until resumed or cancelled.
struct BatchProgress {
    int filesDone = 0;   // finished in this run: ok, skipped, failed or cancelled
    int filesTotal = 0;  // in this run (this shard)
    int ok = 0;
    int skipped = 0;
    int failed = 0;
    std::string currentFile;  // relative to the input folder; the one in inference
    std::string stage;        // "decode", "background", "detection", "faces", ..., "encode"
    int stageDone = 0;
    int stageTotal = 0;
    double elapsedSeconds = 0;
    // From the running mean of the files processed so far (skips excluded); none before the first.
    std::optional<double> etaSeconds;
    bool paused = false;
};

// Called from the runner's threads (inference and encoder), never concurrently; must return
// quickly and not throw.
using BatchProgressFn = std::function<void(const BatchProgress&)>;
// Each file's final record as it finishes in this run, once (those the plan refused on the calling
// thread right after BatchPlanFn; not those it skipped); same threading as BatchProgressFn.
using BatchFileFn = std::function<void(std::size_t position, const FileRecord& record)>;

// One file of the plan a batch runs: its input, its output and its record so far.
struct PlannedFile {
    ScannedFile input;
    std::filesystem::path output;  // relative to the output folder
    FileRecord record;             // pending, or skipped / failed already (name collision, resume)
};
// The plan, once, before the first file starts (on the calling thread): what the GUI's table
// shows. Positions in BatchFileFn are indices into it.
using BatchPlanFn = std::function<void(const std::vector<PlannedFile>& plan)>;

struct BatchParams {
    std::filesystem::path inputDir;
    std::filesystem::path outputDir;
    BatchScanParams scan;
    std::string nameTemplate = kDefaultNameTemplate;
    IfExists ifExists = IfExists::Skip;
    OutputFormat format = OutputFormat::Same;
    int quality = 95;  // JPEG and WebP
    bool copyMetadata = true;
    // Its progress and stop token are the runner's (set those below); the models are resolved once
    // for the whole batch (resolveModels: "auto" takes the installed default face model, or none).
    RestoreParams restore;
    ImageReadParams read;
    // Empty: OUTPUT/gpen-batch-report.json (with a shard: gpen-batch-report-2of3.json). The CSV
    // goes beside it.
    std::filesystem::path reportPath;
    // Skip the files whose output is complete: marked ok in the existing report, or written by
    // the earlier run before it stopped (an atomic rename means a present target is whole). The
    // settings must be the earlier run's (else an error names the first that differs).
    bool resume = false;
    // A file with a face whose identity score is below this is marked for review (the faces
    // are scored when the descriptor is installed and RestoreParams::identity is on).
    double minIdentity = kIdentityChanged;
    ShardSpec shard;
    int queueDepth = 1;  // photos waiting between stages, each way
    // The report is rewritten at most this often while files finish (always at the end).
    std::chrono::milliseconds reportInterval{1000};
    BatchPlanFn planned;
    BatchProgressFn progress;
    BatchFileFn fileDone;
    std::stop_token stop;
    const PauseToken* pause = nullptr;
    AtomicWriteParams atomic;  // for the outputs (tests inject failures here)
};

struct BatchSummary {
    int total = 0;
    int ok = 0;           // restored, by this run or an earlier one
    int alreadyDone = 0;  // of those, done by an earlier run (--resume) and not restored again
    int restoredByThisRun() const { return ok - alreadyDone; }
    int skipped = 0;
    int failed = 0;
    int cancelled = 0;
    int review = 0;   // ok files with a face below the minimum identity score
    int pending = 0;  // files not written: the batch stopped first (a full disk)
    bool wasCancelled = false;
    // The output's disk filled up: the batch stopped at the first file it could not write, and
    // that file and the rest stay pending in the report (--resume completes them once space is
    // freed). `stopReason` says so, with the space free and about what the next photo needs.
    bool diskFull = false;
    std::string stopReason;
    std::filesystem::path reportJson;
    std::filesystem::path reportCsv;
    double seconds = 0;
};

// The report path used for `params` (see BatchParams::reportPath).
std::filesystem::path batchReportPath(const BatchParams& params);

// Runs the batch on the calling thread (plus a decoder and an encoder thread of its own), each
// file a RestoreJob. The output folder is never scanned as input (when it lies inside the input
// folder) and may not be the input folder; no output is ever written over an input. Returns an
// error only for what stops the whole batch before it starts: a bad template, an input folder
// that cannot be read or is the output folder, an output folder that cannot be created, a face
// model that does not load, a resume with other settings. Per-file failures are in the summary
// and the report.
Expected<BatchSummary> runBatch(ModelCache& cache, const BatchParams& params);

}  // namespace gpen
