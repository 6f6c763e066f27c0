// SPDX-License-Identifier: Apache-2.0
#pragma once

// The engine module's side of a batch: the dialog's request in core's terms, core's runner, and
// its plan, progress and records back as the GUI's values. Engine thread only (module code).

#include "gpen/engine/model_cache.h"
#include "gpen/pipeline/restore_pipeline.h"
#include "ui/bridge/engine_backend.h"

namespace gpen::ui {

// The restore panel's options as the pipeline's parameters (progress and cancel left unset).
RestoreParams restoreParamsFrom(const RestoreOptions& options);

// Plans the batch (batchPlanned), runs it with core's runner (batchProgress, batchFileDone) and
// answers with batchFinished, or jobFailed when the batch could not start. No exception leaves.
void runBatchJob(ModelCache& cache, const BatchRequest& request, const EngineEvents& events);

}  // namespace gpen::ui
