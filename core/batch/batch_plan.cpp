#include "batch/batch_plan.h"

#include <ctime>
#include <map>
#include <set>
#include <sstream>

namespace gpen {
namespace fs = std::filesystem;

namespace batch {
namespace {

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : ";") + s;
    return out;
}

std::string number(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

const char* selectionName(FaceSelection s) {
    switch (s) {
        case FaceSelection::All: return "all";
        case FaceSelection::Largest: return "largest";
        case FaceSelection::MostCentral: return "centre";
    }
    return "all";
}

std::string formatUtc(const char* format) {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, format, &tm);
    return buf;
}

}  // namespace

std::string todayUtc() { return formatUtc("%Y-%m-%d"); }
std::string nowIsoUtc() { return formatUtc("%Y-%m-%dT%H:%M:%SZ"); }

std::vector<std::pair<std::string, std::string>> batchSettings(const BatchParams& p, const std::string& date) {
    const RestoreParams& r = p.restore;
    std::vector<std::pair<std::string, std::string>> s = {
        {"face_model", r.faceModel},
        {"detector", r.detector},
        {"parser", r.parser},
        {"background_scale", std::to_string(r.backgroundScale)},
        {"tile", std::to_string(r.tiles.tileSize)},
        {"tile_overlap", std::to_string(r.tiles.overlap)},
        {"strength", number(r.strength)},
        {"face_batch", std::to_string(r.faceBatch)},
        {"keep_grayscale", r.keepGrayscale ? "true" : "false"},
        {"match_tone", r.matchTone ? "true" : "false"},
        {"detection_threshold", number(r.detection.scoreThreshold)},
        {"min_face", number(r.detection.minFaceSize)},
        {"face_selection", selectionName(r.detection.selection)},
        {"recursive", p.scan.recursive ? "true" : "false"},
        {"include", joined(p.scan.include)},
        {"exclude", joined(p.scan.exclude)},
        {"extensions", joined(p.scan.extensions)},
        {"name_template", p.nameTemplate},
        {"if_exists", ifExistsName(p.ifExists)},
        {"format", outputFormatName(p.format)},
        {"quality", std::to_string(p.quality)},
        {"copy_metadata", p.copyMetadata ? "true" : "false"},
        {"max_pixels", std::to_string(p.read.maxPixels)},
    };
    // Only when names depend on it: shards started on different days still merge.
    if (p.nameTemplate.find("{date}") != std::string::npos) s.emplace_back("date", date);
    return s;
}

std::vector<PlannedFile> planFiles(const BatchParams& params, const std::vector<ScannedFile>& files,
                                   std::size_t totalInList, const std::string& date, const BatchReport* previous) {
    std::map<std::string, const FileRecord*> before;
    if (previous) {
        for (const auto& f : previous->files) before[f.file] = &f;
    }
    std::set<fs::path> taken;
    std::map<fs::path, std::string> claimedBy;
    const auto claim = [&](const fs::path& target, const std::string& file) {
        taken.insert(target);
        claimedBy.emplace(target, file);
    };
    std::vector<PlannedFile> out;
    out.reserve(files.size());
    for (const auto& f : files) {
        PlannedFile pf;
        pf.input = f;
        pf.record.file = f.relative.generic_string();
        NameFields fields{f.relative, params.restore.faceModel, params.restore.backgroundScale, date, f.index, totalInList,
                          params.format};
        auto name = expandNameTemplate(params.nameTemplate, fields);
        if (!name) {
            pf.record.status = FileStatus::Failed;
            pf.record.error = name.error().message;
            out.push_back(std::move(pf));
            continue;
        }
        fs::path target = params.outputDir / *name;
        std::error_code ec;
        if (previous) {
            // The name the earlier run gave this file wins (it may carry a suffix); a present
            // target is whole (atomic rename), so it is done.
            const auto it = before.find(pf.record.file);
            const bool named = it != before.end() && !it->second->output.empty() &&
                               !taken.count(params.outputDir / it->second->output);
            if (named) target = params.outputDir / it->second->output;
            if (named || !taken.count(target)) {
                const fs::path rel = target.lexically_relative(params.outputDir);
                pf.output = rel;
                pf.record.output = rel.generic_string();
                if (fs::exists(target, ec)) {
                    if (named && it->second->status == FileStatus::Ok) {
                        pf.record = *it->second;  // done in an earlier run: its record stands
                    } else {
                        pf.record.status = FileStatus::Skipped;
                        pf.record.error = "output already present (resume)";
                    }
                    claim(target, pf.record.file);
                    out.push_back(std::move(pf));
                    continue;
                }
                if (named) {  // redone under the same name
                    claim(target, pf.record.file);
                    out.push_back(std::move(pf));
                    continue;
                }
            }
        }
        if (taken.count(target)) {
            if (params.ifExists != IfExists::Suffix) {
                pf.record.status = FileStatus::Failed;
                pf.record.error = "its output name " + name->generic_string() + " is also " + claimedBy[target] +
                                  "'s (use {relpath}, {index} or --if-exists suffix)";
                out.push_back(std::move(pf));
                continue;
            }
            target = suffixedPath(target, taken);
        } else if (fs::exists(target, ec)) {
            if (params.ifExists == IfExists::Skip) {
                pf.output = *name;
                pf.record.output = name->generic_string();
                pf.record.status = FileStatus::Skipped;
                pf.record.error = "output exists";
                claim(target, pf.record.file);
                out.push_back(std::move(pf));
                continue;
            }
            if (params.ifExists == IfExists::Suffix) target = suffixedPath(target, taken);
        }
        claim(target, pf.record.file);
        pf.output = target.lexically_relative(params.outputDir);
        pf.record.output = pf.output.generic_string();
        out.push_back(std::move(pf));
    }
    return out;
}

}  // namespace batch

fs::path batchReportPath(const BatchParams& params) {
    if (!params.reportPath.empty()) return params.reportPath;
    if (params.shard.count > 1) {
        return params.outputDir /
               ("gpen-batch-report-" + std::to_string(params.shard.index) + "of" + std::to_string(params.shard.count) + ".json");
    }
    return params.outputDir / "gpen-batch-report.json";
}

Expected<std::vector<PlannedFile>> planBatch(const BatchParams& params, const std::string& date) {
    auto scanned = scanInputFolder(params.inputDir, params.scan);
    if (!scanned) return tl::unexpected(scanned.error());
    std::optional<BatchReport> previous;
    if (params.resume) {
        std::error_code ec;
        if (fs::exists(batchReportPath(params), ec)) {
            auto r = readBatchReport(batchReportPath(params));
            if (r) previous = std::move(*r);
        }
    }
    return batch::planFiles(params, shardOf(scanned->files, params.shard), scanned->files.size(), date,
                            previous ? &*previous : nullptr);
}

}  // namespace gpen
