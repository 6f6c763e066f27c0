// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace gpen::cli {

// One JSON document on one line. Bytes that are not UTF-8 (Latin-1 file names are common in old
// archives) become U+FFFD instead of throwing in the middle of the output.
inline std::string jsonLine(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace gpen::cli
