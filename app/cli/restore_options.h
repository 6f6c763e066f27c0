#pragma once

// The restore options that `restore` and `batch` share: one parser, so both accept the same
// words with the same limits.

#include <set>
#include <string>

#include "cli/args.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/restore_pipeline.h"

namespace gpen::cli {

// --face-model --task --detector --sr-scale --tile --tile-overlap --alpha --face-batch --threshold
// --min-face --select --quality --max-megapixels (options) and --no-keep-gray --match-tone
// --no-metadata (flags).
extern const std::set<std::string> kRestoreOptions;
extern const std::set<std::string> kRestoreFlags;

Expected<FaceSelection> selectionFrom(const Args& args);
// RestoreParams from the shared options (progress and cancel left unset).
Expected<RestoreParams> restoreParamsFrom(const Args& args);
// The decoder's limits: --max-megapixels (default: core's).
Expected<ImageReadParams> readParamsFrom(const Args& args);

}  // namespace gpen::cli
