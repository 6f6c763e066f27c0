// SPDX-License-Identifier: Apache-2.0
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/json_line.h"
#include "gpen/io/checkpoint.h"
#include "gpen/nn/gpen_generator.h"

namespace gpen::cli {

namespace {

struct InspectOptions {
    std::string file;
    std::string key;
    bool json = false;
};

int inspect(const InspectOptions& o) {
    const std::string& path = o.file;
    CheckpointReadParams readParams;
    readParams.nestedKey = o.key;
    auto ckpt = readCheckpoint(path, readParams);
    if (!ckpt) return fail(ckpt.error().message);
    const auto arch =
        inferGpenArchitecture(ckpt->tensors, std::filesystem::path(path).filename().string());

    nlohmann::json j;
    j["file"] = path;
    j["format"] = checkpointFormatName(ckpt->format);
    j["nested_key"] = ckpt->nestedKey;
    j["entries"] = ckpt->tensors.size();
    j["parameters"] = ckpt->tensors.parameterCount();
    j["bytes_in_memory"] = ckpt->tensors.byteSize();
    if (arch) {
        j["network"] = arch->isSuperResolution() ? "FullGenerator_SR" : "FullGenerator";
        j["architecture"] = {{"in_size", arch->inSize},
                             {"out_size", arch->outSize},
                             {"channel_multiplier", arch->channelMultiplier},
                             {"narrow", arch->narrow},
                             {"style_dim", arch->styleDim},
                             {"n_mlp", arch->nMlp},
                             {"isconcat", arch->isConcat}};
    } else {
        j["network"] = nullptr;
        j["not_recognised"] = arch.error().message;
    }
    if (o.json) {
        std::cout << jsonLine(j) << "\n";
        return 0;
    }
    std::cout << path << "\n"
              << "  format:       " << j["format"].get<std::string>()
              << (ckpt->nestedKey.empty() ? "" : ", state dict under '" + ckpt->nestedKey + "'")
              << "\n"
              << "  entries:      " << ckpt->tensors.size() << "\n"
              << "  parameters:   " << ckpt->tensors.parameterCount() << " ("
              << ckpt->tensors.byteSize() / 1048576.0 << " MB in memory)\n"
              << "  architecture: "
              << (arch ? arch->describe() : "not recognised: " + arch.error().message) << "\n";
    return 0;
}

}  // namespace

void addInspectCommand(CLI::App& root, Runner& runner) {
    auto o = std::make_shared<InspectOptions>();
    CLI::App* command =
        root.add_subcommand("inspect", "a checkpoint's format, architecture and parameters");
    command->add_option("FILE", o->file, "a .pth file")->required();
    command->add_option("--key", o->key,
                        "the state dict's key in the checkpoint (found by itself otherwise)");
    command->add_flag("--json", o->json, "one JSON line");
    runs(command, runner, o, inspect);
}

}  // namespace gpen::cli
