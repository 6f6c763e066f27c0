// SPDX-License-Identifier: Apache-2.0
#include "gpen/base/byte_text.h"

#include <cstdio>

namespace gpen {

std::string formatBytes(std::uint64_t bytes) {
    char buf[32];
    if (bytes < 1'000'000) {
        std::snprintf(buf, sizeof buf, "%.0f kB", static_cast<double>(bytes) / 1e3);
    } else {
        std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(bytes) / 1e6);
    }
    return buf;
}

}  // namespace gpen
