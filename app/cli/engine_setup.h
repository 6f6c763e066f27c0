#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/args.h"
#include "gpen/engine/model_cache.h"

namespace gpen::cli {

// The options every command that uses models shares.
inline const std::set<std::string> kEngineOptions = {"models-dir", "device", "threads", "precision"};

// A model cache for one command-line run: --models-dir searched first, then the usual folders;
// nothing preloaded (the command asks for what it needs); warmup off, as a one-shot run would
// only pay for it twice.
// `models` are catalog ids or file paths, rewritten in place to ids: a file's folder is searched
// first and its id is the file's stem (one folder: the last file's wins over --models-dir).
Expected<std::unique_ptr<ModelCache>> makeCliCache(const Args& args, const std::vector<std::string*>& models = {});

}  // namespace gpen::cli
