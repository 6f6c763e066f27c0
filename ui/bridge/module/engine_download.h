// SPDX-License-Identifier: Apache-2.0
#pragma once

// The engine module's side of the model manager's Download: core's downloader
// (gpen/engine/model_download.h), installing through the cache's import. Engine thread only (module
// code).

#include "gpen/engine/model_cache.h"
#include "ui/bridge/engine_backend.h"

namespace gpen::ui {

// Answers with DownloadProgressView events, then DownloadOutcome, JobCancelled or JobFailure (in
// the user's language). No exception leaves.
void runDownloadJob(ModelCache& cache, const DownloadRequest& request, const EngineEvents& events);

}  // namespace gpen::ui
