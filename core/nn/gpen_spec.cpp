// SPDX-License-Identifier: Apache-2.0
#include "nn/gpen_spec.h"

#include <cmath>

#include <ATen/ATen.h>

#include "io/state_dict_access.h"

namespace gpen {
namespace nn {

int log2Exact(int size) {
    if (size <= 0 || (size & (size - 1)) != 0) {
        return -1;
    }
    int l = 0;
    while ((1 << l) < size) {
        ++l;
    }
    return l;
}

int gpenChannels(const GpenArchitecture& arch, int size) {
    const double n = arch.narrow;
    const double cm = arch.channelMultiplier;
    double c = 0;
    switch (size) {
        case 4:
        case 8:
        case 16:
        case 32:
            c = 512 * n;
            break;
        case 64:
            c = 256 * cm * n;
            break;
        case 128:
            c = 128 * cm * n;
            break;
        case 256:
            c = 64 * cm * n;
            break;
        case 512:
            c = 32 * cm * n;
            break;
        case 1024:
            c = 16 * cm * n;
            break;
        case 2048:
            c = 8 * cm * n;
            break;
        default:
            return 0;
    }
    return static_cast<int>(std::floor(c + 1e-9));
}

int gpenEncoderStages(const GpenArchitecture& arch) {
    return log2Exact(arch.inSize) - 1;
}
int gpenDecoderLevels(const GpenArchitecture& arch) {
    return log2Exact(arch.outSize) - 2;
}

}  // namespace nn

using nn::gpenChannels;

std::vector<TensorSpec> gpenStateDictSpec(const GpenArchitecture& arch) {
    std::vector<TensorSpec> spec;
    const std::int64_t sd = arch.styleDim;
    const std::int64_t fm = arch.isConcat ? 2 : 1;
    auto modConv = [&](const std::string& p, std::int64_t in, std::int64_t out, std::int64_t k,
                       bool up) {
        spec.push_back({p + "weight", {1, out, in, k, k}});
        if (up) {
            spec.push_back({p + "blur.kernel", {4, 4}});
        }
        spec.push_back({p + "modulation.weight", {in, sd}});
        spec.push_back({p + "modulation.bias", {in}});
    };
    auto styledConv = [&](const std::string& p, std::int64_t in, std::int64_t out, bool up) {
        modConv(p + "conv.", in, out, 3, up);
        spec.push_back({p + "noise.weight", {1}});
        spec.push_back({p + "activate.bias", {out * fm}});
    };
    auto toRgb = [&](const std::string& p, std::int64_t in, bool up) {
        spec.push_back({p + "bias", {1, 3, 1, 1}});
        if (up) {
            spec.push_back({p + "upsample.kernel", {4, 4}});
        }
        modConv(p + "conv.", in, 3, 1, false);
    };

    for (int i = 1; i <= arch.nMlp; ++i) {
        spec.push_back({"generator.style." + std::to_string(i) + ".weight", {sd, sd}});
        spec.push_back({"generator.style." + std::to_string(i) + ".bias", {sd}});
    }
    const std::int64_t c4 = gpenChannels(arch, 4);
    spec.push_back({"generator.input.input", {1, c4, 4, 4}});
    styledConv("generator.conv1.", c4, c4, false);
    toRgb("generator.to_rgb1.", c4 * fm, false);
    const int levels = nn::gpenDecoderLevels(arch);
    std::int64_t in = c4;
    for (int l = 0; l < levels; ++l) {
        const std::int64_t out = gpenChannels(arch, 8 << l);
        styledConv("generator.convs." + std::to_string(2 * l) + ".", in * fm, out, true);
        styledConv("generator.convs." + std::to_string(2 * l + 1) + ".", out * fm, out, false);
        in = out;
    }
    for (int l = 0; l < levels; ++l) {
        toRgb("generator.to_rgbs." + std::to_string(l) + ".", gpenChannels(arch, 8 << l) * fm,
              true);
    }
    const int stages = nn::gpenEncoderStages(arch);
    std::int64_t ein = gpenChannels(arch, arch.inSize);
    spec.push_back({"ecd0.0.0.weight", {ein, 3, 1, 1}});
    spec.push_back({"ecd0.0.1.bias", {ein}});
    for (int e = 1; e < stages; ++e) {
        const std::int64_t eout = gpenChannels(arch, arch.inSize >> e);
        const std::string p = "ecd" + std::to_string(e) + ".0.";
        spec.push_back({p + "0.kernel", {4, 4}});
        spec.push_back({p + "1.weight", {eout, ein, 3, 3}});
        spec.push_back({p + "2.bias", {eout}});
        ein = eout;
    }
    spec.push_back({"final_linear.0.weight", {sd, c4 * 16}});
    spec.push_back({"final_linear.0.bias", {sd}});
    return spec;
}

StateDict gpenBuiltBuffers(const GpenArchitecture& arch) {
    // make_kernel([1, 3, 3, 1]): the outer product normalised to sum 1; the upsampling blurs
    // multiply it by factor^2 = 4 to keep the signal's level after zero insertion.
    const at::Tensor k1 = at::tensor({1.0F, 3.0F, 3.0F, 1.0F});
    const at::Tensor base = at::outer(k1, k1) / 64.0;
    StateDict dict;
    for (const auto& s : gpenStateDictSpec(arch)) {
        const bool down = s.name.rfind("ecd", 0) == 0;
        if (s.name.size() > 7 && s.name.compare(s.name.size() - 7, 7, ".kernel") == 0) {
            putTensor(dict, s.name, down ? base.clone() : base * 4.0);
        }
    }
    return dict;
}

Expected<GpenArchitecture> inferGpenArchitecture(const StateDict& dict, const std::string& source,
                                                 const std::optional<GpenExpectation>& expected) {
    auto shapeOf = [&](const std::string& name) -> Shape {
        const auto info = dict.info(name);
        return info ? info->shape : Shape{};
    };
    const Shape style1 = shapeOf("generator.style.1.weight");
    const Shape input = shapeOf("generator.input.input");
    const Shape ecd0 = shapeOf("ecd0.0.0.weight");
    if (style1.size() != 2 || input.size() != 4 || ecd0.size() != 4) {
        return makeError(ErrorCode::UnsupportedArchitecture,
                         source +
                             ": not a GPEN generator (no generator.style.1.weight, "
                             "generator.input.input or ecd0.0.0.weight)");
    }
    GpenArchitecture arch;
    arch.styleDim = static_cast<int>(style1[1]);
    arch.nMlp = 0;
    while (dict.contains("generator.style." + std::to_string(arch.nMlp + 1) + ".weight")) {
        ++arch.nMlp;
    }
    int stages = 0;
    while (dict.contains("ecd" + std::to_string(stages) + ".0." +
                         (stages == 0 ? "0.weight" : "1.weight"))) {
        ++stages;
    }
    int levels = 0;
    while (dict.contains("generator.to_rgbs." + std::to_string(levels) + ".conv.weight")) {
        ++levels;
    }
    arch.inSize = 1 << (stages + 1);
    arch.outSize = 1 << (levels + 2);
    const auto c4 = input[1];
    arch.narrow = static_cast<double>(c4) / 512.0;
    const Shape act1 = shapeOf("generator.conv1.activate.bias");
    arch.isConcat = act1.size() == 1 && act1[0] == 2 * c4;
    // channel_multiplier shows only at 64 px and above; smaller networks do not depend on it.
    arch.channelMultiplier = 1;
    if (arch.outSize >= 64) {
        const int level64 = 3;  // convs at 8, 16, 32, 64: the 64 px pair is level 3
        const Shape w = shapeOf("generator.convs." + std::to_string(2 * level64) + ".conv.weight");
        if (w.size() == 5) {
            arch.channelMultiplier =
                static_cast<int>(std::lround(static_cast<double>(w[1]) / (256.0 * arch.narrow)));
        }
    }
    if (arch.inSize < 32 || arch.outSize > 2048 || arch.outSize < arch.inSize ||
        arch.channelMultiplier < 1) {
        return makeError(ErrorCode::UnsupportedArchitecture,
                         source + ": unsupported GPEN configuration (" + arch.describe() + ")");
    }
    if (expected && !(expected->architecture == arch)) {
        return makeError(ErrorCode::UnsupportedArchitecture, source + ": holds " + arch.describe() +
                                                                 ", but " + expected->id + " is " +
                                                                 expected->architecture.describe());
    }
    if (auto ok = validateStateDict(dict, gpenStateDictSpec(arch), source); !ok) {
        return tl::unexpected(ok.error());
    }
    return arch;
}

}  // namespace gpen

