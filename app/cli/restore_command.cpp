#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/engine_setup.h"
#include "cli/json_line.h"
#include "cli/restore_options.h"
#include "gpen/io/image_io.h"
#include "gpen/io/image_output_check.h"
#include "gpen/pipeline/identity_bands.h"
#include "gpen/pipeline/restore_job.h"

namespace gpen::cli {
namespace {

nlohmann::json faceJson(const DetectedFace& f) {
    nlohmann::json lm = nlohmann::json::array();
    for (const auto& p : f.landmarks) lm.push_back({p.x, p.y});
    return {{"box", {f.box.x, f.box.y, f.box.width, f.box.height}}, {"score", f.score}, {"landmarks", lm}};
}

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

}  // namespace

int restoreCommand(const Words& words) {
    std::set<std::string> options = kRestoreOptions;
    options.insert("save-faces");
    options.insert("mask");
    options.insert(kEngineOptions.begin(), kEngineOptions.end());
    std::set<std::string> flags = kRestoreFlags;
    flags.insert("json");
    auto args = Args::parse(words, flags, options);
    if (!args) return fail(args.error().message);
    if (args->positionals().size() != 2) return fail("usage: restore IN OUT [options]");
    if (auto ok = checkImageOutputPath(args->positionals()[1]); !ok) return fail(ok.error().message);
    auto params = restoreParamsFrom(*args);
    if (!params) return fail(params.error().message);
    RestoreParams p = std::move(*params);
    const int quality = *args->intValue("quality", 95, 1, 100);
    auto read = readParamsFrom(*args);
    if (!read) return fail(read.error().message);
    const bool json = args->flag("json");
    if (!json) p.progress = progressLine;
    if (const auto mask = args->value("mask")) {
        // The damage to repair (white = damaged), drawn on the photo: read as any image is.
        auto damage = readImageBgr8(*mask, *read);
        if (!damage) return fail(damage.error().message);
        p.damageMask = std::move(*damage);
    }
    if (p.task == FaceTask::Inpaint && p.damageMask.empty()) {
        return fail("--task inpaint needs --mask MASK.png: the photo's damage painted white on black");
    }

    const std::filesystem::path in = args->positionals()[0];
    const std::filesystem::path out = args->positionals()[1];
    auto cache = makeCliCache(*args, {&p.faceModel});
    if (!cache) return fail(cache.error().message);
    (*cache)->rescan();
    // The one path from file to file: core's decoder, the resolved models, the pipeline, core's
    // encoder with the input's layout, metadata and processing note, one atomic write.
    RestoreJob job(in, {.restore = p, .read = *read, .write = {.quality = quality, .copyMetadata = !args->flag("no-metadata")}});
    auto done = job.run(**cache, out);
    if (g_progressLineOpen) std::fprintf(stderr, "\n");
    if (!done) return fail(done.error().message);
    const std::string& faceModel = job.models().faceModel;
    if (faceModel.empty() && p.faceModel == kAutoFaceModel) {
        std::fprintf(stderr, "note: no face model is installed, so faces are left as they are. A GPEN face model restores "
                             "them: gpen-cli models --download %s (%s)\n", std::string(kPreferredFaceModel).c_str(), kGpenLicenceNote);
    }
    RestoreResult* result = &job.result();
    result->timings.insert(result->timings.begin(), {"decode", job.timings().decodeMs});
    result->timings.push_back({"encode", job.timings().encodeMs});
    if (const auto dir = args->value("save-faces")) {
        std::filesystem::create_directories(*dir);
        for (std::size_t i = 0; i < result->faces.size(); ++i) {
            const auto base = std::filesystem::path(*dir) / ("face" + std::to_string(i + 1));
            if (auto ok = writeImageAtomic(base.string() + "-before.png", result->faces[i].aligned); !ok) return fail(ok.error().message);
            if (auto ok = writeImageAtomic(base.string() + "-after.png", result->faces[i].restored); !ok) return fail(ok.error().message);
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
        j["faces"].back()["identity"] = std::isnan(f.identity) ? nlohmann::json() : nlohmann::json(f.identity);
        if (!std::isnan(f.identity)) j["faces"].back()["identity_band"] = identityBandName(identityBand(f.identity));
    }
    for (const auto& t : result->timings) j["timings_ms"][t.stage] = t.ms;
    j["notes"] = job.notes();
    if (json) {
        std::cout << jsonLine(j) << "\n";
    } else {
        if (faceModel.empty()) {
            std::cout << out.string() << ": upscaled, no face model used\n";
        } else {
            std::cout << out.string() << ": " << result->faces.size() << " faces restored (" << result->detectorUsed << ")\n";
            if (!result->identityUsed.empty() && !result->faces.empty()) {
                std::size_t lowest = 0;
                int changed = 0, check = 0;
                for (std::size_t i = 0; i < result->faces.size(); ++i) {
                    const double s = result->faces[i].identity;
                    if (s < result->faces[lowest].identity) lowest = i;
                    changed += identityBand(s) == IdentityBand::Changed;
                    check += identityBand(s) == IdentityBand::Check;
                }
                std::printf("  identity: lowest %.2f (face %zu); %d to check, %d changed\n", result->faces[lowest].identity,
                            lowest + 1, check, changed);
            }
        }
        for (const auto& t : result->timings) std::cout << "  " << t.stage << ": " << static_cast<int>(t.ms) << " ms\n";
        for (const auto& n : job.notes()) std::cout << "  note: " << n << "\n";
    }
    return 0;
}

int detectCommand(const Words& words) {
    std::set<std::string> options = {"detector", "draw", "threshold", "min-face", "select"};
    options.insert(kEngineOptions.begin(), kEngineOptions.end());
    auto args = Args::parse(words, {"json"}, options);
    if (!args) return fail(args.error().message);
    if (args->positionals().size() != 1) return fail("usage: detect IN [--detector auto|retinaface|dlib] [--json] [--draw OUT.png]");
    auto image = readImageBgr8(args->positionals()[0]);
    if (!image) return fail(image.error().message);
    std::string detector = args->value("detector").value_or("auto");
    auto cache = makeCliCache(*args);
    if (!cache) return fail(cache.error().message);
    (*cache)->rescan();
    detector = resolveDetector(**cache, detector);
    auto model = (*cache)->acquireAs<FaceDetectorModel>(detector);
    if (!model) return fail(model.error().message);
    FaceDetectParams dp;
    auto threshold = args->doubleValue("threshold", 0.9, 0.0, 1.0);
    auto minFace = args->doubleValue("min-face", 0.0, 0.0, 10000.0);
    auto quality = args->intValue("quality", 95, 1, 100);
    auto selection = selectionFrom(*args);
    if (!threshold) return fail(threshold.error().message);
    if (!minFace) return fail(minFace.error().message);
    if (!selection) return fail(selection.error().message);
    dp.scoreThreshold = static_cast<float>(*threshold);
    dp.minFaceSize = *minFace;
    dp.selection = *selection;
    auto faces = (*model)->detect(*image, dp);
    if (!faces) return fail(faces.error().message);
    if (const auto draw = args->value("draw")) {
        cv::Mat canvas = image->clone();
        for (const auto& f : *faces) {
            cv::rectangle(canvas, f.box, cv::Scalar(0, 255, 0), 2);
            for (const auto& pt : f.landmarks) cv::circle(canvas, pt, 2, cv::Scalar(0, 0, 255), -1);
        }
        if (auto ok = writeImageAtomic(*draw, canvas); !ok) return fail(ok.error().message);
    }
    if (args->flag("json")) {
        nlohmann::json j = {{"detector", detector}, {"faces", nlohmann::json::array()}};
        for (const auto& f : *faces) j["faces"].push_back(faceJson(f));
        std::cout << jsonLine(j) << "\n";
    } else {
        std::cout << faces->size() << " faces (" << detector << ")\n";
        for (const auto& f : *faces) {
            std::cout << "  box " << static_cast<int>(f.box.x) << "," << static_cast<int>(f.box.y) << " "
                      << static_cast<int>(f.box.width) << "x" << static_cast<int>(f.box.height) << "  score " << f.score << "\n";
        }
    }
    return 0;
}

}  // namespace gpen::cli
