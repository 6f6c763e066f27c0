// SPDX-License-Identifier: Apache-2.0
// ParseNet forward (GPEN face_parse/parse_model.py and blocks.py: ConvLayer, ResidualBlock).

#include "gpen/nn/parsenet.h"

#include <optional>

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include "nn/border_pad.h"
#include "nn/conv_bn.h"
#include "nn/cpu_batching.h"
#include "nn/free_cores.h"
#include "nn/network_builds.h"
#include "nn/precision.h"
#include "nn/tensor_convert.h"
#include "nn/torch_failure.h"
#include "nn/winograd43_conv.h"

namespace gpen {

using namespace gpen::nn;

namespace {

constexpr double kSlope = 0.2;

// ConvLayer: [nearest x2] -> reflection pad 1 -> 3x3 conv (stride 2 for 'down') -> [bn] -> [lrelu].
struct ConvLayer {
    ConvBn conv;  // padding 0: the reflection pad comes first
    bool up = false;
    bool activate = false;
    // Fast kernels, float32, 3x3 stride 1 on an AVX2 CPU: the same conv (batch norm folded in),
    // with the leaky ReLU in its output pass.
    std::shared_ptr<const Winograd43Conv> winograd;

    at::Tensor operator()(const at::Tensor& x) const {
        at::Tensor in = x;
        if (up) {
            const std::int64_t size[2] = {x.size(2) * 2, x.size(3) * 2};
            in = at::upsample_nearest2d(x, size);
        }
        if (winograd) {
            // The kernels reflect the border themselves: no padded copy (at 512, 67-134 MB).
            Winograd43Conv::Options options;
            options.pad = 1;
            options.reflect = true;
            if (activate) {
                options.leakySlope = kSlope;
            }
            return (*winograd)(in, options);
        }
        at::Tensor y = conv(reflectPad1(in));
        return activate ? leakyReluInPlace(std::move(y), kSlope) : y;
    }

    // Where Winograd is worth it: 3x3 stride 1 with enough input channels for its GEMM (the
    // 3-channel stem stays direct). The folded weights go once Winograd has its own copy.
    void useWinograd() {
        if (!conv.weight.defined() || conv.stride != 1 || conv.weight.size(2) != 3 ||
            conv.weight.size(1) < 32 || conv.bnWeight.defined()) {
            return;
        }
        winograd = Winograd43Conv::create(conv.weight, conv.bias);
        if (winograd) {
            conv.weight.reset();
            conv.bias.reset();
        }
    }
};

// Nearest x2, reflection pad 1 and a 3x3 conv (zero bias or folded) as one 2x2 conv on the small
// grid. Upsampling then reflecting equals replicating by one pixel then upsampling, so output row
// 2m reads padded rows (m, m+1) with taps (w0, w1 + w2) and row 2m+1 reads (m+1, m+2) with taps
// (w0 + w1, w2); likewise for columns. The four phases are the output channels of one conv.
struct UpPhaseConv {
    at::Tensor weight;  // [4 * out, in, 2, 2], phases (row, column) = (0,0), (0,1), (1,0), (1,1)
    at::Tensor bias;    // [4 * out]
    std::int64_t out = 0;

    static at::Tensor phase(const at::Tensor& w, std::int64_t dim, int e) {
        const at::Tensor a = w.select(dim, 0);
        const at::Tensor b = w.select(dim, 1);
        const at::Tensor c = w.select(dim, 2);
        return e == 0 ? at::stack({a, b + c}, dim) : at::stack({a + b, c}, dim);
    }

    static UpPhaseConv build(const at::Tensor& w3, const at::Tensor& b) {
        std::vector<at::Tensor> ws;
        for (int er = 0; er < 2; ++er) {
            const at::Tensor rows = phase(w3.to(at::kDouble), 2, er);
            for (int ec = 0; ec < 2; ++ec) {
                ws.push_back(phase(rows, 3, ec));
            }
        }
        return {at::cat(ws, 0).to(at::kFloat).contiguous(), at::cat({b, b, b, b}, 0).contiguous(),
                w3.size(0)};
    }