namespace gpen {

double gpenForwardFlops(const GpenArchitecture& arch) {
    using nn::gpenChannels;
    const double fm = arch.isConcat ? 2.0 : 1.0;
    double macs = 0;
    // Encoder: 1x1 at full size, then 3x3 stride 2 convolutions.
    int size = arch.inSize;
    double in = gpenChannels(arch, size);
    macs += 3.0 * in * size * size;
    for (int e = 1; e < nn::gpenEncoderStages(arch); ++e) {
        size /= 2;
        const double out = gpenChannels(arch, size);
        macs += in * out * 9.0 * size * size;
        in = out;
    }
    macs += arch.styleDim * (gpenChannels(arch, 4) * 16.0 + arch.nMlp * arch.styleDim);
    // Decoder: 3x3 modulated convolutions (the upsampling ones on the input grid), 1x1 ToRGB.
    double c = gpenChannels(arch, 4);
    macs += c * fm * c * 9.0 * 16.0 + c * fm * 3.0 * 16.0;
    for (int s = 8; s <= arch.outSize; s *= 2) {
        const double out = gpenChannels(arch, s);
        macs += c * fm * out * 9.0 * (s / 2.0) * (s / 2.0);
        macs += out * fm * out * 9.0 * s * s;
        macs += out * fm * 3.0 * s * s;
        c = out;
    }
    return 2.0 * macs;
}

}  // namespace gpen
