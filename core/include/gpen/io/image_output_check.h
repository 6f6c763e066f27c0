// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <filesystem>

#include "gpen/base/expected.h"

namespace gpen {

// Whether an image can be written at `path`, checked before any work is spent on it: a file name
// is given (not a folder, not a path ending in '/'), its extension is one the encoder writes
// (.png, .jpg, .jpeg, .tif, .tiff, .webp, .bmp; none means PNG), and its folder exists.
// InvalidArgument or Io with a message naming the path and what is wrong.
Expected<void> checkImageOutputPath(const std::filesystem::path& path);

}  // namespace gpen
