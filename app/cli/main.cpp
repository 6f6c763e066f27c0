// gpen-cli: the headless front end. Wiring only: parse, call core, print.

#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "gpen/base/log.h"

namespace {

void usage() {
    std::cerr << "usage: gpen-cli <command> [options]\n"
                 "  inspect FILE.pth [--json]                      format, architecture, parameters\n"
                 "  face --model FILE.pth [--task restore|colorize|inpaint|seg2face] --aligned IN.png OUT.png\n"
                 "        one aligned face through a GPEN head (the task: the model's own by default)\n"
                 "  damage IN MASK.png [--sensitivity S]          suggest a damage mask (white = damaged)\n"
                 "  damage --simulate painted|scratches [--seed N] IN DAMAGED.png MASK.png\n"
                 "  bench [--model FILE.pth] [--size N] [--runs N] [--threads T]   GPEN, ParseNet,\n"
                 "        [--batch B] [--precision fp32|bf16] [--kernels fast|reference] [--json]\n"
                 "        RRDBNet or RetinaFace from FILE at N px (or Real-ESRGAN's NCNN .param, or the identity\n"
                 "        descriptor's faceres.json at 224 px); no FILE: a synthetic\n"
                 "        GPEN-BFR-N\n"
                 "  models [--json]                               the catalog with each model's state\n"
                 "  models --download NAME                        fetch, validate and install a model\n"
                 "  detect IN [--detector auto|retinaface|dlib] [--json] [--draw OUT.png]\n"
                 "  restore IN OUT [--face-model NAME|FILE|none] [--task restore|colorize|inpaint] [--mask MASK.png]\n"
                 "        [--tint-rest] (colorize: the rest of the photo toned with the faces' colour)\n"
                 "        [--detector ...] [--sr-scale 1|2|3|4|8] [--background auto|realesrgan-x4fast|realesrgan-x4plus|NAME]\n"
                 "        [--tile N]\n"
                 "        [--tile-overlap N] [--alpha A] [--face-batch B] [--save-faces DIR] [--quality Q]\n"
                 "        [--match-tone] [--no-metadata] [--no-keep-gray] [--no-identity] [--max-megapixels N] [--json]\n"
                 "        (each face's identity score, when the descriptor is installed: 1 the same face, under 0.60 likely someone else)\n"
                 "  identity FACE.png OTHER.png... [--json]      identity score (cosine) of aligned faces against the first\n"
                 "  batch IN_DIR OUT_DIR [--recursive] [--include GLOB]... [--exclude GLOB]... [--name TEMPLATE]\n"
                 "        [--if-exists skip|overwrite|suffix] [--format same|png|jpg|tif|webp] [--quality Q]\n"
                 "        [restore options] [--report FILE] [--resume] [--shard i/n] [--min-identity X] [--json]\n"
                 "        (--min-identity: files with a face scoring below X, 0.60 by default, are marked for review)\n"
                 "        exit 0: all done, 2: some files failed, 1: nothing could start\n"
                 "  report merge REPORT.json... --output MERGED.json   join the reports of a batch's shards\n"
                 "  --version                                     the program's version\n"
                 "options common to all: --verbose (log to stderr); with models: --models-dir DIR,\n"
                 "  --device cpu|cuda|auto, --threads T, --precision fp32|bf16 (bf16: every network in\n"
                 "  bfloat16, opt-in; faster only where the CPU has AVX-512 or on CUDA)\n";
}

// Runs the command; -1 when there is none of that name.
int dispatch(const std::string& command, const gpen::cli::Words& words) {
    if (command == "inspect") return gpen::cli::inspectCommand(words);
    if (command == "face") return gpen::cli::faceCommand(words);
    if (command == "damage") return gpen::cli::damageCommand(words);
    if (command == "bench") return gpen::cli::benchCommand(words);
    if (command == "detect") return gpen::cli::detectCommand(words);
    if (command == "restore") return gpen::cli::restoreCommand(words);
    if (command == "models") return gpen::cli::modelsCommand(words);
    if (command == "batch") return gpen::cli::batchCommand(words);
    if (command == "report") return gpen::cli::reportCommand(words);
    if (command == "identity") return gpen::cli::identityCommand(words);
    return -1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
        usage();
        return argc < 2 ? 2 : 0;
    }
    const std::string command = argv[1];
    if (command == "--version") {
        std::cout << "gpen-cli " << GPEN_STUDIO_VERSION << "\n";
        return 0;
    }
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
    // The top-level handler: whatever a command lets escape (a folder that cannot be created, a
    // name that is not UTF-8 in a JSON dump, an allocation) ends as one line and exit 1, never as
    // a signal.
    try {
        if (const int code = dispatch(command, words); code >= 0) return code;
    } catch (const std::exception& e) {
        return gpen::cli::fail(command + ": " + e.what());
    } catch (...) {
        return gpen::cli::fail(command + ": an unexpected error");
    }
    std::cerr << "gpen-cli: unknown command '" << command << "'\n";
    usage();
    return 2;
}
