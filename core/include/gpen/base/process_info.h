// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

namespace gpen {

// Peak resident set size of this process so far (VmHWM), in bytes; 0 where unknown.
std::uint64_t peakRssBytes();
// Current resident set size (VmRSS), in bytes; 0 where unknown.
std::uint64_t currentRssBytes();

}  // namespace gpen
