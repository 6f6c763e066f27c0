// SPDX-License-Identifier: Apache-2.0
#pragma once

// The identity score's bands and arithmetic, apart from the model (identity_model.h), for the
// batch report and the front ends.

#include <vector>

namespace gpen {

// Where a score falls, calibrated on the Solvay photo's 28 faces (tests/core/identity_test.cpp;
// the scores of the same face changed and of two different people are in docs/MEASUREMENTS.md,
// "Identity bands"): the bands sit between the two.
inline constexpr double kIdentityConsistent = 0.75;  // at or above: the same person
inline constexpr double kIdentityChanged = 0.60;     // below: someone else; between: look again
enum class IdentityBand { Consistent, Check, Changed };
IdentityBand identityBand(double score);
const char* identityBandName(IdentityBand band);  // "consistent", "check", "changed"

// The cosine of two descriptors (of any scale), in [-1, 1]; 0 when either is all zeros.
double descriptorCosine(const std::vector<float>& a, const std::vector<float>& b);

}  // namespace gpen
