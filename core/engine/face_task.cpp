// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/face_task.h"

namespace gpen {

const char* faceTaskName(FaceTask task) {
    switch (task) {
        case FaceTask::Restore:
            return "restore";
        case FaceTask::Colorize:
            return "colorize";
        case FaceTask::Inpaint:
            return "inpaint";
        case FaceTask::Seg2face:
            return "seg2face";
    }
    return "restore";
}

std::optional<FaceTask> parseFaceTask(const std::string& name) {
    for (FaceTask t :
         {FaceTask::Restore, FaceTask::Colorize, FaceTask::Inpaint, FaceTask::Seg2face}) {
        if (name == faceTaskName(t)) return t;
    }
    return std::nullopt;
}

const char* faceTaskVerb(FaceTask task) {
    switch (task) {
        case FaceTask::Restore:
            return "restores faces";
        case FaceTask::Colorize:
            return "colorizes gray faces";
        case FaceTask::Inpaint:
            return "repairs damaged faces";
        case FaceTask::Seg2face:
            return "draws faces from parsing maps";
    }
    return "restores faces";
}

}  // namespace gpen