    // Output pixel (2m + r, 2n + c) is phase (r, c) at (m + r, n + c) of the conv on the
    // replicated grid. One phase at a time, each copied straight into the interleaved result in
    // x's layout: the four at once, at 512, were 135 MB and as much again for oneDNN's blocked
    // copy of them, beside the 134 MB result.
    at::Tensor operator()(const at::Tensor& x) const {
        const std::int64_t n = x.size(0);
        const std::int64_t h = x.size(2);
        const std::int64_t w = x.size(3);
        const at::Tensor padded = replicatePad1(x);
        const at::Tensor result = at::empty(
            {n, out, 2 * h, 2 * w}, padded.options().memory_format(x.suggest_memory_format()));
        // [N, out, 2h, 2w] seen as [N, out, h, 2, w, 2] (a view in either layout).
        const at::Tensor grid = result.view({n, out, h, 2, w, 2});
        for (std::int64_t p = 0; p < 4; ++p) {
            const std::int64_t r = p / 2;
            const std::int64_t c = p % 2;
            const at::Tensor y =
                conv2dBias(padded, weight.narrow(0, p * out, out), bias.narrow(0, p * out, out), 1,
                           0);  // [N, out, h+1, w+1]
            grid.select(5, c).select(3, r).copy_(y.narrow(2, r, h).narrow(3, c, w));
        }
        return result;
    }
};

struct ResidualBlock {
    std::optional<ConvLayer> shortcut;  // absent: identity
    ConvLayer conv1, conv2;
    // Fast kernels, 'up' blocks: shortcut and conv1 in one conv, the shortcut's channels first
    // (shortcut and conv1 are then left empty).
    std::optional<UpPhaseConv> fastUp;
    std::int64_t shortcutChannels = 0;

    void convertTo(Precision precision) {
        if (shortcut) {
            shortcut->conv.convertTo(precision);
        }
        conv1.conv.convertTo(precision);
        conv2.conv.convertTo(precision);
        if (fastUp) {
            fastUp->weight = toCompute(fastUp->weight, precision);
            fastUp->bias = toCompute(fastUp->bias, precision);
        }
    }

    // `x` is let go as soon as it is read: at 512 it is 67 MB, and the block's own tensors there
    // are the largest of the network.
    at::Tensor operator()(at::Tensor x) const {
        if (fastUp) {
            const at::Tensor both = (*fastUp)(x);
            x.reset();
            const std::int64_t cs = shortcutChannels;
            const at::Tensor res = leakyReluInPlace(both.narrow(1, cs, both.size(1) - cs), kSlope);
            return conv2(res).add_(both.narrow(1, 0, cs));
        }
        const at::Tensor identity = shortcut ? (*shortcut)(x) : x;
        at::Tensor h = conv1(x);
        x.reset();
        return conv2(h).add_(identity);
    }
};

}  // namespace

struct ParseNet::Impl {
    ParseNetArchitecture arch;
    Device device;
    Precision precision = Precision::Fp32;
    std::vector<ConvLayer> stem;  // encoder.0
    std::vector<ResidualBlock> encoder, body, decoder;
    ConvLayer outImg, outMask;
    // Fast kernels: out_mask_conv's and out_img_conv's channels in one conv (outImg and outMask
    // are then left empty).
    std::optional<ConvLayer> outBoth;
    // The activations' layout. Channels-last where oneDNN runs the convolutions on AVX-512: its
    // kernels read and write it as it is, where on NCHW each output is computed blocked and
    // copied back. NCHW on AVX2 machines: our Winograd kernels read and write it, and there
    // oneDNN's blocked kernels, reorders included, beat its channels-last ones (both measured in
    // docs/MEASUREMENTS.md, "Layouts").
    at::MemoryFormat layout = at::MemoryFormat::Contiguous;

    std::uint64_t weightBytes = 0;  // see ParseNet::weightBytes
    std::uint64_t heldBytes() const;

