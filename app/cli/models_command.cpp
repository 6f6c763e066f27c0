#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/engine_setup.h"
#include "gpen/engine/model_report.h"

namespace gpen::cli {

int modelsCommand(const Words& words) {
    std::set<std::string> options(kEngineOptions);
    options.insert("download");
    auto args = Args::parse(words, {"json"}, options);
    if (!args) return fail(args.error().message);
    if (const auto name = args->value("download")) return downloadModel(*name);
    auto cache = makeCliCache(*args);
    if (!cache) return fail(cache.error().message);
    (*cache)->rescan();
    std::cout << (args->flag("json") ? modelsToJson(**cache) + "\n" : modelsToText(**cache));
    return 0;
}

}  // namespace gpen::cli
