// SPDX-License-Identifier: Apache-2.0
#pragma once

// Runs the gpen-cli executable (GPEN_CLI_PATH) as a user would, for the end-to-end suites.

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>

namespace gpen::test {

// One scratch folder per test process, removed when the process ends (each test runs in its own).
inline std::filesystem::path cliScratchDir() {
    namespace fs = std::filesystem;
    struct Scratch {
        fs::path path = fs::temp_directory_path() / ("gpen-cli-test-" + std::to_string(::getpid()));
        ~Scratch() {
            std::error_code ignored;
            fs::remove_all(path, ignored);
        }
    };
    static const Scratch scratch;
    fs::create_directories(scratch.path);
    return scratch.path;
}

struct CliRun {
    int exitCode = -1;
    std::string out;  // stdout and stderr together (runCliApart: stdout only)
    std::string err;  // runCliApart only: stderr
};

inline std::string quote(const std::string& s) {
    return "'" + s + "'";
}

// Runs gpen-cli with `arguments` and then `redirect` (shell redirections) after them; reads
// what it writes to stdout.
inline CliRun runCliRedirected(const std::string& arguments, const std::string& environment,
                               const std::string& redirect) {
    CliRun r;
    const std::string cmd = (environment.empty() ? "" : "env " + environment + " ") +
                            quote(GPEN_CLI_PATH) + " " + arguments + " " + redirect;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) {
        return r;
    }
    std::array<char, 4096> buf{};
    while (const auto n = fread(buf.data(), 1, buf.size(), pipe)) {
        r.out.append(buf.data(), n);
    }
    const int status = pclose(pipe);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

// `arguments` go through the shell as written (quote paths with quote()); `environment`:
// "NAME=value ..." set for this run only (through env(1)).
inline CliRun runCli(const std::string& arguments, const std::string& environment = {}) {
    return runCliRedirected(arguments, environment, "2>&1");
}

// As runCli, with stderr kept apart from stdout (through `errFile`, a path the test owns).
inline CliRun runCliApart(const std::string& arguments, const std::string& errFile) {
    CliRun r = runCliRedirected(arguments, {}, "2>" + quote(errFile));
    std::FILE* f = std::fopen(errFile.c_str(), "rb");
    if (!f) return r;
    std::array<char, 4096> buf{};
    while (const auto n = std::fread(buf.data(), 1, buf.size(), f)) {
        r.err.append(buf.data(), n);
    }
    std::fclose(f);
    return r;
}

}  // namespace gpen::test
