// SPDX-License-Identifier: Apache-2.0
#pragma once

// The fixtures' fill rule (../shared/fixtures/README.md): deterministic weights for the large
// networks, recreated entry by entry from the manifest's `keys` list.

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "gpen/base/float_tensor.h"
#include "gpen/io/state_dict.h"
#include "gpen/nn/gpen_generator.h"

namespace gpen::test {

// Values of entry number `k` with the given offset and scale.
FloatTensor fillTensor(const Shape& shape, std::int64_t k, double offset, double scale);

// "fill-rule gpen" or "fill-rule bn" over `keys`; `current` supplies the entries the rule leaves
// alone (blur kernels, num_batches_tracked) from the network as built.
StateDict fillStateDict(const nlohmann::json& testCase, const StateDict& current);

// A gpen case's `config` as our architecture.
GpenArchitecture gpenArchitectureOf(const nlohmann::json& config);

// The whole weights of a fill-rule case, whatever its kind (GPEN cases take their blur kernels
// from the network as built).
StateDict fillCaseWeights(const nlohmann::json& testCase);

}  // namespace gpen::test
