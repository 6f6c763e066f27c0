// SPDX-License-Identifier: Apache-2.0
// Apart from identity_model.cpp so that the GUI, which links no libtorch, can use the bands.

#include "gpen/pipeline/identity_bands.h"

#include <algorithm>
#include <cmath>

namespace gpen {

IdentityBand identityBand(double score) {
    if (score >= kIdentityConsistent) return IdentityBand::Consistent;
    if (score >= kIdentityChanged) return IdentityBand::Check;
    return IdentityBand::Changed;
}

const char* identityBandName(IdentityBand band) {
    switch (band) {
        case IdentityBand::Consistent:
            return "consistent";
        case IdentityBand::Check:
            return "check";
        case IdentityBand::Changed:
            return "changed";
    }
    return "?";
}

double descriptorCosine(const std::vector<float>& a, const std::vector<float>& b) {
    double dot = 0, na = 0, nb = 0;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        dot += double(a[i]) * b[i];
        na += double(a[i]) * a[i];
        nb += double(b[i]) * b[i];
    }
    return na > 0 && nb > 0 ? dot / std::sqrt(na * nb) : 0.0;
}

}  // namespace gpen
