// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the planning half of the batch runner (what planBatch() and runBatch() share).

#include <string>
#include <utility>
#include <vector>

#include "gpen/batch/batch_runner.h"

namespace gpen::batch {

// Every setting that shapes an output, as text, in a stable order: what the report records, what
// --resume requires to be unchanged and what `report merge` compares across shards. The models
// are the resolved ones (the networks that run), not what was asked for ("auto").
std::vector<std::pair<std::string, std::string>> batchSettings(const BatchParams& params,
                                                               const ResolvedModels& models,
                                                               const std::string& date);

// Refuses a resume whose settings differ from the earlier run's, naming the first that differs
// and how to start over.
Expected<void> checkResumeSettings(const std::vector<std::pair<std::string, std::string>>& before,
                                   const std::vector<std::pair<std::string, std::string>>& now);

// The files of this run (this shard of `files`, the whole sorted scan) with their outputs: names
// from the template; a target that is one of the inputs (same device and inode) fails, whatever
// the policy; a target that exists is skipped, overwritten or suffixed by the policy; two inputs
// with one output name are suffixed (policy suffix) or the later one fails. With `previous`
// (resume) a file keeps the output name the earlier run gave it (suffix included); an output
// recorded ok, or written by the earlier run before it stopped (an atomic rename means a present
// target is whole), is not redone; everything else is, by the policy.
std::vector<PlannedFile> planFiles(const BatchParams& params, const std::vector<ScannedFile>& files,
                                   const std::string& faceModel, const std::string& date,
                                   const BatchReport* previous);

// Today's date, UTC, YYYY-MM-DD; and the time, ISO 8601 UTC.
std::string todayUtc();
std::string nowIsoUtc();

}  // namespace gpen::batch
