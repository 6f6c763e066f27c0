#pragma once

// The gpen-cli subcommands. Each takes the words after its name and returns the exit code;
// results go to stdout, progress and errors to stderr.

#include <string>
#include <vector>

namespace gpen::cli {

using Words = std::vector<std::string>;

int inspectCommand(const Words& words);
int faceCommand(const Words& words);
int damageCommand(const Words& words);
int benchCommand(const Words& words);
int detectCommand(const Words& words);
int restoreCommand(const Words& words);
int modelsCommand(const Words& words);
// models --download NAME: fetch, validate and install one catalog model, with a progress line.
int downloadModel(const std::string& name);
int batchCommand(const Words& words);
int reportCommand(const Words& words);
int identityCommand(const Words& words);

// Prints "gpen-cli: <message>" to stderr and returns 1.
int fail(const std::string& message);

}  // namespace gpen::cli
