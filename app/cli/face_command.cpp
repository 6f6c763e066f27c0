#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "gpen/io/checkpoint.h"
#include "gpen/io/image_io.h"
#include "gpen/nn/gpen_generator.h"
#include "gpen/pipeline/face_restorer.h"

namespace gpen::cli {

int faceCommand(const Words& words) {
    auto args = Args::parse(words, {}, {"model", "aligned", "threads", "device"});
    if (!args) return fail(args.error().message);
    const auto model = args->value("model");
    const auto in = args->value("aligned");
    if (!model || !in || args->positionals().size() != 1) {
        return fail("usage: face --model FILE.pth --aligned IN.png OUT.png");
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
    auto faces = restoreAlignedFaces(**net, {*image});
    if (!faces) return fail(faces.error().message);
    if (auto ok = writeImageAtomic(args->positionals()[0], faces->front()); !ok) return fail(ok.error().message);
    return 0;
}

}  // namespace gpen::cli
