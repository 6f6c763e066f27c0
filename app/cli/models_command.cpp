// SPDX-License-Identifier: Apache-2.0
#include <iostream>

#include "cli/commands.h"
#include "cli/engine_setup.h"
#include "gpen/engine/model_report.h"

namespace gpen::cli {

namespace {

struct ModelsOptions {
    std::string download;
    bool json = false;
    EngineOptions engine;
};

int models(const ModelsOptions& o) {
    if (!o.download.empty()) return downloadModel(o.download);
    auto cache = makeCliCache(o.engine);
    if (!cache) return fail(cache.error().message);
    (*cache)->rescan();
    std::cout << (o.json ? modelsToJson(**cache) + "\n" : modelsToText(**cache));
    return 0;
}

}  // namespace

void addModelsCommand(CLI::App& root, Runner& runner) {
    auto o = std::make_shared<ModelsOptions>();
    CLI::App* command =
        root.add_subcommand("models", "the catalog with each model's state and where it was found");
    command
        ->add_option("--download", o->download,
                     "fetch, validate and install the catalog's model NAME")
        ->type_name("NAME");
    command->add_flag("--json", o->json, "one JSON line");
    addEngineOptions(*command, o->engine);
    runs(command, runner, o, models);
}

}  // namespace gpen::cli
