#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/json_line.h"
#include "gpen/io/checkpoint.h"
#include "gpen/nn/gpen_generator.h"

namespace gpen::cli {

int fail(const std::string& message) {
    std::cerr << "gpen-cli: " << message << "\n";
    return 1;
}

int inspectCommand(const Words& words) {
    auto args = Args::parse(words, {"json"}, {"key"});
    if (!args) return fail(args.error().message);
    if (args->positionals().size() != 1) return fail("inspect needs one FILE.pth");
    const std::string path = args->positionals()[0];
    CheckpointReadParams readParams;
    readParams.nestedKey = args->value("key").value_or("");
    auto ckpt = readCheckpoint(path, readParams);
    if (!ckpt) return fail(ckpt.error().message);
    const auto arch = inferGpenArchitecture(ckpt->tensors, std::filesystem::path(path).filename().string());

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
    if (args->flag("json")) {
        std::cout << jsonLine(j) << "\n";
        return 0;
    }
    std::cout << path << "\n"
              << "  format:       " << j["format"].get<std::string>()
              << (ckpt->nestedKey.empty() ? "" : ", state dict under '" + ckpt->nestedKey + "'") << "\n"
              << "  entries:      " << ckpt->tensors.size() << "\n"
              << "  parameters:   " << ckpt->tensors.parameterCount() << " ("
              << ckpt->tensors.byteSize() / 1048576.0 << " MB in memory)\n"
              << "  architecture: " << (arch ? arch->describe() : "not recognised: " + arch.error().message) << "\n";
    return 0;
}

}  // namespace gpen::cli