    std::pair<at::Tensor, at::Tensor> forward(const at::Tensor& input) const {
        at::Tensor feat = stem[0](input);
        for (const auto& b : encoder) {
            feat = b(std::move(feat));
        }
        at::Tensor x = feat;
        for (const auto& b : body) {
            x = b(std::move(x));
        }
        x = feat + x;
        for (const auto& b : decoder) {
            x = b(std::move(x));
        }
        if (outBoth) {
            const at::Tensor both = (*outBoth)(x);
            const std::int64_t maskChannels = arch.parsingCh;
            return {both.narrow(1, 0, maskChannels),
                    both.narrow(1, maskChannels, both.size(1) - maskChannels)};
        }
        return {outMask(x), outImg(x)};
    }
};

std::uint64_t ParseNet::Impl::heldBytes() const {
    std::uint64_t bytes = 0;
    const auto add = [&](const ConvLayer& layer) {
        const ConvBn& c = layer.conv;
        for (const at::Tensor* t :
             {&c.weight, &c.bias, &c.bnWeight, &c.bnBias, &c.bnMean, &c.bnVar}) {
            bytes += t->defined() ? t->nbytes() : 0;
        }
        bytes += layer.winograd ? static_cast<std::uint64_t>(layer.winograd->bytes()) : 0;
    };
    for (const auto& layer : stem) {
        add(layer);
    }
    for (const auto* blocks : {&encoder, &body, &decoder}) {
        for (const auto& b : *blocks) {
            if (b.shortcut) {
                add(*b.shortcut);
            }
            add(b.conv1);
            add(b.conv2);
            if (b.fastUp) {
                bytes += b.fastUp->weight.nbytes() + b.fastUp->bias.nbytes();
            }
        }
    }
    add(outImg);
    add(outMask);
    if (outBoth) {
        add(*outBoth);
    }
    return bytes;
}

ParseNet::ParseNet(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
ParseNet::~ParseNet() = default;

const ParseNetArchitecture& ParseNet::architecture() const {
    return m_impl->arch;
}
const Device& ParseNet::device() const {
    return m_impl->device;
}
std::uint64_t ParseNet::weightBytes() const {
    return m_impl->weightBytes;
}

Expected<ParseNetOutputs> ParseNet::forward(const FloatTensor& input) const {
    const auto& a = m_impl->arch;
    const std::int64_t unit = std::int64_t{1} << a.downSteps();
    const auto& s = input.shape;
    if (s.size() != 4 || s[0] < 1 || s[1] != 3 || s[2] % unit != 0 || s[3] % unit != 0 ||
        s[2] < 2 * unit || s[3] < 2 * unit) {
        return makeError(ErrorCode::InvalidArgument,
                         a.describe() +
                             " needs input [N, 3, H, W] with H and W multiples "
                             "of " +
                             std::to_string(unit) + " and at least " + std::to_string(2 * unit) +
                             ", got " + shapeToString(s));
    }
    try {
        fitComputeThreadsToFreeCores();
        c10::InferenceMode guard;
        const at::Tensor x =
            toCompute(toDevice(fromFloatTensor(input), m_impl->device), m_impl->precision);
        auto out = forwardBySubBatch(x, [&](const at::Tensor& part) {
            auto [mask, image] = m_impl->forward(part.contiguous(m_impl->layout));
            return std::vector<at::Tensor>{std::move(mask), std::move(image)};
        });
        return ParseNetOutputs{std::move(out[0]), std::move(out[1])};
    } catch (...) {
        return tl::unexpected(currentTorchFailure(
            ErrorCode::Internal, "ParseNet forward failed: ",
            "ParseNet forward: out of memory for an input of " + shapeToString(s)));
    }
}

Expected<std::unique_ptr<ParseNet>> ParseNet::create(const StateDict& weights,
                                                     const std::string& source,
                                                     const ParseNetLoadParams& params) {
    auto arch = inferParseNetArchitecture(weights, source);
    if (!arch) {
        return tl::unexpected(arch.error());
    }
    const bool fast = params.kernels == ParseNetKernels::Fast;
    if (params.precision != Precision::Fp32 && !fast) {
        return makeError(ErrorCode::InvalidArgument,
                         source + ": bf16 precision needs the fast kernels");
    }
    nn::countNetworkBuild();
    try {
        c10::InferenceMode guard;
        auto impl = std::make_unique<Impl>();
        impl->arch = *arch;
        impl->device = params.device;
        impl->precision = params.precision;
        // ConvLayer: "<p>conv2d." and, with batch norm, "<p>norm.norm.".
        auto layer = [&](const std::string& p, bool norm, bool stride2, bool up, bool activate) {
            const ConvBnSource src{p + "conv2d.", !norm, norm ? p + "norm.norm." : ""};
            return ConvLayer{loadConvBn(weights, src, stride2 ? 2 : 1, 0, fast, params.device), up,
                             activate};
        };
        enum class Scale { None, Down, Up };
        auto block = [&](const std::string& p, Scale scale, bool hasShortcut) {
            ResidualBlock b;
            if (hasShortcut) {
                b.shortcut = layer(p + "shortcut_func.", false, scale == Scale::Down,
                                   scale == Scale::Up, false);
            }
            b.conv1 = layer(p + "conv1.", true, false, scale == Scale::Up, true);
            b.conv2 = layer(p + "conv2.", true, scale == Scale::Down, false, false);
            if (fast && scale == Scale::Up && hasShortcut) {
                const at::Tensor w = at::cat({b.shortcut->conv.weight, b.conv1.conv.weight}, 0);
                const at::Tensor bias = at::cat({b.shortcut->conv.bias, b.conv1.conv.bias}, 0);
                b.fastUp = UpPhaseConv::build(w, bias);
                b.shortcutChannels = b.shortcut->conv.weight.size(0);
                b.shortcut.reset();
                b.conv1 = {};
            }
            return b;
        };
        impl->stem.push_back(layer("encoder.0.", false, false, false, false));
        for (int i = 0; i < arch->downSteps(); ++i) {
            impl->encoder.push_back(
                block("encoder." + std::to_string(i + 1) + ".", Scale::Down, true));
        }
        for (int i = 0; i < arch->resDepth; ++i) {
            // Same channels, no scaling: the reference's shortcut is the identity.
            impl->body.push_back(block("body." + std::to_string(i) + ".", Scale::None, false));
        }
        for (int i = 0; i < arch->upSteps(); ++i) {
            impl->decoder.push_back(block("decoder." + std::to_string(i) + ".", Scale::Up, true));
        }
        impl->outImg = layer("out_img_conv.", false, false, false, false);
        impl->outMask = layer("out_mask_conv.", false, false, false, false);
        if (fast) {
            ConvLayer both = impl->outMask;
            both.conv.weight = at::cat({impl->outMask.conv.weight, impl->outImg.conv.weight}, 0);
            both.conv.bias = at::cat({impl->outMask.conv.bias, impl->outImg.conv.bias}, 0);
            impl->outBoth = std::move(both);
            impl->outImg = {};
            impl->outMask = {};
            impl->outBoth->conv.convertTo(params.precision);
        }
        for (auto* blocks : {&impl->encoder, &impl->body, &impl->decoder}) {
            for (auto& b : *blocks) {
                b.convertTo(params.precision);
            }
        }
        impl->stem[0].conv.convertTo(params.precision);
        if (fast && params.precision == Precision::Fp32 && params.device.kind == DeviceKind::Cpu &&
            Winograd43Conv::preferred()) {
            // Encoder and decoder only: the body's 20 convolutions at 32x32 gain little
            // (their 64 tiles cannot amortise the transformed weights, 9.4 MB per conv).
            for (auto* blocks : {&impl->encoder, &impl->decoder}) {
                for (auto& b : *blocks) {
                    b.conv1.useWinograd();
                    b.conv2.useWinograd();
                }
            }
            impl->outBoth->useWinograd();
        }
        if (fast && params.device.kind == DeviceKind::Cpu && !Winograd43Conv::preferred()) {
            impl->layout = at::MemoryFormat::ChannelsLast;
        }
        impl->weightBytes = impl->heldBytes();
        return std::unique_ptr<ParseNet>(new ParseNet(std::move(impl)));
    } catch (...) {
        return tl::unexpected(currentBuildFailure(source, params.device));
    }
}

}  // namespace gpen
