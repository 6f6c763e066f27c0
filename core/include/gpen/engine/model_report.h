// SPDX-License-Identifier: Apache-2.0
#pragma once

// Command-line support: the catalog with each model's state as text or JSON, and the cold-start
// measurement (`gpen-cli models`, `gpen-cli models --cold-start ID`).

#include <string>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/engine/model_cache.h"
#include "gpen/engine/model_catalog.h"
#include "gpen/engine/model_state.h"

namespace gpen {

// One block per catalog entry: id, kind, state, expected size, architecture, then the file (and
// where it was found) or the download link, load timings, the error of a Failed one; the licence
// note at the end. `statuses` may miss entries (they show as not installed).
std::string modelsToText(const ModelCatalog& catalog, const std::vector<ModelStatus>& statuses);
// {"models": [{"id", "kind", "state", "phase", "network", "architecture", "expected_mb", "file",
//   "origin", "file_bytes", "resident_bytes", "download_url", "source_file_name", "licence",
//   "built_in", "discovered", "pinned", "in_use", "loads", "released", "error",
//   "timings": {"read_ms", "build_ms", "device_ms", "warm_ms", "total_ms"}}], "licence_note"}
std::string modelsToJson(const ModelCatalog& catalog, const std::vector<ModelStatus>& statuses);
std::string modelsToText(const ModelCache& cache);
std::string modelsToJson(const ModelCache& cache);

struct ColdStartParams {
    int runs = 5;   // steady requests timed after the first
    int batch = 1;  // faces per request (face model, parser)
};

struct ColdStartReport {
    std::string id;
    std::string architecture;
    std::string device;
    int batch = 1;
    LoadTimings timings;        // read / build / device / warm, as the cache measured them
    double timeToReadyMs = 0;   // from asking for the model to holding it, as a caller sees it
    double firstRequestMs = 0;  // the first request once ready (what warmup is there to make fast)
    double steadyMs = 0;        // median of the following requests
    double minMs = 0;

    double firstToSteady() const { return steadyMs > 0 ? firstRequestMs / steadyMs : 0; }
    std::string toText() const;
    std::string toJson() const;
};

// Releases `id` (so it is read from its file again), acquires it while timing, then times one
// request of `batch` on zeros and `runs` more. Runs on the calling thread; the model stays loaded.
Expected<ColdStartReport> measureColdStart(ModelCache& cache, const std::string& id,
                                           const ColdStartParams& params = {});

}  // namespace gpen
