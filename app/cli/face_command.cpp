// SPDX-License-Identifier: Apache-2.0
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli/commands.h"
#include "cli/engine_setup.h"
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

struct FaceOptions {
    std::string model;
    std::string aligned;
    std::string out;
    std::string task;  // empty: the model's own
    EngineOptions engine;
};

int runFace(const FaceOptions& o) {
    const std::optional<FaceTask> known = catalogTask(o.model);
    FaceTask task = known.value_or(FaceTask::Restore);
    if (!o.task.empty()) {
        const auto asked = parseFaceTask(o.task);  // one of the four: checked by the parser
        if (known && *known != *asked) {
            return fail(std::filesystem::path(o.model).filename().string() + " " +
                        faceTaskVerb(*known) + ", not " + faceTaskName(*asked) +
                        ": use it with --task " + faceTaskName(*known) +
                        ", or choose a model for " + faceTaskName(*asked));
        }
        task = *asked;
    }
    configureThreads(o.engine);
    const Device device = *parseDevice(o.engine.device);  // checked by the parser

    auto image = readImageBgr8(o.aligned);
    if (!image) return fail(image.error().message);
    auto ckpt = readCheckpoint(o.model);
    if (!ckpt) return fail(ckpt.error().message);
    auto net = GpenGenerator::create(
        ckpt->tensors, std::filesystem::path(o.model).filename().string(), {.device = device});
    if (!net) return fail(net.error().message);
    cv::Mat face;
    if (task == FaceTask::Seg2face) {
        auto drawn = drawFaceFromMap(**net, *image);
        if (!drawn) return fail(drawn.error().message);
        if (drawn->unknownShare > 0) {
            std::fprintf(stderr,
                         "note: %.1f %% of the map's pixels are no CelebAMask-HQ class colour: "
                         "each was taken as the "
                         "nearest class\n",
                         drawn->unknownShare * 100.0);
        }
        face = drawn->face;
    } else {
        auto faces = runFaceTask(**net, task, {*image});
        if (!faces) return fail(faces.error().message);
        face = faces->front();
    }
    if (auto ok = writeImageAtomic(o.out, face); !ok) return fail(ok.error().message);
    return 0;
}

}  // namespace

void addFaceCommand(CLI::App& root, Runner& runner) {
    auto o = std::make_shared<FaceOptions>();
    CLI::App* command = root.add_subcommand("face", "one aligned face through a GPEN head");
    command->add_option("--model", o->model, "a GPEN .pth file")->required();
    command->add_option("--aligned", o->aligned, "the aligned face (the network's size)")
        ->required();
    command->add_option("OUT", o->out, "the face the network made")->required();
    command
        ->add_option("--task", o->task,
                     "restore, colorize, inpaint or seg2face (the model's own by default)")
        ->check(CLI::IsMember({"restore", "colorize", "inpaint", "seg2face"}));
    addRuntimeOptions(*command, o->engine);
    runs(command, runner, o, runFace);
}

}  // namespace gpen::cli
