// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/loaded_model.h"

#include <algorithm>

namespace gpen {

std::uint64_t LoadedModel::workBytes(const WarmupPlan&) const {
    return 0;
}

Expected<void> LoadedModel::runOnZeros(const WarmupPlan&, int) const {
    return {};
}

Expected<void> LoadedModel::warmup(const WarmupPlan& plan) const {
    if (!plan.enabled) {
        return {};
    }
    std::vector<int> batches = {1};
    if (kind() == ModelKind::GpenFace || kind() == ModelKind::Parser) {
        batches.clear();
        for (const int b : plan.faceBatchSizes) {
            if (b > 0 && std::find(batches.begin(), batches.end(), b) == batches.end()) {
                batches.push_back(b);
            }
        }
    }
    for (const int b : batches) {
        if (plan.stop.stop_requested()) {
            return makeError(ErrorCode::Cancelled, "Cancelled");
        }
        if (auto r = runOnZeros(plan, b); !r) {
            return r;
        }
    }
    return {};
}

}  // namespace gpen
