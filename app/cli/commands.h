// SPDX-License-Identifier: Apache-2.0
#pragma once

// The gpen-cli subcommands. Each registers itself on the root app; what it prints goes to stdout,
// progress and errors to stderr.

#include "cli/command_line.h"

namespace gpen::cli {

void addInspectCommand(CLI::App& root, Runner& runner);
void addFaceCommand(CLI::App& root, Runner& runner);
void addDamageCommand(CLI::App& root, Runner& runner);
void addBenchCommand(CLI::App& root, Runner& runner);
void addModelsCommand(CLI::App& root, Runner& runner);
void addDetectCommand(CLI::App& root, Runner& runner);
void addRestoreCommand(CLI::App& root, Runner& runner);
void addIdentityCommand(CLI::App& root, Runner& runner);
void addBatchCommand(CLI::App& root, Runner& runner);
void addReportCommand(CLI::App& root, Runner& runner);

// models --download NAME: fetch, validate and install one catalog model, with a progress line.
int downloadModel(const std::string& name);

}  // namespace gpen::cli
