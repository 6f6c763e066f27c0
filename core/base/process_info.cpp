// SPDX-License-Identifier: Apache-2.0
#include "gpen/base/process_info.h"

#include <fstream>
#include <string>

namespace gpen {
namespace {

std::uint64_t statusField(const std::string& field) {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(field, 0) == 0) {
            return std::stoull(line.substr(field.size())) * 1024ULL;  // reported in kB
        }
    }
    return 0;
}

}  // namespace

std::uint64_t peakRssBytes() {
    return statusField("VmHWM:");
}
std::uint64_t currentRssBytes() {
    return statusField("VmRSS:");
}

}  // namespace gpen
