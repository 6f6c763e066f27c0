#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "gpen/nn/gpen_benchmark.h"

namespace gpen::cli {

int benchCommand(const Words& words) {
    auto args = Args::parse(words, {"json"},
                            {"model", "size", "runs", "threads", "batch", "precision", "kernels", "device"});
    if (!args) return fail(args.error().message);
    GpenBenchmarkParams p;
    p.model = args->value("model").value_or("");
    auto size = args->intValue("size", 512, 32, 2048);
    auto runs = args->intValue("runs", 5, 1, 1000);
    auto threads = args->intValue("threads", 0, 0, 256);
    auto batch = args->intValue("batch", 1, 1, 64);
    for (const auto* e : {&size, &runs, &threads, &batch}) {
        if (!*e) return fail(e->error().message);
    }
    p.syntheticSize = *size;
    p.runs = *runs;
    p.threads = *threads;
    p.batch = *batch;
    auto precision = parsePrecision(args->value("precision").value_or("fp32"));
    if (!precision) return fail(precision.error().message);
    p.load.precision = *precision;
    const std::string kernels = args->value("kernels").value_or("fast");
    if (kernels != "fast" && kernels != "reference") return fail("--kernels must be fast or reference");
    p.load.kernels = kernels == "fast" ? GpenKernels::Fast : GpenKernels::Reference;
    auto device = parseDevice(args->value("device").value_or("cpu"));
    if (!device) return fail(device.error().message);
    p.load.device = *device;

    const bool json = args->flag("json");
    auto result = runGpenBenchmark(p, [json](const std::string& line) {
        if (!json) std::cerr << "  " << line << "\n";
    });
    if (!result) return fail(result.error().message);
    std::cout << (json ? result->toJson() + "\n" : result->toText());
    return 0;
}

}  // namespace gpen::cli
