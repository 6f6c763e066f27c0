// SPDX-License-Identifier: Apache-2.0
#pragma once

// What the readers of other frameworks' model files (NCNN, TF.js) share: a whole file read under
// a size limit, and IEEE half floats widened to float32.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "gpen/base/expected.h"

namespace gpen {

// The file's bytes; an Io error when it cannot be read, Malformed when it is larger than `limit`
// ("larger (N bytes) than <kind> may be").
Expected<std::vector<char>> readBoundedFile(const std::filesystem::path& file, std::uint64_t limit,
                                            const std::string& kind);

float halfToFloat(std::uint16_t h);

}  // namespace gpen
