// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/model_state.h"

namespace gpen {

const char* modelStateName(ModelState state) {
    switch (state) {
        case ModelState::NotInstalled:
            return "not installed";
        case ModelState::Installed:
            return "installed";
        case ModelState::Loading:
            return "loading";
        case ModelState::Ready:
            return "ready";
        case ModelState::Evicted:
            return "evicted";
        case ModelState::Failed:
            return "failed";
    }
    return "?";
}

const char* loadPhaseName(LoadPhase phase) {
    switch (phase) {
        case LoadPhase::None:
            return "none";
        case LoadPhase::ReadingWeights:
            return "reading weights";
        case LoadPhase::Building:
            return "building";
        case LoadPhase::MovingToDevice:
            return "moving to device";
        case LoadPhase::WarmingUp:
            return "warming up";
    }
    return "?";
}

const char* releaseReasonName(ReleaseReason reason) {
    switch (reason) {
        case ReleaseReason::None:
            return "none";
        case ReleaseReason::ModelCount:
            return "model count";
        case ReleaseReason::MemoryBudget:
            return "memory budget";
        case ReleaseReason::Idle:
            return "idle";
        case ReleaseReason::Requested:
            return "requested";
    }
    return "?";
}

}  // namespace gpen
