// gpen-cli: the headless front end. Wiring only: parse, call core, print.

#include <cstdio>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "gpen/base/log.h"

namespace {

void usage() {
    std::cerr << "usage: gpen-cli <command> [options]\n"
                 "  inspect FILE.pth [--json]                      format, architecture, parameters\n"
                 "  face --model FILE.pth --aligned IN.png OUT.png  restore one aligned face\n"
                 "  bench [--model FILE.pth | --size 256|512|1024|2048] [--runs N] [--threads T]\n"
                 "        [--batch B] [--precision fp32|bf16] [--kernels fast|reference] [--json]\n"
                 "  models [--json]                               the catalog with each model's state\n"
                 "  detect IN [--detector auto|retinaface|dlib] [--json] [--draw OUT.png]\n"
                 "  restore IN OUT [--face-model NAME|FILE] [--detector ...] [--sr-scale 1|2|4] [--tile N]\n"
                 "        [--tile-overlap N] [--alpha A] [--face-batch B] [--save-faces DIR] [--quality Q]\n"
                 "        [--match-tone] [--no-metadata] [--no-keep-gray] [--json]\n"
                 "  batch IN_DIR OUT_DIR [--recursive] [--include GLOB]... [--exclude GLOB]... [--name TEMPLATE]\n"
                 "        [--if-exists skip|overwrite|suffix] [--format same|png|jpg|tif|webp] [--quality Q]\n"
                 "        [restore options] [--report FILE] [--resume] [--shard i/n] [--json]\n"
                 "        exit 0: all done, 2: some files failed, 1: nothing could start\n"
                 "  report merge REPORT.json... --output MERGED.json   join the reports of a batch's shards\n"
                 "options common to all: --verbose (log to stderr); with models: --models-dir DIR,\n"
                 "  --device cpu|cuda|auto, --threads T\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
        usage();
        return argc < 2 ? 2 : 0;
    }
    const std::string command = argv[1];
    gpen::cli::Words words;
    bool verbose = false;
    for (int i = 2; i < argc; ++i) {
        if (std::string(argv[i]) == "--verbose") {
            verbose = true;
        } else {
            words.emplace_back(argv[i]);
        }
    }
    gpen::setLogSink([verbose](gpen::LogLevel level, const std::string& message) {
        if (verbose || level >= gpen::LogLevel::Warning) {
            std::fprintf(stderr, "[%s] %s\n", gpen::logLevelName(level), message.c_str());
        }
    });
    if (command == "inspect") return gpen::cli::inspectCommand(words);
    if (command == "face") return gpen::cli::faceCommand(words);
    if (command == "bench") return gpen::cli::benchCommand(words);
    if (command == "detect") return gpen::cli::detectCommand(words);
    if (command == "restore") return gpen::cli::restoreCommand(words);
    if (command == "models") return gpen::cli::modelsCommand(words);
    if (command == "batch") return gpen::cli::batchCommand(words);
    if (command == "report") return gpen::cli::reportCommand(words);
    std::cerr << "gpen-cli: unknown command '" << command << "'\n";
    usage();
    return 2;
}
