#include "cli/engine_setup.h"

#include <filesystem>

#include "gpen/pipeline/pipeline_models.h"

namespace gpen::cli {

namespace {

std::string modelIdFor(const std::string& nameOrFile, ModelCacheParams& params) {
    const std::filesystem::path p(nameOrFile);
    std::error_code ec;
    if (std::filesystem::is_regular_file(p, ec)) {
        params.search.commandLineDir = std::filesystem::absolute(p).parent_path();
        return p.stem().string();
    }
    return nameOrFile;
}

}  // namespace

Expected<std::unique_ptr<ModelCache>> makeCliCache(const Args& args, const std::vector<std::string*>& models) {
    auto threads = args.intValue("threads", 0, 0, 256);
    if (!threads) return tl::unexpected(threads.error());
    configureRuntime({.threads = *threads});
    auto device = parseDevice(args.value("device").value_or("cpu"));
    if (!device) return tl::unexpected(device.error());
    auto precision = parsePrecision(args.value("precision").value_or("fp32"));
    if (!precision) return tl::unexpected(precision.error());
    ModelCacheParams p;
    p.device = *device;
    p.precision = *precision;
    p.loaders = pipelineModelLoaders({.device = *device});
    p.preload.clear();
    p.warmup.enabled = false;
    if (const auto dir = args.value("models-dir")) {
        p.search.commandLineDir = *dir;
    }
    for (std::string* m : models) {
        *m = modelIdFor(*m, p);
    }
    return std::make_unique<ModelCache>(std::move(p));
}

}  // namespace gpen::cli
