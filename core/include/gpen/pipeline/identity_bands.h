#pragma once

// The identity score's bands and arithmetic, apart from the model (identity_model.h), for the
// batch report and the front ends.

#include <vector>

namespace gpen {

// Where a score falls, calibrated on the Solvay photo's 28 faces (tests/core/identity_test.cpp
// and the note): the same face shifted and through JPEG q30, shrunk 8x and enlarged,
// blurred (sigma 4) or made gray and 30 % brighter scores 0.80-1.00; two different people 0.50
// on average, 0.63 at the 95th percentile, 0.68 at the 99th, 0.755 at most (378 pairs).
inline constexpr double kIdentityConsistent = 0.75;  // at or above: the same person
inline constexpr double kIdentityChanged = 0.60;     // below: someone else; between: look again
enum class IdentityBand { Consistent, Check, Changed };
IdentityBand identityBand(double score);
const char* identityBandName(IdentityBand band);  // "consistent", "check", "changed"

// The cosine of two descriptors (of any scale), in [-1, 1]; 0 when either is all zeros.
double descriptorCosine(const std::vector<float>& a, const std::vector<float>& b);

}  // namespace gpen
