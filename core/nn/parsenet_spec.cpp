// SPDX-License-Identifier: Apache-2.0
// ParseNet's state-dict layout (GPEN face_parse/parse_model.py, blocks.py) and its inference, and
// the logits-to-mask mapping (face_parse/face_parsing.py tenor2mask).

#include <algorithm>
#include <sstream>

#include "gpen/nn/parsenet.h"
#include "nn/conv_bn.h"

namespace gpen {

namespace {

int floorLog2(int v) {
    int l = 0;
    while (v > 1) {
        v /= 2;
        ++l;
    }
    return l;
}

}  // namespace

int ParseNetArchitecture::downSteps() const {
    return floorLog2(inSize / std::min(inSize, minFeatSize));
}
int ParseNetArchitecture::upSteps() const {
    return floorLog2(outSize / std::min(inSize, minFeatSize));
}

std::string ParseNetArchitecture::describe() const {
    std::ostringstream s;
    s << "ParseNet " << inSize;
    if (outSize != inSize) {
        s << " -> " << outSize;
    }
    s << ", " << baseCh << " base channels, " << parsingCh << " classes, channels " << minCh << ".."
      << maxCh;
    if (resDepth != 10) {
        s << ", " << resDepth << " residual blocks";
    }
    return s.str();
}

std::vector<TensorSpec> parseNetStateDictSpec(const ParseNetArchitecture& arch) {
    std::vector<TensorSpec> spec;
    auto conv = [&](const std::string& p, std::int64_t out, std::int64_t in, bool norm) {
        spec.push_back({p + "conv2d.weight", {out, in, 3, 3}});
        if (!norm) {
            spec.push_back({p + "conv2d.bias", {out}});
            return;
        }
        for (const char* n : {"weight", "bias", "running_mean", "running_var"}) {
            spec.push_back({p + "norm.norm." + n, {out}});
        }
        spec.push_back({p + "norm.norm.num_batches_tracked", {}});
    };
    auto block = [&](const std::string& p, std::int64_t in, std::int64_t out, bool shortcut) {
        if (shortcut) {
            conv(p + "shortcut_func.", out, in, false);
        }
        conv(p + "conv1.", out, in, true);
        conv(p + "conv2.", out, out, true);
    };
    conv("encoder.0.", arch.baseCh, 3, false);
    int head = arch.baseCh;
    for (int i = 0; i < arch.downSteps(); ++i) {
        block("encoder." + std::to_string(i + 1) + ".", arch.clip(head), arch.clip(head * 2), true);
        head *= 2;
    }
    for (int i = 0; i < arch.resDepth; ++i) {
        block("body." + std::to_string(i) + ".", arch.clip(head), arch.clip(head), false);
    }
    for (int i = 0; i < arch.upSteps(); ++i) {
        block("decoder." + std::to_string(i) + ".", arch.clip(head), arch.clip(head / 2), true);
        head /= 2;
    }
    conv("out_img_conv.", 3, arch.clip(head), false);
    conv("out_mask_conv.", arch.parsingCh, arch.clip(head), false);
    return spec;
}

Expected<ParseNetArchitecture> inferParseNetArchitecture(const StateDict& dict,
                                                         const std::string& source) {
    auto shapeOf = [&](const std::string& name) -> Shape {
        const auto info = dict.info(name);
        return info ? info->shape : Shape{};
    };
    const Shape first = shapeOf("encoder.0.conv2d.weight");
    const Shape mask = shapeOf("out_mask_conv.conv2d.weight");
    if (first.size() != 4 || mask.size() != 4 || !dict.contains("out_img_conv.conv2d.weight")) {
        return makeError(
            ErrorCode::UnsupportedArchitecture,
            source +
                ": not a ParseNet (no encoder.0.conv2d.weight, out_img_conv.conv2d.weight "
                "or out_mask_conv.conv2d.weight)");
    }
    ParseNetArchitecture arch;
    arch.baseCh = static_cast<int>(first[0]);
    arch.parsingCh = static_cast<int>(mask[0]);
    auto count = [&](const std::string& prefix, int from) {
        int n = from;
        while (dict.contains(prefix + std::to_string(n) + ".conv1.conv2d.weight")) {
            ++n;
        }
        return n - from;
    };
    const int down = count("encoder.", 1);
    const int up = count("decoder.", 0);
    arch.resDepth = count("body.", 0);
    // The sizes only set the step counts; 32 is the reference's min_feat_size.
    arch.inSize = arch.minFeatSize << down;
    arch.outSize = arch.minFeatSize << up;
    int smallest = arch.baseCh;
    int largest = arch.baseCh;
    for (const auto& info : dict.infos()) {
        const bool blockConv = info.name.find(".conv1.conv2d.weight") != std::string::npos ||
                               info.name.find(".conv2.conv2d.weight") != std::string::npos;
        if (blockConv && info.shape.size() == 4) {
            smallest = std::min(smallest, static_cast<int>(info.shape[0]));
            largest = std::max(largest, static_cast<int>(info.shape[0]));
        }
    }
    arch.minCh = std::min(32, smallest);
    arch.maxCh = largest;
    if (arch.baseCh < 1 || arch.parsingCh < 1 || down > 10 || up > 10) {
        return makeError(ErrorCode::UnsupportedArchitecture,
                         source + ": unsupported ParseNet configuration (" + arch.describe() + ")");
    }
    std::vector<TensorSpec> used;
    for (auto& s : parseNetStateDictSpec(arch)) {
        if (!nn::isBatchCounter(s.name)) {
            used.push_back(std::move(s));
        }
    }
    if (auto ok = validateStateDict(dict, used, source); !ok) {
        return tl::unexpected(ok.error());
    }
    return arch;
}

Expected<std::vector<ParseMask>> parseLogitsToMask(const FloatTensor& logits,
                                                   const std::vector<std::uint8_t>& classValues) {
    const Shape& s = logits.shape;
    if ((s.size() != 4 && s.size() != 3) || logits.numel() == 0) {
        return makeError(
            ErrorCode::InvalidArgument,
            "parsing logits must be [N, C, H, W] or [C, H, W], got " + shapeToString(s));
    }
    const std::size_t o = s.size() == 4 ? 1 : 0;
    const auto n = s.size() == 4 ? s[0] : 1;
    const auto c = s[o];
    const auto h = s[o + 1];
    const auto w = s[o + 2];
    if (c > 256) {
        return makeError(ErrorCode::InvalidArgument,
                         "at most 256 parsing classes, got " + std::to_string(c));
    }
    if (static_cast<std::int64_t>(classValues.size()) != c) {
        return makeError(ErrorCode::InvalidArgument,
                         "parsing logits have " + std::to_string(c) + " classes but " +
                             std::to_string(classValues.size()) + " mask values were given");
    }
    const auto plane = static_cast<std::size_t>(h * w);
    std::vector<ParseMask> masks;
    std::vector<float> best(plane);
    std::vector<std::uint8_t> arg(plane);
    for (std::int64_t i = 0; i < n; ++i) {
        const float* base = logits.data.data() + static_cast<std::size_t>(i * c) * plane;
        std::copy(base, base + plane, best.begin());
        std::fill(arg.begin(), arg.end(), std::uint8_t{0});
        for (std::int64_t k = 1; k < c; ++k) {
            const float* ch = base + static_cast<std::size_t>(k) * plane;
            for (std::size_t p = 0; p < plane; ++p) {
                if (ch[p] > best[p]) {
                    best[p] = ch[p];
                    arg[p] = static_cast<std::uint8_t>(k);
                }
            }
        }
        ParseMask m{static_cast<int>(w), static_cast<int>(h), std::vector<std::uint8_t>(plane)};
        for (std::size_t p = 0; p < plane; ++p) {
            m.values[p] = classValues[arg[p]];
        }
        masks.push_back(std::move(m));
    }
    return masks;
}

}  // namespace gpen
