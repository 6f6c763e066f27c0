// SPDX-License-Identifier: Apache-2.0
#include "gpen/batch/batch_report.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include "gpen/base/atomic_file.h"
#include "gpen/batch/batch_scan.h"

namespace gpen {
namespace fs = std::filesystem;
namespace {

using nlohmann::json;

constexpr int kFormatVersion = 1;

FileStatus statusFromName(const std::string& s) {
    for (FileStatus st : {FileStatus::Pending, FileStatus::Ok, FileStatus::Skipped,
                          FileStatus::Failed, FileStatus::Cancelled}) {
        if (s == fileStatusName(st)) return st;
    }
    return FileStatus::Pending;
}

// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

// A file's notes in one CSV field.
std::string joined(const std::vector<std::string>& notes) {
    std::string out;
    for (const auto& n : notes) out += (out.empty() ? "" : "; ") + n;
    return out;
}

json toJson(const BatchReport& r) {
    json j;
    j["format"] = "gpen-batch-report";
    j["version"] = kFormatVersion;
    j["software"] = r.software;
    j["started"] = r.started;
    j["finished"] = r.finished;
    j["input_dir"] = r.inputDir;
    j["output_dir"] = r.outputDir;
    j["shard"] = r.shard;
    if (!r.scanSha256.empty()) j["scan"] = {{"files", r.scanFiles}, {"sha256", r.scanSha256}};
    j["min_identity"] = r.minIdentity;
    j["settings"] = json::object();
    for (const auto& [k, v] : r.settings) j["settings"][k] = v;
    j["models"] = json::array();
    for (const auto& m : r.models) {
        j["models"].push_back(
            {{"id", m.id}, {"file", m.file}, {"bytes", m.bytes}, {"sha256", m.sha256}});
    }
    j["counts"] = {{"total", r.files.size()},
                   {"ok", r.count(FileStatus::Ok)},
                   {"skipped", r.count(FileStatus::Skipped)},
                   {"failed", r.count(FileStatus::Failed)},
                   {"cancelled", r.count(FileStatus::Cancelled)},
                   {"pending", r.count(FileStatus::Pending)},
                   {"review", std::count_if(r.files.begin(), r.files.end(),
                                            [](const FileRecord& f) { return f.review(); })}};
    j["files"] = json::array();
    for (const auto& f : r.files) {
        j["files"].push_back({{"file", f.file},
                              {"output", f.output},
                              {"status", fileStatusName(f.status)},
                              {"faces", f.faces},
                              {"seconds", std::round(f.seconds * 1000.0) / 1000.0},
                              {"error", f.error},
                              {"notes", f.notes}});
        if (!f.error.empty()) j["files"].back()["error_code"] = errorCodeName(f.errorCode);
        if (!f.replaces.empty()) j["files"].back()["replaces"] = f.replaces;
        if (!std::isnan(f.identityMin)) {
            j["files"].back()["identity_min"] = std::round(f.identityMin * 1e4) / 1e4;
            j["files"].back()["identity_below"] = f.reviewFaces.size();
            j["files"].back()["review"] = f.review();
            j["files"].back()["review_faces"] = f.reviewFaces;
        }
    }
    return j;
}

}  // namespace

const char* fileStatusName(FileStatus status) {
    switch (status) {
        case FileStatus::Pending:
            return "pending";
        case FileStatus::Ok:
            return "ok";
        case FileStatus::Skipped:
            return "skipped";
        case FileStatus::Failed:
            return "failed";
        case FileStatus::Cancelled:
            return "cancelled";
    }
    return "pending";
}

int BatchReport::count(FileStatus status) const {
    return static_cast<int>(std::count_if(files.begin(), files.end(),
                                          [&](const FileRecord& f) { return f.status == status; }));
}

std::string fileIdentity(const fs::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return {};
    return std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) + ":" +
           std::to_string(st.st_size) + ":" +
           std::to_string(static_cast<long long>(st.st_mtim.tv_sec) * 1'000'000'000LL +
                          st.st_mtim.tv_nsec);
}

fs::path csvPathFor(const fs::path& jsonPath) {
    fs::path p = jsonPath;
    p.replace_extension(".csv");
    return p;
}

