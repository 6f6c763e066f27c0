// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

#include "gpen/base/float_tensor.h"
#include "gpen/io/state_dict.h"
#include "gpen/nn/gpen_generator.h"

namespace gpen {

// The deterministic "fill rule" of the reference fixtures (shared/fixtures/README.md): value i of
// entry k is offset + scale * v(i, k), v in [-1, 1). With it, full-size networks can be built,
// benchmarked and checked against the reference without any released weights.
FloatTensor fillRuleTensor(const Shape& shape, std::int64_t entryIndex, double offset,
                           double scale);

// A complete GPEN state dict by "fill-rule gpen": what the GPEN-BFR-*-fill fixtures were made with.
StateDict fillRuleGpenWeights(const GpenArchitecture& arch);

}  // namespace gpen
