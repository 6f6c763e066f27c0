// SPDX-License-Identifier: Apache-2.0
#include "cli/restore_options.h"

#include "gpen/pipeline/restore_job.h"

namespace gpen::cli {
namespace {

constexpr const char* kDetectGroup = "Faces";
constexpr const char* kRestoreGroup = "Restore";
constexpr const char* kOutputGroup = "Output";

FaceSelection selectionOf(const std::string& s) {
    if (s == "largest") return FaceSelection::Largest;
    if (s == "centre" || s == "center") return FaceSelection::MostCentral;
    return FaceSelection::All;
}

}  // namespace

void DetectOptions::addTo(CLI::App& command) {
    command
        .add_option("--detector", detector,
                    "the face detector (auto: RetinaFace when installed, else dlib)")
        ->check(CLI::IsMember({"auto", "retinaface", "dlib"}))
        ->capture_default_str()
        ->group(kDetectGroup);
    command.add_option("--threshold", threshold, "RetinaFace's lowest face score")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str()
        ->group(kDetectGroup);
    command.add_option("--min-face", minFace, "faces smaller than this many pixels are left alone")
        ->check(CLI::Range(0.0, 10000.0))
        ->group(kDetectGroup);
    command.add_option("--select", select, "which faces")
        ->check(CLI::IsMember({"all", "largest", "centre", "center"}))
        ->capture_default_str()
        ->group(kDetectGroup);
}

FaceDetectParams DetectOptions::params() const {
    FaceDetectParams p;
    p.scoreThreshold = static_cast<float>(threshold);
    p.minFaceSize = minFace;
    p.selection = selectionOf(select);
    return p;
}

void RestoreOptions::addTo(CLI::App& command) {
    command
        .add_option("--face-model", faceModel,
                    "a catalog name, a .pth file, or none (auto: the installed default)")
        ->capture_default_str()
        ->group(kRestoreGroup);
    command.add_option("--task", task, "what the face model does (the model's own by default)")
        ->check(CLI::IsMember({"restore", "colorize", "inpaint"}))
        ->capture_default_str()
        ->group(kRestoreGroup);
    command
        .add_flag("--tint-rest", tintRest,
                  "colorize: the rest of the photo toned with the faces' colour")
        ->group(kRestoreGroup);
    detect.addTo(command);
    command.add_option("--sr-scale", srScale, "the whole photo's upscale")
        ->check(CLI::IsMember({1, 2, 3, 4, 8}))
        ->capture_default_str()
        ->group(kRestoreGroup);
    command
        .add_option(
            "--background", background,
            "the background network: auto, realesrgan-x4fast, realesrgan-x4plus or a catalog name")
        ->capture_default_str()
        ->group(kRestoreGroup);
    command.add_option("--tile", tile, "the background pass's tile size (0: whole)")
        ->check(CLI::Range(0, 8192))
        ->capture_default_str()
        ->group(kRestoreGroup);
    command.add_option("--tile-overlap", tileOverlap, "pixels the tiles share")
        ->check(CLI::Range(0, 512))
        ->capture_default_str()
        ->group(kRestoreGroup);
    command
        .add_option("--alpha", alpha, "the faces' strength (0: the original, 1: fully restored)")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str()
        ->group(kRestoreGroup);
    command.add_option("--face-batch", faceBatch, "faces per network call")
        ->check(CLI::Range(1, 64))
        ->capture_default_str()
        ->group(kRestoreGroup);
    command.add_flag("--match-tone", matchTone, "restored faces take the photo's tone")
        ->group(kRestoreGroup);
    command.add_flag("--no-identity", noIdentity, "no identity score for the faces")
        ->group(kRestoreGroup);
    findDamageOption =
        command
            .add_option("--find-damage", findDamage,
                        "find dust, scratches and cracks and repair them; SENSITIVITY 0-1 (0.5), "
                        "higher finds fainter damage")
            ->expected(0, 1)
            ->check(CLI::Range(0.0, 1.0))
            ->group(kRestoreGroup);
    command.add_option("--max-megapixels", maxMegapixels, "larger photos are refused")
        ->check(CLI::Range(1, 100'000))
        ->capture_default_str()
        ->group(kRestoreGroup);
    command.add_option("--quality", quality, "JPEG and WebP quality")
        ->check(CLI::Range(1, 100))
        ->capture_default_str()
        ->group(kOutputGroup);
    command.add_flag("--no-metadata", noMetadata, "the input's metadata is not copied")
        ->group(kOutputGroup);
    command.add_flag("--no-keep-gray", noKeepGray, "a gray photo comes out in colour")
        ->group(kOutputGroup);
}

Expected<RestoreParams> RestoreOptions::params() const {
    RestoreParams p;
    // auto: the installed default, or none (upscale only) on a first-run machine; "none": no face
    // restoration asked for.
    p.faceModel = faceModel == "none" ? std::string() : faceModel;
    p.task = parseFaceTask(task).value_or(FaceTask::Restore);
    p.detector = detect.detector;
    p.detection = detect.params();
    p.backgroundScale = srScale;
    p.background = background;
    p.tiles.tileSize = tile;
    p.tiles.overlap = tileOverlap;
    p.faceBatch = faceBatch;
    p.strength = alpha;
    p.keepGrayscale = !noKeepGray;
    p.matchTone = matchTone;
    p.tintRest = tintRest;
    p.identity = !noIdentity;
    p.findDamage = (findDamageOption && findDamageOption->count() > 0) || !findDamage.empty();
    if (!findDamage.empty()) p.damageSensitivity = findDamage.front();
    if (p.tintRest && p.task != FaceTask::Colorize) {
        return makeError(ErrorCode::InvalidArgument, "--tint-rest goes with --task colorize");
    }
    return p;
}

ImageReadParams RestoreOptions::readParams() const {
    ImageReadParams p;
    p.maxPixels = static_cast<std::uint64_t>(maxMegapixels) * 1'000'000;
    return p;
}

}  // namespace gpen::cli
