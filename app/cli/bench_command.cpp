// SPDX-License-Identifier: Apache-2.0
#include <iostream>

#include "cli/commands.h"
#include "cli/engine_setup.h"
#include "gpen/bench/gpen_benchmark.h"

namespace gpen::cli {

namespace {

struct BenchOptions {
    std::string model;
    int size = 512;
    int runs = 5;
    int batch = 1;
    std::string kernels = "fast";
    bool json = false;
    EngineOptions engine;
};

int bench(const BenchOptions& o) {
    GpenBenchmarkParams p;
    p.model = o.model;
    p.syntheticSize = o.size;
    p.runs = o.runs;
    p.threads = o.engine.threads;
    p.batch = o.batch;
    p.load.device = *parseDevice(o.engine.device);  // checked by the parser
    p.load.precision = *parsePrecision(o.engine.precision, p.load.device);
    p.load.kernels = o.kernels == "fast" ? GpenKernels::Fast : GpenKernels::Reference;

    const bool json = o.json;
    auto result = runGpenBenchmark(p, [json](const std::string& line) {
        if (!json) std::cerr << "  " << line << "\n";
    });
    if (!result) return fail(result.error().message);
    std::cout << (json ? result->toJson() + "\n" : result->toText());
    return 0;
}

}  // namespace

void addBenchCommand(CLI::App& root, Runner& runner) {
    auto o = std::make_shared<BenchOptions>();
    CLI::App* command =
        root.add_subcommand("bench", "time one network: load, warm-up, runs, memory");
    command->add_option(
        "--model", o->model,
        "GPEN, ParseNet, RRDBNet or RetinaFace .pth, Real-ESRGAN's NCNN .param, or the identity "
        "descriptor's faceres.json (none: a synthetic GPEN-BFR at --size)");
    command->add_option("--size", o->size, "the input's side in pixels")
        ->check(CLI::Range(32, 2048))
        ->capture_default_str();
    command->add_option("--runs", o->runs, "timed runs after the warm-up")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    command->add_option("--batch", o->batch, "inputs per call")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    command->add_option("--kernels", o->kernels, "GPEN's fast layers or the reference ones")
        ->check(CLI::IsMember({"fast", "reference"}))
        ->capture_default_str();
    command->add_flag("--json", o->json, "one JSON line");
    addRuntimeOptions(*command, o->engine);
    addPrecisionOption(*command, o->engine);
    runs(command, runner, o, bench);
}

}  // namespace gpen::cli
