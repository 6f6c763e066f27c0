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
#include <string>

#include "gpen/base/cancel_token.h"
#include "gpen/base/pause_token.h"
#include "gpen/base/expected.h"
#include "gpen/batch/batch_report.h"
#include "gpen/batch/batch_scan.h"
#include "gpen/batch/output_naming.h"
#include "gpen/engine/model_cache.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/restore_pipeline.h"

namespace gpen {

// Pauses a batch from any thread: the runner stops before the next file, and at the next
// progress point (between tiles and faces) of the file in hand, until resumed or cancelled.
struct BatchProgress {
    int filesDone = 0;    // finished in this run: ok, skipped, failed or cancelled
    int filesTotal = 0;   // in this run (this shard)
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
// Each file's final record, in the order files finish; same threading as BatchProgressFn.
using BatchFileFn = std::function<void(std::size_t position, const FileRecord& record)>;

struct BatchParams {
    std::filesystem::path inputDir;
    std::filesystem::path outputDir;
    BatchScanParams scan;
    std::string nameTemplate = kDefaultNameTemplate;
    IfExists ifExists = IfExists::Skip;
    OutputFormat format = OutputFormat::Same;
    int quality = 95;  // JPEG and WebP
    bool copyMetadata = true;
    RestoreParams restore;  // its progress and cancel are the runner's; set those below
    ImageReadParams read;
    // Empty: OUTPUT/gpen-batch-report.json (with a shard: gpen-batch-report-2of3.json). The CSV
    // goes beside it.
    std::filesystem::path reportPath;
    // Skip the files whose output is complete: marked ok in the existing report, or present on
    // disk (an atomic rename means a present target is whole).
    bool resume = false;
    ShardSpec shard;
    int queueDepth = 1;  // photos waiting between stages, each way
    // The report is rewritten at most this often while files finish (always at the end).
    std::chrono::milliseconds reportInterval{1000};
    BatchProgressFn progress;
    BatchFileFn fileDone;
    const CancelToken* cancel = nullptr;
    const PauseToken* pause = nullptr;
    AtomicWriteParams atomic;  // for the outputs (tests inject failures here)
};

struct BatchSummary {
    int total = 0;
    int ok = 0;
    int skipped = 0;
    int failed = 0;
    int cancelled = 0;
    bool wasCancelled = false;
    std::filesystem::path reportJson;
    std::filesystem::path reportCsv;
    double seconds = 0;
};

// The report path used for `params` (see BatchParams::reportPath).
std::filesystem::path batchReportPath(const BatchParams& params);

// The planned files and outputs, without running anything: what the GUI's table shows first.
struct PlannedFile {
    ScannedFile input;
    std::filesystem::path output;  // relative to the output folder
    FileRecord record;             // pending, or skipped / failed already (name collision, resume)
};
Expected<std::vector<PlannedFile>> planBatch(const BatchParams& params, const std::string& date);

// Runs the batch on the calling thread (plus a decoder and an encoder thread of its own).
// Returns an error only for what stops the whole batch before it starts: a bad template, an
// input folder that cannot be read, an output folder that cannot be created, a face model that
// does not load, a report that cannot be written. Per-file failures are in the summary and the
// report.
Expected<BatchSummary> runBatch(ModelCache& cache, const BatchParams& params);

}  // namespace gpen
