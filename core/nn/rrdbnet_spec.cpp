// SPDX-License-Identifier: Apache-2.0
// RRDBNet's state-dict layout (BasicSR basicsr/archs/rrdbnet_arch.py) and its inference.

#include <sstream>

#include "gpen/nn/rrdbnet.h"

namespace gpen {

std::string RrdbArchitecture::describe() const {
    std::ostringstream s;
    s << "RRDBNet x" << scale << ", " << numFeat << " features, " << numBlock << " blocks, growth "
      << numGrowCh;
    if (numInCh != 3 || numOutCh != 3) {
        s << ", " << numInCh << " -> " << numOutCh << " channels";
    }
    return s.str();
}

std::vector<TensorSpec> rrdbStateDictSpec(const RrdbArchitecture& arch) {
    std::vector<TensorSpec> spec;
    const std::int64_t f = arch.numFeat;
    const std::int64_t g = arch.numGrowCh;
    const std::int64_t u = arch.unshuffleFactor();
    auto conv = [&](const std::string& name, std::int64_t out, std::int64_t in) {
        spec.push_back({name + ".weight", {out, in, 3, 3}});
        spec.push_back({name + ".bias", {out}});
    };
    conv("conv_first", f, arch.numInCh * u * u);
    for (int b = 0; b < arch.numBlock; ++b) {
        for (int r = 1; r <= 3; ++r) {
            const std::string p =
                "body." + std::to_string(b) + ".rdb" + std::to_string(r) + ".conv";
            for (int c = 1; c <= 5; ++c) {
                conv(p + std::to_string(c), c < 5 ? g : f, f + (c - 1) * g);
            }
        }
    }
    conv("conv_body", f, f);
    conv("conv_up1", f, f);
    conv("conv_up2", f, f);
    conv("conv_hr", f, f);
    conv("conv_last", arch.numOutCh, f);
    return spec;
}

Expected<RrdbArchitecture> inferRrdbArchitecture(const StateDict& dict, const std::string& source,
                                                 int expectedScale) {
    auto shapeOf = [&](const std::string& name) -> Shape {
        const auto info = dict.info(name);
        return info ? info->shape : Shape{};
    };
    const Shape first = shapeOf("conv_first.weight");
    const Shape last = shapeOf("conv_last.weight");
    const Shape rdb = shapeOf("body.0.rdb1.conv1.weight");
    if (first.size() != 4 || last.size() != 4 || rdb.size() != 4) {
        return makeError(ErrorCode::UnsupportedArchitecture,
                         source +
                             ": not an RRDBNet (no conv_first.weight, conv_last.weight or "
                             "body.0.rdb1.conv1.weight)");
    }
    RrdbArchitecture arch;
    arch.numFeat = static_cast<int>(first[0]);
    arch.numOutCh = static_cast<int>(last[0]);
    arch.numInCh = arch.numOutCh;
    arch.numGrowCh = static_cast<int>(rdb[0]);
    arch.numBlock = 0;
    while (dict.contains("body." + std::to_string(arch.numBlock) + ".rdb1.conv1.weight")) {
        ++arch.numBlock;
    }
    const std::int64_t in = first[1];
    const std::int64_t c = arch.numInCh;
    if (in == c) {
        arch.scale = 4;
    } else if (in == c * 4) {
        arch.scale = 2;
    } else if (in == c * 16) {
        arch.scale = 1;
    } else {
        return makeError(
            ErrorCode::UnsupportedArchitecture,
            source + ": conv_first takes " + std::to_string(in) + " channels, which is " +
                std::to_string(c) + ", " + std::to_string(c * 4) + " or " + std::to_string(c * 16) +
                " for an RRDBNet x4, x2 or x1 with " + std::to_string(c) + " output channels");
    }
    if (expectedScale != 0 && arch.scale != expectedScale) {
        return makeError(ErrorCode::UnsupportedArchitecture,
                         source + ": holds " + arch.describe() + ", where an x" +
                             std::to_string(expectedScale) + " network is needed");
    }
    if (auto ok = validateStateDict(dict, rrdbStateDictSpec(arch), source); !ok) {
        return tl::unexpected(ok.error());
    }
    return arch;
}

}  // namespace gpen
