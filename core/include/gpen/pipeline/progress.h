// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <stop_token>
#include <string>
#include <string_view>

namespace gpen {

struct Progress {
    std::string stage;  // "background", "detection", "faces", ...
    int done = 0;
    int total = 0;
    // An event worth telling the user, one of those below (the GUI reads them back to say them in
    // the user's language).
    std::string note;
};

// "loading realesrgan-x4fast": the model named is being loaded for this stage.
inline constexpr std::string_view kProgressLoadingPrefix = "loading ";
// "out of memory at tile 512: halved to 256 and started again" (the background pass).
inline constexpr std::string_view kProgressTileHalvedPrefix = "out of memory at tile ";
inline constexpr std::string_view kProgressTileHalvedMiddle = ": halved to ";
inline constexpr std::string_view kProgressTileHalvedSuffix = " and started again";

// Called on the job's thread; must return quickly.
using ProgressFn = std::function<void(const Progress&)>;

}  // namespace gpen
