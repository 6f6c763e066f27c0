// SPDX-License-Identifier: Apache-2.0
#pragma once

// gpen-cli's command line on CLI11: each subcommand registers its options (with their ranges and
// help) on the root app, and its callback hands main() the function that runs it.

#include <functional>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "gpen/base/expected.h"

namespace gpen::cli {

// What the parsed subcommand does once the whole line has been read; its exit code.
using Runner = std::function<int()>;

// Registers `body` as what `command` runs, with the options its parse filled in `options`.
template <class Options>
void runs(CLI::App* command, Runner& runner, std::shared_ptr<Options> options,
          int (*body)(const Options&)) {
    command->callback(
        [&runner, options, body] { runner = [options, body] { return body(*options); }; });
}

// A check through one of core's own parsers (parseDevice, parseIfExists, ...), so that the names a
// value may take are written once; `names` is what --help shows.
template <class Parse>
CLI::Validator parsedBy(Parse parse, const std::string& names) {
    return CLI::Validator(
        [parse](std::string& value) -> std::string {
            const auto parsed = parse(value);
            return parsed ? std::string() : parsed.error().message;
        },
        names);
}

// Prints "gpen-cli: <message>" to stderr and returns 1.
int fail(const std::string& message);

}  // namespace gpen::cli
