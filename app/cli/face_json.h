// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <nlohmann/json.hpp>

#include "gpen/face/detected_face.h"

namespace gpen::cli {

// A detected face as `detect --json` and `restore --json` print it.
inline nlohmann::json faceJson(const DetectedFace& f) {
    nlohmann::json landmarks = nlohmann::json::array();
    for (const auto& p : f.landmarks) landmarks.push_back({p.x, p.y});
    return {{"box", {f.box.x, f.box.y, f.box.width, f.box.height}},
            {"score", f.score},
            {"landmarks", landmarks}};
}

}  // namespace gpen::cli
