// SPDX-License-Identifier: Apache-2.0
#include "batch/batch_plan.h"

#include <ctime>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <sys/stat.h>

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
        case FaceSelection::All:
            return "all";
        case FaceSelection::Largest:
            return "largest";
        case FaceSelection::MostCentral:
            return "centre";
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

std::string todayUtc() {
    return formatUtc("%Y-%m-%d");
}
std::string nowIsoUtc() {
    return formatUtc("%Y-%m-%dT%H:%M:%SZ");
}

std::vector<std::pair<std::string, std::string>> batchSettings(const BatchParams& p,
                                                               const ResolvedModels& models,
                                                               const std::string& date) {
    const RestoreParams& r = p.restore;
    const auto orNone = [](const std::string& id, const char* none) {
        return id.empty() ? std::string(none) : id;
    };
    std::vector<std::pair<std::string, std::string>> s = {
        {"face_model", orNone(models.faceModel, "none")},
        {"detector", orNone(models.detector, "none")},
        {"parser", orNone(models.parser, "rectangle")},
        {"task", faceTaskName(r.task)},
        {"background_scale", std::to_string(r.backgroundScale)},
        {"background_model", orNone(models.background, "none")},
        {"tile", std::to_string(r.tiles.tileSize)},
        {"tile_overlap", std::to_string(r.tiles.overlap)},
        {"strength", number(r.strength)},
        {"face_batch", std::to_string(r.faceBatch)},
        {"keep_grayscale", r.keepGrayscale ? "true" : "false"},
        {"match_tone", r.matchTone ? "true" : "false"},
        {"tint_rest", r.tintRest ? "true" : "false"},
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
    // Only when on: a report written before the finder existed still resumes.
    if (r.findDamage) s.emplace_back("find_damage", number(r.damageSensitivity));
    // Only when names depend on it: shards started on different days still merge.
    if (p.nameTemplate.find("{date}") != std::string::npos) s.emplace_back("date", date);
    return s;
}

Expected<void> checkResumeSettings(const std::vector<std::pair<std::string, std::string>>& before,
                                   const std::vector<std::pair<std::string, std::string>>& now) {
    const auto find = [](const auto& list, const std::string& key) -> std::optional<std::string> {
        for (const auto& [k, v] : list) {
            if (k == key) return v;
        }
        return std::nullopt;
    };
    for (const auto& [key, value] : now) {
        if (key == "date") continue;  // a resume keeps the first run's date
        // A setting the earlier run did not record (an older version) cannot be compared.
        const auto was = find(before, key);
        if (!was) continue;
        const std::string& is = value;
        if (*was != is) {
            return makeError(ErrorCode::InvalidArgument,
                             "cannot resume: the earlier run used " + key + " = " + *was +
                                 ", this one " + key + " = " + is +
                                 ". Resume with the earlier settings, or start over without "
                                 "--resume (into another "
                                 "output folder, or with --if-exists overwrite)");
        }
    }
    return {};
}

namespace {

// The (device, inode) of every input of the scan (as the scan found them): no output may be one.
std::set<std::pair<std::uint64_t, std::uint64_t>> identitiesOf(
    const std::vector<ScannedFile>& files) {
    std::set<std::pair<std::uint64_t, std::uint64_t>> out;
    for (const auto& f : files) out.insert({f.device, f.inode});
    return out;
}

// The planner of one run: names, collisions, the if-exists policy and what a resumed run keeps.
class Planner {
  public:
    Planner(const BatchParams& params, const std::vector<ScannedFile>& all,
            const BatchReport* previous)
        : m_params(params), m_inputs(identitiesOf(all)) {
        if (previous) {
            for (const auto& f : previous->files) m_before[f.file] = &f;
        }
    }

    PlannedFile plan(const ScannedFile& f, const Expected<fs::path>& name) {
        PlannedFile pf;
        pf.input = f;
        pf.record.file = f.relative.generic_string();
        // A file that is no photo at all (or that its header already says cannot be read) is
        // reported from the start and counted as no photo to restore: its first bytes say so.
        if (auto readable = checkImageFile(f.path, m_params.read); !readable)
            return failed(std::move(pf), readable.error());
        if (!name) return failed(std::move(pf), name.error());
        fs::path target = m_params.outputDir / *name;
        const FileRecord* before = nullptr;
        if (const auto it = m_before.find(pf.record.file);
            it != m_before.end() && !it->second->output.empty()) {
            // The name the earlier run gave this file wins (it may carry a suffix).
            if (!m_taken.count(m_params.outputDir / it->second->output)) {
                before = it->second;
                target = m_params.outputDir / before->output;
            }
        }
        if (isInput(target)) {
            return failed(
                std::move(pf),
                {ErrorCode::InvalidArgument,
                 "its output " + target.lexically_relative(m_params.outputDir).generic_string() +
                     " is an input photo, which is never replaced (choose another output "
                     "folder or name template)"});
        }
        std::error_code ec;
        const bool exists = fs::exists(target, ec);
        if (before && exists &&
            (before->status == FileStatus::Ok || writtenByEarlierRun(*before, target))) {
            pf.record = *before;
            if (before->status != FileStatus::Ok) {
                pf.record.status = FileStatus::Ok;
                pf.record.error.clear();
                pf.record.notes = {std::string(kNoteFinishedByEarlierRun)};
            }
            return claimed(std::move(pf), target);
        }
        if (before && !exists) return claimed(std::move(pf), target);  // redone under the same name
        if (!before && m_taken.count(target)) {
            if (m_params.ifExists != IfExists::Suffix) {
                return failed(std::move(pf), {ErrorCode::InvalidArgument,
                                              "its output name " + name->generic_string() +
                                                  " is also " + m_claimedBy[target] +
                                                  "'s (use {relpath}, {index} or --if-exists "
                                                  "suffix)"});
            }
            return claimed(std::move(pf), suffixedPath(target, m_taken));
        }
        if (exists) {
            switch (m_params.ifExists) {
                case IfExists::Skip:
                    pf.record.status = FileStatus::Skipped;
                    pf.record.error = kSkippedOutputExists;
                    break;
                case IfExists::Overwrite:
                    pf.record.replaces = fileIdentity(target);
                    break;
                case IfExists::Suffix:
                    target = suffixedPath(target, m_taken);
                    break;
            }
        }
        return claimed(std::move(pf), target);
    }

  private:
    bool isInput(const fs::path& target) const {
        struct stat st {};
        return ::stat(target.c_str(), &st) == 0 &&
               m_inputs.count({static_cast<std::uint64_t>(st.st_dev),
                               static_cast<std::uint64_t>(st.st_ino)}) > 0;
    }

    // The earlier run planned this file and stopped before recording it done: a target that is
    // present and is not the file it was to replace was written by that run (an atomic rename:
    // present means whole).
    static bool writtenByEarlierRun(const FileRecord& before, const fs::path& target) {
        if (before.status != FileStatus::Pending && before.status != FileStatus::Cancelled)
            return false;
        return before.replaces.empty() || fileIdentity(target) != before.replaces;
    }

    PlannedFile claimed(PlannedFile pf, const fs::path& target) {
        m_taken.insert(target);
        m_claimedBy.emplace(target, pf.record.file);
        pf.output = target.lexically_relative(m_params.outputDir);
        pf.record.output = pf.output.generic_string();
        return pf;
    }

    static PlannedFile failed(PlannedFile pf, Error why) {
        pf.record.status = FileStatus::Failed;
        pf.record.error = std::move(why.message);
        pf.record.errorCode = why.code;
        return pf;
    }

    const BatchParams& m_params;
    std::set<std::pair<std::uint64_t, std::uint64_t>> m_inputs;
    std::map<std::string, const FileRecord*> m_before;
    std::set<fs::path> m_taken;
    std::map<fs::path, std::string> m_claimedBy;
};

}  // namespace

std::vector<PlannedFile> planFiles(const BatchParams& params, const std::vector<ScannedFile>& files,
                                   const std::string& faceModel, const std::string& date,
                                   const BatchReport* previous) {
    Planner planner(params, files, previous);
    std::vector<PlannedFile> out;
    for (const auto& f : shardOf(files, params.shard)) {
        const NameFields fields{f.relative,   faceModel, params.restore.backgroundScale,
                                date,         f.index,   files.size(),
                                params.format};
        out.push_back(planner.plan(f, expandNameTemplate(params.nameTemplate, fields)));
    }
    return out;
}

}  // namespace batch

fs::path batchReportPath(const BatchParams& params) {
    if (!params.reportPath.empty()) return params.reportPath;
    if (params.shard.count > 1) {
        return params.outputDir / ("gpen-batch-report-" + std::to_string(params.shard.index) +
                                   "of" + std::to_string(params.shard.count) + ".json");
    }
    return params.outputDir / "gpen-batch-report.json";
}

}  // namespace gpen
