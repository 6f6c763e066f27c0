// SPDX-License-Identifier: Apache-2.0
// gpen-cli: the headless front end. Wiring only: parse, call core, print.

#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "gpen/base/log.h"

namespace {

// The subcommand a parse error belongs to ("batch", "report merge"), for the error line.
std::string commandPath(const CLI::App& root) {
    std::string path;
    for (const CLI::App* app = &root;;) {
        const auto chosen = app->get_subcommands();
        if (chosen.empty()) return path;
        app = chosen.front();
        path += (path.empty() ? "" : " ") + app->get_name();
    }
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app("Restores the faces in photographs with the GPEN networks.", "gpen-cli");
    // Options a subcommand does not know (--verbose) are the root's.
    app.fallthrough();
    app.require_subcommand(0, 1);
    app.set_version_flag("--version", std::string("gpen-cli ") + GPEN_STUDIO_VERSION,
                         "the program's version");
    bool verbose = false;
    app.add_flag("--verbose", verbose, "log to stderr");
    app.footer(
        "gpen-cli COMMAND --help lists a command's options. Exit code 1: the command could not "
        "start.");

    gpen::cli::Runner runner;
    gpen::cli::addInspectCommand(app, runner);
    gpen::cli::addFaceCommand(app, runner);
    gpen::cli::addDamageCommand(app, runner);
    gpen::cli::addBenchCommand(app, runner);
    gpen::cli::addModelsCommand(app, runner);
    gpen::cli::addDetectCommand(app, runner);
    gpen::cli::addRestoreCommand(app, runner);
    gpen::cli::addIdentityCommand(app, runner);
    gpen::cli::addBatchCommand(app, runner);
    gpen::cli::addReportCommand(app, runner);

    const auto named = [&app](const std::string& name) {
        return !app.get_subcommands([&name](const CLI::App* c) { return c->get_name() == name; })
                    .empty();
    };
    if (argc >= 2 && argv[1][0] != '-' && !named(argv[1])) {
        std::cerr << "gpen-cli: unknown command '" << argv[1] << "' (gpen-cli --help lists them)\n";
        return 2;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {  // --help, --version
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        const std::string command = commandPath(app);
        std::cerr << "gpen-cli" << (command.empty() ? "" : " " + command) << ": " << e.what()
                  << " (gpen-cli " << (command.empty() ? "" : command + " ") << "--help)\n";
        return 1;
    }
    if (!runner) {
        std::cerr << app.help();
        return 2;
    }
    gpen::setLogSink([verbose](gpen::LogLevel level, const std::string& message) {
        if (verbose || level >= gpen::LogLevel::Warning) {
            std::fprintf(stderr, "[%s] %s\n", gpen::logLevelName(level), message.c_str());
        }
    });
    // The top-level handler: whatever a command lets escape (a folder that cannot be created, a
    // name that is not UTF-8 in a JSON dump, an allocation) ends as one line and exit 1, never as
    // a signal.
    const std::string command = commandPath(app);
    try {
        return runner();
    } catch (const std::exception& e) {
        return gpen::cli::fail(command + ": " + e.what());
    } catch (...) {
        return gpen::cli::fail(command + ": an unexpected error");
    }
}
