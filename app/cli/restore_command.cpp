// SPDX-License-Identifier: Apache-2.0
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include "cli/commands.h"
#include "cli/engine_setup.h"
#include "cli/face_json.h"
#include "cli/json_line.h"
#include "cli/restore_options.h"
#include "gpen/io/image_io.h"
#include "gpen/io/image_output_check.h"
#include "gpen/pipeline/identity_bands.h"
#include "gpen/pipeline/restore_job.h"

namespace gpen::cli {
namespace {

// Whether a progress line is open on stderr (drawn without its newline): only then does the end
// of the run close it, so that a file refused before any progress prints its error alone.
bool g_progressLineOpen = false;

void progressLine(const Progress& p) {
    if (!p.note.empty()) {
        std::fprintf(stderr, "\r%-60s\n", p.note.c_str());
        g_progressLineOpen = false;
    } else if (p.total > 0) {
        std::fprintf(stderr, "\r%-12s %d/%d   ", p.stage.c_str(), p.done, p.total);
        g_progressLineOpen = true;
    }
    std::fflush(stderr);
}

struct RestoreCommandOptions {
    std::string in;
    std::string out;
    RestoreOptions restore;
    std::string mask;
    std::string saveFaces;
    bool json = false;
    EngineOptions engine;
};

int restore(const RestoreCommandOptions& o) {
    if (auto ok = checkImageOutputPath(o.out); !ok) return fail(ok.error().message);
    auto params = o.restore.params();
    if (!params) return fail(params.error().message);
    RestoreParams p = std::move(*params);
    const ImageReadParams read = o.restore.readParams();
    const bool json = o.json;
    if (!json) p.progress = progressLine;
    if (!o.mask.empty()) {
        // The damage to repair (white = damaged), drawn on the photo: read as any image is.
        auto damage = readImageBgr8(o.mask, read);
        if (!damage) return fail(damage.error().message);
        p.damageMask = std::move(*damage);
    }
    if (p.task == FaceTask::Inpaint && p.damageMask.empty() && !p.findDamage) {
        return fail(
            "--task inpaint needs --mask MASK.png (the photo's damage painted white on black) or "
            "--find-damage");
    }

    const std::filesystem::path in = o.in;
    const std::filesystem::path out = o.out;
    auto cache = makeCliCache(o.engine, {&p.faceModel});
    if (!cache) return fail(cache.error().message);
    (*cache)->rescan();
    // The one path from file to file: core's decoder, the resolved models, the pipeline, core's
    // encoder with the input's layout, metadata and processing note, one atomic write.
    RestoreJob job(
        in, {.restore = p,
             .read = read,
             .write = {.quality = o.restore.quality, .copyMetadata = !o.restore.noMetadata}});
    auto done = job.run(**cache, out);
    if (g_progressLineOpen) std::fprintf(stderr, "\n");
    if (!done) return fail(done.error().message);
    const std::string& faceModel = job.models().faceModel;
    if (faceModel.empty() && p.faceModel == kAutoFaceModel) {
        std::fprintf(stderr,
                     "note: no face model is installed, so faces are left as they are. A GPEN face "
                     "model restores "
                     "them: gpen-cli models --download %s (%s)\n",
                     std::string(kPreferredFaceModel).c_str(), kGpenLicenceNote);
    }
    RestoreResult* result = &job.result();
    result->timings.insert(result->timings.begin(), {"decode", job.timings().decodeMs});
    result->timings.push_back({"encode", job.timings().encodeMs});
    if (!o.saveFaces.empty()) {
        std::filesystem::create_directories(o.saveFaces);
        for (std::size_t i = 0; i < result->faces.size(); ++i) {
            const auto base = std::filesystem::path(o.saveFaces) / ("face" + std::to_string(i + 1));
            if (auto ok = writeImageAtomic(base.string() + "-before.png", result->faces[i].aligned);
                !ok)
                return fail(ok.error().message);
            if (auto ok = writeImageAtomic(base.string() + "-after.png", result->faces[i].restored);
                !ok)
                return fail(ok.error().message);
        }
    }
    nlohmann::json j;
    j["output"] = out.string();
    j["width"] = result->image.cols;
    j["height"] = result->image.rows;
    j["detector"] = result->detectorUsed;
    j["mask"] = result->maskSource;
    j["face_model"] = faceModel;
    j["background"] = result->backgroundUsed;
    j["grayscale"] = result->grayscale;
    j["faces"] = nlohmann::json::array();
    j["identity_model"] = result->identityUsed;
    for (const auto& f : result->faces) {
        j["faces"].push_back(faceJson(f.detection));
        // null when not scored (no descriptor installed, or --no-identity)
        j["faces"].back()["identity"] =
            std::isnan(f.identity) ? nlohmann::json() : nlohmann::json(f.identity);
        if (!std::isnan(f.identity))
            j["faces"].back()["identity_band"] = identityBandName(identityBand(f.identity));
    }
    for (const auto& t : result->timings) j["timings_ms"][t.stage] = t.ms;
    if (result->repair.source != DamageSource::None) {
        j["repair"] = {{"source", damageSourceName(result->repair.source)},
                       {"regions", result->repair.regions},
                       {"share", result->repair.share}};
    }
    j["notes"] = job.notes();
    if (json) {
        std::cout << jsonLine(j) << "\n";
    } else {
        if (faceModel.empty()) {
            std::cout << out.string() << ": upscaled, no face model used\n";
        } else {
            std::cout << out.string() << ": " << result->faces.size() << " faces restored ("
                      << result->detectorUsed << ")\n";
            if (!result->identityUsed.empty() && !result->faces.empty()) {
                std::size_t lowest = 0;
                int changed = 0, check = 0;
                for (std::size_t i = 0; i < result->faces.size(); ++i) {
                    const double s = result->faces[i].identity;
                    if (s < result->faces[lowest].identity) lowest = i;
                    changed += identityBand(s) == IdentityBand::Changed;
                    check += identityBand(s) == IdentityBand::Check;
                }
                std::printf("  identity: lowest %.2f (face %zu); %d to check, %d changed\n",
                            result->faces[lowest].identity, lowest + 1, check, changed);
            }
        }
        for (const auto& t : result->timings)
            std::cout << "  " << t.stage << ": " << static_cast<int>(t.ms) << " ms\n";
        for (const auto& n : job.notes()) std::cout << "  note: " << n << "\n";
    }
    return 0;
}

}  // namespace

void addRestoreCommand(CLI::App& root, Runner& runner) {
    auto o = std::make_shared<RestoreCommandOptions>();
    CLI::App* command =
        root.add_subcommand("restore", "restore the faces of one photo (and upscale it)");
    command->add_option("IN", o->in, "the photo")->required();
    command->add_option("OUT", o->out, "the restored photo (its extension gives the format)")
        ->required();
    o->restore.addTo(*command);
    command
        ->add_option("--mask", o->mask,
                     "the photo's damage painted white on black, repaired with any task")
        ->group("Restore");
    command
        ->add_option("--save-faces", o->saveFaces,
                     "a folder for each face's aligned crop before and after")
        ->group("Output");
    command
        ->add_flag("--json", o->json,
                   "one JSON line: faces, boxes, identity scores, timings, notes")
        ->group("Output");
    addEngineOptions(*command, o->engine);
    command->footer(
        "Each face's identity score, when the descriptor is installed: 1 the same face, under 0.60 "
        "likely someone else.");
    runs(command, runner, o, restore);
}

}  // namespace gpen::cli
