// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "gpen/batch/batch_scan.h"
#include "ui/bridge/batch_job.h"

namespace gpen::ui {

// The batch dialog's file choices (sub-folders, include and exclude patterns) in core's terms:
// what the engine's batch scans, and what the dialog's plan previews before Start. Blank patterns
// are dropped. Any thread.
BatchScanParams batchScanParamsOf(const BatchRequest& request);

}  // namespace gpen::ui