std::string batchReportCsv(const BatchReport& report) {
    std::ostringstream out;
    out << "file,output,status,faces,seconds,error,notes,identity_min,identity_below,review\r\n";
    for (const auto& f : report.files) {
        std::ostringstream seconds;
        seconds.precision(3);
        seconds << std::fixed << f.seconds;
        out << csvField(f.file) << ',' << csvField(f.output) << ',' << fileStatusName(f.status)
            << ',' << f.faces << ',' << seconds.str() << ',' << csvField(f.error) << ','
            << csvField(joined(f.notes)) << ',';
        if (!std::isnan(f.identityMin)) {
            std::ostringstream score;
            score.precision(4);
            score << std::fixed << f.identityMin;
            out << score.str() << ',' << f.reviewFaces.size() << ',' << (f.review() ? "yes" : "no");
        } else {
            out << ",,";
        }
        out << "\r\n";
    }
    return out.str();
}

Expected<void> writeBatchReport(const BatchReport& report, const fs::path& jsonPath) {
    // The JSON last: it is what --resume reads, so it never claims more than the CSV shows.
    if (auto ok = writeFileAtomic(csvPathFor(jsonPath), batchReportCsv(report)); !ok) return ok;
    // File names are bytes on Linux: one that is not UTF-8 (an archive from an old Windows
    // machine) is written with U+FFFD in place of its bad bytes rather than failing the report.
    return writeFileAtomic(
        jsonPath, toJson(report).dump(2, ' ', false, json::error_handler_t::replace) + "\n");
}

Expected<BatchReport> readBatchReport(const fs::path& jsonPath) {
    const std::string name = jsonPath.filename().string();
    std::ifstream in(jsonPath, std::ios::binary);
    if (!in) return makeError(ErrorCode::Io, name + ": cannot open for reading");
    try {
        const json j = json::parse(in);
        if (j.value("format", std::string()) != "gpen-batch-report") {
            return makeError(ErrorCode::Malformed, name + ": not a GPEN Studio batch report");
        }
        BatchReport r;
        r.software = j.value("software", "");
        r.started = j.value("started", "");
        r.finished = j.value("finished", "");
        r.inputDir = j.value("input_dir", "");
        r.outputDir = j.value("output_dir", "");
        r.shard = j.value("shard", "");
        r.minIdentity = j.value("min_identity", kIdentityChanged);
        if (j.contains("scan")) {
            r.scanFiles = j.at("scan").value("files", std::size_t{0});
            r.scanSha256 = j.at("scan").value("sha256", "");
        }
        for (const auto& [k, v] : j.at("settings").items())
            r.settings.emplace_back(k, v.get<std::string>());
        for (const auto& m : j.at("models")) {
            r.models.push_back({m.at("id").get<std::string>(), m.value("file", ""),
                                m.value("bytes", std::uint64_t{0}), m.value("sha256", "")});
        }
        for (const auto& f : j.at("files")) {
            FileRecord rec;
            rec.file = f.at("file").get<std::string>();
            rec.output = f.value("output", "");
            rec.status = statusFromName(f.value("status", "pending"));
            rec.faces = f.value("faces", 0);
            rec.seconds = f.value("seconds", 0.0);
            rec.error = f.value("error", "");
            rec.errorCode = errorCodeNamed(f.value("error_code", "internal"));
            rec.notes = f.value("notes", std::vector<std::string>{});
            rec.replaces = f.value("replaces", "");
            if (f.contains("identity_min") && f.at("identity_min").is_number()) {
                rec.identityMin = f.at("identity_min").get<double>();
                rec.reviewFaces = f.value("review_faces", std::vector<int>{});
            }
            r.files.push_back(std::move(rec));
        }
        return r;
    } catch (const json::exception& e) {
        return makeError(ErrorCode::Malformed, name + ": damaged report: " + e.what());
    }
}

