// SPDX-License-Identifier: Apache-2.0
#include "cli/engine_setup.h"

#include <filesystem>

#include "gpen/pipeline/pipeline_models.h"

namespace gpen::cli {

namespace {

constexpr const char* kEngineGroup = "Engine";

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

void addRuntimeOptions(CLI::App& command, EngineOptions& o) {
    command.add_option("--threads", o.threads, "compute threads (0: one per free core)")
        ->check(CLI::Range(0, 256))
        ->group(kEngineGroup);
    command.add_option("--device", o.device, "where the networks run")
        ->check(parsedBy(parseDevice, "cpu|cuda|auto"))
        ->capture_default_str()
        ->group(kEngineGroup);
}

void addPrecisionOption(CLI::App& command, EngineOptions& o) {
    command
        .add_option("--precision", o.precision,
                    "the networks' number format (auto: bf16 where the CPU computes it natively, "
                    "else fp32)")
        ->check(parsedBy([](const std::string& text) { return parsePrecision(text); },
                         "auto|fp32|bf16"))
        ->capture_default_str()
        ->group(kEngineGroup);
}

void addEngineOptions(CLI::App& command, EngineOptions& o) {
    command
        .add_option("--models-dir", o.modelsDir,
                    "a folder searched for models before the usual ones")
        ->group(kEngineGroup);
    addRuntimeOptions(command, o);
    addPrecisionOption(command, o);
}

void configureThreads(const EngineOptions& o) {
    configureRuntime({.threads = o.threads});
}

Expected<std::unique_ptr<ModelCache>> makeCliCache(const EngineOptions& o,
                                                   const std::vector<std::string*>& models) {
    configureThreads(o);
    auto device = parseDevice(o.device);
    if (!device) return tl::unexpected(device.error());
    auto precision = parsePrecision(o.precision, *device);
    if (!precision) return tl::unexpected(precision.error());
    ModelCacheParams p;
    p.device = *device;
    p.precision = *precision;
    p.loaders = pipelineModelLoaders({.device = *device});
    p.preload.clear();
    p.warmup.enabled = false;
    if (!o.modelsDir.empty()) p.search.commandLineDir = o.modelsDir;
    for (std::string* m : models) {
        *m = modelIdFor(*m, p);
    }
    return std::make_unique<ModelCache>(std::move(p));
}

}  // namespace gpen::cli
