#include "cli/restore_options.h"

#include "gpen/pipeline/restore_job.h"

namespace gpen::cli {

const std::set<std::string> kRestoreOptions = {"face-model", "task", "detector", "sr-scale", "background", "tile", "tile-overlap", "alpha",
                                               "face-batch", "threshold", "min-face", "select", "quality",
                                               "max-megapixels"};
const std::set<std::string> kRestoreFlags = {"no-keep-gray", "no-metadata", "match-tone", "tint-rest", "no-identity"};

Expected<FaceSelection> selectionFrom(const Args& a) {
    const std::string s = a.value("select").value_or("all");
    if (s == "all") return FaceSelection::All;
    if (s == "largest") return FaceSelection::Largest;
    if (s == "centre" || s == "center") return FaceSelection::MostCentral;
    return makeError(ErrorCode::InvalidArgument, "--select must be all, largest or centre");
}

Expected<RestoreParams> restoreParamsFrom(const Args& args) {
    RestoreParams p;
    // No --face-model: the installed default, or none (upscale only) on a first-run machine;
    // "none": no face restoration asked for.
    p.faceModel = args.value("face-model").value_or(std::string(kAutoFaceModel));
    if (p.faceModel == "none") p.faceModel.clear();
    const auto task = parseFaceTask(args.value("task").value_or("restore"));
    if (!task || *task == FaceTask::Seg2face) {
        return makeError(ErrorCode::InvalidArgument,
                         "--task must be restore, colorize or inpaint (seg2face: gpen-cli face --task seg2face)");
    }
    p.task = *task;
    p.detector = args.value("detector").value_or("auto");
    if (p.detector != "auto" && p.detector != "retinaface" && p.detector != "dlib") {
        return makeError(ErrorCode::InvalidArgument, "--detector must be auto, retinaface or dlib");
    }
    auto scale = args.intValue("sr-scale", 1, 1, 8);
    auto tile = args.intValue("tile", 400, 0, 8192);
    auto overlap = args.intValue("tile-overlap", 32, 0, 512);
    auto batch = args.intValue("face-batch", 4, 1, 64);
    auto alpha = args.doubleValue("alpha", 1.0, 0.0, 1.0);
    auto threshold = args.doubleValue("threshold", 0.9, 0.0, 1.0);
    auto minFace = args.doubleValue("min-face", 0.0, 0.0, 10000.0);
    auto quality = args.intValue("quality", 95, 1, 100);
    auto selection = selectionFrom(args);
    for (const auto* e : {&scale, &tile, &overlap, &batch, &quality}) {
        if (!*e) return tl::unexpected(e->error());
    }
    for (const auto* e : {&alpha, &threshold, &minFace}) {
        if (!*e) return tl::unexpected(e->error());
    }
    if (!selection) return tl::unexpected(selection.error());
    if (*scale > 4 && *scale != 8) return makeError(ErrorCode::InvalidArgument, "--sr-scale must be 1, 2, 3, 4 or 8");
    p.backgroundScale = *scale;
    p.background = args.value("background").value_or("auto");
    p.tiles.tileSize = *tile;
    p.tiles.overlap = *overlap;
    p.faceBatch = *batch;
    p.strength = *alpha;
    p.detection.scoreThreshold = static_cast<float>(*threshold);
    p.detection.minFaceSize = *minFace;
    p.detection.selection = *selection;
    p.keepGrayscale = !args.flag("no-keep-gray");
    p.matchTone = args.flag("match-tone");
    p.tintRest = args.flag("tint-rest");
    p.identity = !args.flag("no-identity");
    if (p.tintRest && p.task != FaceTask::Colorize) {
        return makeError(ErrorCode::InvalidArgument, "--tint-rest goes with --task colorize");
    }
    return p;
}

Expected<ImageReadParams> readParamsFrom(const Args& args) {
    ImageReadParams p;
    auto megapixels = args.intValue("max-megapixels", static_cast<int>(p.maxPixels / 1'000'000), 1, 100'000);
    if (!megapixels) return tl::unexpected(megapixels.error());
    p.maxPixels = static_cast<std::uint64_t>(*megapixels) * 1'000'000;
    return p;
}

}  // namespace gpen::cli
