// SPDX-License-Identifier: Apache-2.0
#pragma once

// The record of a batch: every setting, the SHA-256 of every model file used, and one row per
// file. Written as JSON (the whole record, read back by --resume and `report merge`) and CSV (the
// rows, for a spreadsheet), each atomically, so that a killed batch keeps what had finished.

#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/pipeline/identity_bands.h"

namespace gpen {

enum class FileStatus { Pending, Ok, Skipped, Failed, Cancelled };

// The note of a file whose output a resumed batch found whole but unrecorded (the earlier run
// stopped between writing it and recording it): kept, not restored again.
inline constexpr std::string_view kNoteFinishedByEarlierRun =
    "restored by the earlier run, which stopped before recording its details";
// Why a file was skipped or cancelled (FileRecord::error).
inline constexpr std::string_view kSkippedOutputExists = "output exists";
inline constexpr std::string_view kCancelledWhileRunning = "cancelled";
inline constexpr std::string_view kCancelledBeforeStart = "cancelled before it was started";
const char* fileStatusName(FileStatus status);  // "pending", "ok", "skipped", "failed", "cancelled"

struct FileRecord {
    std::string file;    // the input, relative to the input folder (generic '/' separators)
    std::string output;  // relative to the output folder; empty when none was planned
    FileStatus status = FileStatus::Pending;
    int faces = 0;
    double seconds = 0;  // decode + restore + encode of this file
    std::string error;   // failed: what went wrong; skipped: why
    // What the user should know of an output that was written: the decoder's warnings (damaged
    // data decoded around), faces skipped, fallbacks taken, the upscaler that ran.
    std::vector<std::string> notes;
    // Under --if-exists overwrite, the identity of the file the output replaces, as found when
    // the batch was planned (fileIdentity()): a resumed batch redoes the file while the target is
    // still that file, and keeps it once it is another (our atomic rename makes a new one).
    std::string replaces;
    // The identity check of an ok file whose faces were scored: the lowest face score (NaN when
    // none was scored), how many faces scored below the batch's minimum, and those faces
    // (1-based, in the restore's order). A file with any is marked for review.
    double identityMin = std::numeric_limits<double>::quiet_NaN();
    std::vector<int> reviewFaces;
    // What kind of failure `error` is: the GUI words it in the user's language from it (a skip
    // or a cancel says one of the reasons below, Cancelled for a cancel).
    ErrorCode errorCode = ErrorCode::Internal;
    bool review() const { return !reviewFaces.empty(); }
};

// "device:inode:size:mtime_ns" of a file, empty when it cannot be read: what tells one file from
// another put at the same path.
std::string fileIdentity(const std::filesystem::path& path);

struct ModelRecord {
    std::string id;
    std::string file;  // absolute path where it was loaded from
    std::uint64_t bytes = 0;
    std::string sha256;  // lowercase hex
};

struct BatchReport {
    std::string software;  // "GPEN Studio 0.1.0"
    std::string started;   // ISO 8601, UTC
    std::string finished;  // empty while running
    std::string inputDir;
    std::string outputDir;
    std::string shard;  // "2/3", or "" for the whole list
    // What the scan saw (the whole list, every shard's): reports of one batch's shards merge only
    // when they saw the same files.
    std::size_t scanFiles = 0;
    std::string scanSha256;
    // Every setting that shapes an output, as text, in a stable order ("face_model", ...).
    std::vector<std::pair<std::string, std::string>> settings;
    // Faces scoring below this are marked for review (BatchParams::minIdentity).
    double minIdentity = kIdentityChanged;
    std::vector<ModelRecord> models;
    std::vector<FileRecord> files;

    int count(FileStatus status) const;
};

// The CSV beside a JSON report: "report.json" -> "report.csv".
std::filesystem::path csvPathFor(const std::filesystem::path& jsonPath);

// Writes the JSON and the CSV beside it, each atomically.
Expected<void> writeBatchReport(const BatchReport& report, const std::filesystem::path& jsonPath);
Expected<BatchReport> readBatchReport(const std::filesystem::path& jsonPath);
std::string batchReportCsv(const BatchReport& report);

// Joins shard reports of one batch: the settings must agree (else an error naming the first
// difference), and so must the file lists their scans saw (else an error naming each shard's
// count: files were added or removed between the shards' runs, so every shard is resumed and the
// reports merged again); files are merged by input path (a later "ok" wins over an earlier
// failure), the result sorted by input path and its shard cleared.
Expected<BatchReport> mergeBatchReports(const std::vector<BatchReport>& reports);

}  // namespace gpen
