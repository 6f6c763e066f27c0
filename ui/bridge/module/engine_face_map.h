// SPDX-License-Identifier: Apache-2.0
#pragma once

// The engine module's side of the parsing-map editor (face_map_dialog.h): a photo's face and its
// map, and the face Seg2face draws from an edited map, on core's face_map.h. Engine thread only
// (module code).

#include "gpen/engine/model_cache.h"
#include "ui/bridge/engine_backend.h"

namespace gpen::ui {

// Each answers with its outcome, JobCancelled or JobFailure (in the user's language). No
// exception leaves.
void runFaceMapJob(ModelCache& cache, const FaceMapRequest& request, const EngineEvents& events);
void runFaceFromMapJob(ModelCache& cache, const FaceFromMapRequest& request,
                       const EngineEvents& events);

}  // namespace gpen::ui
