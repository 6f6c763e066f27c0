// SPDX-License-Identifier: Apache-2.0
#include "gpen/nn/synthetic_weights.h"

#include <cmath>
#include <string>

namespace gpen {
namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

FloatTensor fillRuleTensor(const Shape& shape, std::int64_t entryIndex, double offset,
                           double scale) {
    FloatTensor t(shape);
    const auto k = static_cast<std::uint64_t>(entryIndex);
    for (std::size_t i = 0; i < t.data.size(); ++i) {
        // Exact integer arithmetic modulo 2^32, then the low 16 bits mapped to [-1, 1).
        const std::uint64_t u =
            (static_cast<std::uint64_t>(i) * 2654435761ULL + k * 97531ULL) & 0xFFFFFFFFULL;
        const double v = static_cast<double>(u % 65536ULL) / 32768.0 - 1.0;
        t.data[i] = static_cast<float>(offset + scale * v);
    }
    return t;
}

StateDict fillRuleGpenWeights(const GpenArchitecture& arch) {
    StateDict dict = gpenBuiltBuffers(arch);  // the blur kernels stay as the network builds them
    const auto spec = gpenStateDictSpec(arch);
    StateDict out;
    for (std::size_t k = 0; k < spec.size(); ++k) {
        const auto& s = spec[k];
        if (endsWith(s.name, ".kernel")) {
            out.insert(s.name, *dict.tensor(s.name));
            continue;
        }
        double offset = 0.0;
        double scale = std::sqrt(3.0);
        if (endsWith(s.name, "modulation.bias")) {
            offset = 1.0;
            scale = 0.1;
        } else if (endsWith(s.name, "noise.weight")) {
            scale = 0.3;
        } else if (endsWith(s.name, "bias")) {
            scale = 0.1;
        }
        out.insert(s.name, fillRuleTensor(s.shape, static_cast<std::int64_t>(k), offset, scale));
    }
    return out;
}

}  // namespace gpen
