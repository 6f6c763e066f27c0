#pragma once

// Runs the gpen-cli executable (GPEN_CLI_PATH) as a user would, for the end-to-end suites.

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace gpen::test {

struct CliRun {
    int exitCode = -1;
    std::string out;  // stdout and stderr together
};

inline std::string quote(const std::string& s) { return "'" + s + "'"; }

// `arguments` go through the shell as written (quote paths with quote()); `environment`:
// "NAME=value ..." set for this run only (through env(1)).
inline CliRun runCli(const std::string& arguments, const std::string& environment = {}) {
    CliRun r;
    const std::string cmd = (environment.empty() ? "" : "env " + environment + " ") + quote(GPEN_CLI_PATH) + " " +
                            arguments + " 2>&1";
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

}  // namespace gpen::test
