#pragma once

// Core-internal: the planning half of the batch runner (what planBatch() and runBatch() share).

#include <string>
#include <utility>
#include <vector>

#include "gpen/batch/batch_runner.h"

namespace gpen::batch {

// Every setting that shapes an output, as text, in a stable order: what the report records and
// what `report merge` compares across shards.
std::vector<std::pair<std::string, std::string>> batchSettings(const BatchParams& params, const std::string& date);

// The files of this run with their outputs: names from the template; a target that exists is
// skipped, overwritten or suffixed by the policy; two inputs with one output name are suffixed
// (policy suffix) or the later one fails. With `previous` (resume) a file keeps the output name
// the earlier run gave it (suffix included), and one whose target is present is not redone (an
// atomic rename means a present target is whole).
std::vector<PlannedFile> planFiles(const BatchParams& params, const std::vector<ScannedFile>& files,
                                   std::size_t totalInList, const std::string& date, const BatchReport* previous);

// Today's date, UTC, YYYY-MM-DD; and the time, ISO 8601 UTC.
std::string todayUtc();
std::string nowIsoUtc();

}  // namespace gpen::batch
