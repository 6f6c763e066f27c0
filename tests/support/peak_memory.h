// SPDX-License-Identifier: Apache-2.0
#pragma once

// Test-only: the memory one call really takes, whatever the test process held before it.

#include <cstdint>
#include <fstream>
#include <string>

namespace gpen::test {

// The process's peak resident memory in bytes (VmHWM), reset to the current use first when
// `reset` (Linux clear_refs 5).
inline std::uint64_t peakResidentBytes(bool reset) {
    if (reset) {
        std::ofstream("/proc/self/clear_refs") << "5";
    }
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0) {
            return std::stoull(line.substr(6)) * 1024;
        }
    }
    return 0;
}

}  // namespace gpen::test
