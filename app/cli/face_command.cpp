#include <cstdio>
#include <iostream>
#include <optional>

#include "cli/args.h"
#include "cli/commands.h"
#include "gpen/engine/model_catalog.h"
#include "gpen/io/checkpoint.h"
#include "gpen/io/image_io.h"
#include "gpen/nn/gpen_generator.h"
#include "gpen/pipeline/face_map.h"
#include "gpen/pipeline/face_restorer.h"

namespace gpen::cli {

namespace {

// The task a released file does (by its name in the catalog); a file the catalog does not know
// may be asked for any.
std::optional<FaceTask> catalogTask(const std::filesystem::path& model) {
    const ModelCatalog catalog = ModelCatalog::released();
    const ModelEntry* e = catalog.findByFileName(model.filename().string());
    if (!e || e->kind != ModelKind::GpenFace) return std::nullopt;
    return e->task;
}

}  // namespace

int faceCommand(const Words& words) {
    auto args = Args::parse(words, {}, {"model", "aligned", "task", "threads", "device"});
    if (!args) return fail(args.error().message);
    const auto model = args->value("model");
    const auto in = args->value("aligned");
    if (!model || !in || args->positionals().size() != 1) {
        return fail("usage: face --model FILE.pth [--task restore|colorize|inpaint|seg2face] --aligned IN.png OUT.png");
    }
    const std::optional<FaceTask> known = catalogTask(*model);
    FaceTask task = known.value_or(FaceTask::Restore);
    if (const auto name = args->value("task")) {
        const auto asked = parseFaceTask(*name);
        if (!asked) return fail("--task must be restore, colorize, inpaint or seg2face");
        if (known && *known != *asked) {
            return fail(std::filesystem::path(*model).filename().string() + " " + faceTaskVerb(*known) + ", not " +
                        faceTaskName(*asked) + ": use it with --task " + faceTaskName(*known) + ", or choose a model for " +
                        faceTaskName(*asked));
        }
        task = *asked;
    }
    auto threads = args->intValue("threads", 0, 0, 256);
    if (!threads) return fail(threads.error().message);
    configureRuntime({.threads = *threads});
    auto device = parseDevice(args->value("device").value_or("cpu"));
    if (!device) return fail(device.error().message);

    auto image = readImageBgr8(*in);
    if (!image) return fail(image.error().message);
    auto ckpt = readCheckpoint(*model);
    if (!ckpt) return fail(ckpt.error().message);
    auto net = GpenGenerator::create(ckpt->tensors, std::filesystem::path(*model).filename().string(),
                                     {.device = *device});
    if (!net) return fail(net.error().message);
    cv::Mat face;
    if (task == FaceTask::Seg2face) {
        auto drawn = drawFaceFromMap(**net, *image);
        if (!drawn) return fail(drawn.error().message);
        if (drawn->unknownShare > 0) {
            std::fprintf(stderr, "note: %.1f %% of the map's pixels are no CelebAMask-HQ class colour: each was taken as the "
                                 "nearest class\n", drawn->unknownShare * 100.0);
        }
        face = drawn->face;
    } else {
        auto faces = runFaceTask(**net, task, {*image});
        if (!faces) return fail(faces.error().message);
        face = faces->front();
    }
    if (auto ok = writeImageAtomic(args->positionals()[0], face); !ok) return fail(ok.error().message);
    return 0;
}

}  // namespace gpen::cli
