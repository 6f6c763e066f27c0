// SPDX-License-Identifier: Apache-2.0
#pragma once

// What a GPEN face model does to an aligned face. The released checkpoints share one network
// (FullGenerator); the heads differ in what they were trained on and so in their pre- and
// post-processing (face_task_runner.h runs each as the reference wrappers do).

#include <optional>
#include <string>

namespace gpen {

enum class FaceTask {
    Restore,   // GPEN-BFR-*: a degraded face -> a clean one
    Colorize,  // GPEN-Colorization-1024: a gray face -> a coloured one (the luma kept)
    Inpaint,   // GPEN-Inpainting-1024: a face with its damage painted white -> a whole one
    Seg2face,  // GPEN-Seg2face-512: a parsing map in the CelebAMask-HQ colours -> a face
};

const char* faceTaskName(FaceTask task);  // "restore", "colorize", "inpaint", "seg2face"
std::optional<FaceTask> parseFaceTask(const std::string& name);
// "restores", "colorizes", "repairs", "draws from a parsing map": for messages about a model.
const char* faceTaskVerb(FaceTask task);

}  // namespace gpen
