// SPDX-License-Identifier: Apache-2.0
#include "cli/command_line.h"

#include <iostream>

namespace gpen::cli {

int fail(const std::string& message) {
    std::cerr << "gpen-cli: " << message << "\n";
    return 1;
}

}  // namespace gpen::cli
