// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "gpen/engine/model_cache.h"

namespace gpen::cli {

// The options every command that runs networks shares.
struct EngineOptions {
    std::string modelsDir;
    std::string device = "cpu";
    int threads = 0;                 // 0: the runtime's choice
    std::string precision = "auto";  // bf16 where the CPU computes it natively
};

// --threads and --device (every command that runs a network); --precision; --models-dir.
void addRuntimeOptions(CLI::App& command, EngineOptions& options);
void addPrecisionOption(CLI::App& command, EngineOptions& options);
// All four, for the commands that find models through a cache.
void addEngineOptions(CLI::App& command, EngineOptions& options);

// Applies --threads to the runtime.
void configureThreads(const EngineOptions& options);

// A model cache for one command-line run: --models-dir searched first, then the usual folders;
// nothing preloaded (the command asks for what it needs); warmup off, as a one-shot run would
// only pay for it twice.
// `models` are catalog ids or file paths, rewritten in place to ids: a file's folder is searched
// first and its id is the file's stem (one folder: the last file's wins over --models-dir).
Expected<std::unique_ptr<ModelCache>> makeCliCache(const EngineOptions& options,
                                                   const std::vector<std::string*>& models = {});

}  // namespace gpen::cli