// Shard reports that do not make up one whole batch (another count, a shard given twice, one
// missing) would merge into a report that silently lacks files: the merge says which instead.
// Reports of a whole batch (no shard) are not checked: two runs of one batch may be joined.
namespace {
Expected<void> checkShardsComplete(const std::vector<BatchReport>& reports) {
    std::vector<bool> seen;
    int count = 0;
    for (const BatchReport& r : reports) {
        if (r.shard.empty()) continue;
        const auto shard = parseShard(r.shard);
        if (!shard) {
            return makeError(ErrorCode::Malformed,
                             "a report names shard \"" + r.shard + "\": " + shard.error().message);
        }
        if (count == 0) {
            count = shard->count;
            seen.assign(static_cast<std::size_t>(count), false);
        } else if (shard->count != count) {
            return makeError(ErrorCode::InvalidArgument,
                             "the reports are of batches split differently (shard " + r.shard +
                                 " beside shards of " + std::to_string(count) +
                                 "): merge the reports of one batch");
        }
        const auto slot = static_cast<std::size_t>(shard->index - 1);  // parseShard: 1..count
        if (seen[slot]) {
            return makeError(ErrorCode::InvalidArgument,
                             "shard " + r.shard + " is given twice: name each shard's report once");
        }
        seen[slot] = true;
    }
    std::string missing;
    int absent = 0;
    for (int i = 0; i < count; ++i) {
        if (seen[static_cast<std::size_t>(i)]) continue;
        ++absent;
        if (absent <= 8) {
            missing +=
                (missing.empty() ? "" : ", ") + std::to_string(i + 1) + "/" + std::to_string(count);
        }
    }
    if (absent == 0) return {};
    if (absent > 8) missing += " and " + std::to_string(absent - 8) + " more";
    return makeError(ErrorCode::InvalidArgument,
                     (absent == 1 ? "shard " + missing + " is missing: its files are"
                                  : "shards " + missing + " are missing: their files are") +
                         " in no report. Run " + (absent == 1 ? "it" : "them") + " (or wait for " +
                         (absent == 1 ? "it" : "them") + " to finish), then merge");
}
}  // namespace

Expected<BatchReport> mergeBatchReports(const std::vector<BatchReport>& reports) {
    if (reports.empty()) return makeError(ErrorCode::InvalidArgument, "no reports to merge");
    if (auto ok = checkShardsComplete(reports); !ok) return tl::unexpected(ok.error());
    BatchReport merged = reports.front();
    merged.shard.clear();
    merged.files.clear();
    // Shards that scanned different lists took their files from different lists: a file added
    // between two shards' runs may be nobody's yet. Each shard's resume rescans (the parts are by
    // path, so a shard keeps its files) and the merge then agrees.
    for (const BatchReport& r : reports) {
        if (r.scanSha256 == reports.front().scanSha256) continue;
        std::string seen;
        for (const BatchReport& each : reports) {
            seen += (seen.empty() ? "" : ", ") + std::string("shard ") +
                    (each.shard.empty() ? "(whole)" : each.shard) + ": " +
                    std::to_string(each.scanFiles) + " files";
        }
        return makeError(ErrorCode::InvalidArgument,
                         "the shards saw different lists of files (" + seen +
                             "): files were added or removed between their runs. Run every shard "
                             "again with --resume "
                             "(each restores only its new or unfinished files), then merge");
    }
    std::map<std::string, FileRecord> byFile;
    std::map<std::string, ModelRecord> models;
    for (std::size_t i = 0; i < reports.size(); ++i) {
        const BatchReport& r = reports[i];
        if (r.settings != reports.front().settings) {
            for (const auto& [k, v] : r.settings) {
                const auto it =
                    std::find_if(reports.front().settings.begin(), reports.front().settings.end(),
                                 [&](const auto& s) { return s.first == k; });
                if (it == reports.front().settings.end() || it->second != v) {
                    return makeError(ErrorCode::InvalidArgument,
                                     "report " + std::to_string(i + 1) +
                                         " was made with another setting: " + k + " = " + v);
                }
            }
            return makeError(ErrorCode::InvalidArgument,
                             "report " + std::to_string(i + 1) + " was made with other settings");
        }
        for (const auto& m : r.models) {
            const auto [it, fresh] = models.emplace(m.id, m);
            if (!fresh && it->second.sha256 != m.sha256) {
                return makeError(ErrorCode::InvalidArgument, "report " + std::to_string(i + 1) +
                                                                 " used another " + m.id +
                                                                 " file (SHA-256 " + m.sha256 +
                                                                 " vs " + it->second.sha256 + ")");
            }
        }
        merged.started = std::min(merged.started, r.started);
        merged.finished = std::max(merged.finished, r.finished);
        for (const auto& f : r.files) {
            const auto [it, fresh] = byFile.emplace(f.file, f);
            // A finished result wins over one that did not finish, whichever shard came first.
            if (!fresh && it->second.status != FileStatus::Ok && f.status == FileStatus::Ok)
                it->second = f;
        }
    }
    merged.models.clear();
    for (auto& [id, m] : models) merged.models.push_back(m);
    for (auto& [file, rec] : byFile) merged.files.push_back(std::move(rec));
    return merged;
}

}  // namespace gpen
