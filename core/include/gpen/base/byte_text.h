// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>

namespace gpen {

// A size as a user reads it in a message: "512 kB" under a megabyte, else "284.0 MB" (decimal
// units, as disks and downloads count them).
std::string formatBytes(std::uint64_t bytes);

}  // namespace gpen
