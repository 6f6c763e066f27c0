// SPDX-License-Identifier: Apache-2.0
#include "gpen/nn/gpen_generator.h"

#include <cmath>
#include <optional>
#include <stop_token>

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <c10/core/InferenceMode.h>

#include "io/state_dict_access.h"
#include "nn/cpu_batching.h"
#include "nn/free_cores.h"
#include "nn/gpen_layers.h"
#include "nn/gpen_spec.h"
#include "nn/network_builds.h"
#include "nn/precision.h"
#include "nn/stylegan_ops.h"
#include "nn/tensor_convert.h"
#include "nn/torch_failure.h"

namespace gpen {

using namespace gpen::nn;

struct GpenGenerator::Impl {
    GpenArchitecture arch;
    Device device;
    GpenLoadParams params;
    // The entries' names and shapes, in the reference order. Not the loaded tensors: the layers
    // hold prepared copies, and keeping the loaded ones too would double the weights' memory.
    std::vector<TensorInfo> entries;

    std::vector<EncoderStage> encoder;
    Linear finalLinear;
    std::vector<Linear> styleMlp;
    at::Tensor constantInput;
    StyledConv conv1;
    ToRgb toRgb1;
    std::vector<StyledConv> convs;
    std::vector<ToRgb> toRgbs;

    bool fast() const { return params.kernels == GpenKernels::Fast; }
    at::ScalarType computeType() const { return nn::computeType(params.precision); }
    at::Tensor encoderStage(const EncoderStage& e, const at::Tensor& x) const;
    at::Tensor styled(const StyledConv& s, at::Tensor x, const at::Tensor& latent,
                      const at::Tensor& noise) const;
    at::Tensor toRgb(const ToRgb& t, const at::Tensor& x, const at::Tensor& latent,
                     const at::Tensor& skip) const;
    at::Tensor forward(const at::Tensor& input, std::stop_token stop) const;
};

namespace {

at::Tensor modulatedConvReference(const ModulatedConv& m, const at::Tensor& x,
                                  const at::Tensor& style) {
    // The reference: per-sample weights scale * W * style, demodulated, as one grouped conv.
    const auto n = x.size(0);
    const auto cin = x.size(1);
    const auto cout = m.weight.size(0);
    const auto k = m.kernelSize;
    at::Tensor w = m.weight.unsqueeze(0) * style.view({n, 1, cin, 1, 1});
    if (m.demodulate) {
        w = w * at::rsqrt(w.pow(2).sum({2, 3, 4}) + 1e-8).view({n, cout, 1, 1, 1});
    }
    const at::Tensor xg = x.reshape({1, n * cin, x.size(2), x.size(3)});
    if (m.upsample) {
        const at::Tensor wt = w.transpose(1, 2).reshape({n * cin, cout, k, k});
        const std::int64_t stride[2] = {2, 2};
        const std::int64_t zero[2] = {0, 0};
        const std::int64_t one[2] = {1, 1};
        at::Tensor out = at::conv_transpose2d(xg, wt, at::Tensor(), stride, zero, zero, n, one);
        out = out.view({n, cout, out.size(2), out.size(3)});
        return blur(out, m.blurKernel, 1, 1);
    }
    at::Tensor out = conv2d(xg, w.view({n * cout, cin, k, k}), 1, static_cast<int>(k / 2),
                            static_cast<int>(k / 2), static_cast<int>(n));
    return out.view({n, cout, out.size(2), out.size(3)});
}

}  // namespace

at::Tensor GpenGenerator::Impl::encoderStage(const EncoderStage& e, const at::Tensor& x) const {
    if (fast()) {
        return encoderStageFast(e, x);
    }
    at::Tensor y = e.blurKernel.defined()
                       ? conv2d(blur(x, e.blurKernel, 2, 2), e.weight, 2, 0, 0)
                       : conv2d(x, e.weight, 1, 0, 0);  // ecd0 is a 1x1 convolution
    return fusedLeakyRelu(std::move(y), e.bias);
}

at::Tensor GpenGenerator::Impl::styled(const StyledConv& s, at::Tensor x, const at::Tensor& latent,
                                       const at::Tensor& noise) const {
    const at::Tensor style = s.conv.modulation(latent);
    if (fast()) {
        return styledConvFast(s, std::move(x), style, noise, arch.isConcat);
    }
    at::Tensor out = modulatedConvReference(s.conv, x, style);
    at::Tensor injected =
        arch.isConcat ? at::cat({out, noise * s.noiseWeight}, 1) : out.add_(noise * s.noiseWeight);
    return fusedLeakyRelu(std::move(injected), s.activateBias);
}

at::Tensor GpenGenerator::Impl::toRgb(const ToRgb& t, const at::Tensor& x, const at::Tensor& latent,
                                      const at::Tensor& skip) const {
    const at::Tensor style = t.conv.modulation(latent);
    if (fast()) {
        return toRgbFast(t, x, style, skip);
    }
    at::Tensor out = modulatedConvReference(t.conv, x, style);
    out.add_(t.bias);
    if (skip.defined()) {
        out.add_(upsampleBlur(skip, t.upsampleKernel, 2, 1));
    }
    return out;
}

at::Tensor GpenGenerator::Impl::forward(const at::Tensor& input, std::stop_token stop) const {
    // Looking between layers bounds a cancel by one layer instead of by the whole face.
    const auto checkpoint = [stop] {
        if (stop.stop_requested()) throw ForwardCancelled{};
    };
    // Encoder: its features are the decoder's noise inputs, finest first.
    std::vector<at::Tensor> features;
    at::Tensor x = fast() ? input.to(computeType()).contiguous(fastLayout(input.size(2))) : input;
    for (const auto& e : encoder) {
        checkpoint();
        x = encoderStage(e, x);
        features.push_back(x);
    }
    const auto n = input.size(0);
    at::Tensor latent = pixelNorm(finalLinear(x.reshape({n, -1}).to(at::kFloat)));
    for (const auto& layer : styleMlp) {
        latent = layer(latent);
    }

    // Decoder layers above the input size get fresh normal noise, as in the reference, but from a
    // seeded generator so that a result is reproducible. The noise has the shape of the layer's
    // output.
    std::optional<at::Generator> rng;
    auto noiseFor = [&](const StyledConv& s, int size) -> at::Tensor {
        const int stage = log2Exact(arch.inSize) - log2Exact(size);
        if (stage >= 0 && stage < static_cast<int>(features.size())) {
            return features[static_cast<std::size_t>(stage)];
        }
        if (!rng) {
            rng = at::detail::createCPUGenerator(params.noiseSeed);
        }
        return at::randn({n, s.conv.weightSq.size(0), size, size}, *rng,
                         at::TensorOptions().dtype(at::kFloat))
            .to(input.device(), x.scalar_type());
    };
    auto styledAt = [&](const StyledConv& s, at::Tensor in, int size) {
        return styled(s, std::move(in), latent, noiseFor(s, size));
    };

    at::Tensor out = constantInput.expand({n, -1, -1, -1}).to(x.scalar_type());
    out = styledAt(conv1, out, 4);
    at::Tensor skip = toRgb(toRgb1, out, latent, {});
    for (std::size_t l = 0; l < toRgbs.size(); ++l) {
        const int size = 8 << l;
        checkpoint();
        out = styledAt(convs[2 * l], std::move(out), size);
        checkpoint();
        out = styledAt(convs[2 * l + 1], std::move(out), size);
        skip = toRgb(toRgbs[l], out, latent, skip);
    }
    return skip;
}

GpenGenerator::GpenGenerator(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
GpenGenerator::~GpenGenerator() = default;

const GpenArchitecture& GpenGenerator::architecture() const {
    return m_impl->arch;
}
const Device& GpenGenerator::device() const {
    return m_impl->device;
}
std::vector<TensorInfo> GpenGenerator::entries() const {
    return m_impl->entries;
}

std::uint64_t GpenGenerator::extraKernelBytes() const {
    std::int64_t bytes = 0;
    const auto add = [&](const StyledConv& s) {
        if (s.conv.winograd43) {
            const std::int64_t k = s.conv.kernelSize;
            bytes += s.conv.winograd43->bytes() -
                     s.conv.weightSq.numel() * k * k * static_cast<std::int64_t>(sizeof(float));
        }
    };
    add(m_impl->conv1);
    for (const auto& s : m_impl->convs) {
        add(s);
    }
    return static_cast<std::uint64_t>(std::max<std::int64_t>(bytes, 0));
}

Expected<FloatTensor> GpenGenerator::forward(const FloatTensor& input, std::stop_token stop) const {
    const auto& a = m_impl->arch;
    if (input.shape.size() != 4 || input.shape[1] != 3 || input.shape[2] != a.inSize ||
        input.shape[3] != a.inSize || input.shape[0] < 1) {
        return makeError(ErrorCode::InvalidArgument,
                         "GPEN " + std::to_string(a.inSize) + " needs input [N, 3, " +
                             std::to_string(a.inSize) + ", " + std::to_string(a.inSize) +
                             "], got " + shapeToString(input.shape));
    }
    try {
        fitComputeThreadsToFreeCores();
        c10::InferenceMode guard;
        const at::Tensor x = toDevice(fromFloatTensor(input), m_impl->device);
        return std::move(forwardBySubBatch(x, [&](const at::Tensor& part) {
                             return std::vector<at::Tensor>{m_impl->forward(part, stop)};
                         }).front());
    } catch (const ForwardCancelled&) {
        return makeError(ErrorCode::Cancelled, "Cancelled");
    } catch (...) {
        return tl::unexpected(currentTorchFailure(
            ErrorCode::Internal, "GPEN forward failed: ",
            "GPEN forward: out of memory for a batch of " + std::to_string(input.shape[0])));
    }
}

namespace {

// Reads entry `name` (validated before), moved to the device as float32, and builds the layers,
// prepared for the fast kernels when `fast`.
struct Loader {
    const StateDict& dict;
    const Device& device;
    bool fast = true;
    at::ScalarType dtype = at::kFloat;  // the fast kernels' compute type

    at::Tensor operator()(const std::string& name) const {
        return toDevice(findTensor(dict, name), device);
    }

    Linear linear(const std::string& prefix, double lrMul, bool activate) const {
        const at::Tensor w = (*this)(prefix + "weight");
        const double scale = lrMul / std::sqrt(static_cast<double>(w.size(1)));
        return {(w * scale).contiguous(), ((*this)(prefix + "bias") * lrMul).contiguous(),
                activate};
    }

    ModulatedConv modConv(const std::string& prefix, bool demodulate, bool upsample,
                          const at::Tensor& blurKernel, int inputSize) const {
        ModulatedConv m;
        const at::Tensor w = (*this)(prefix + "weight").squeeze(0);  // [Cout, Cin, k, k]
        const double fanIn = static_cast<double>(w.size(1) * w.size(2) * w.size(3));
        m.weight = (w / std::sqrt(fanIn)).contiguous();
        m.weightSq = m.weight.pow(2).sum({2, 3}).contiguous();
        m.kernelSize = static_cast<int>(w.size(2));
        m.demodulate = demodulate;
        m.upsample = upsample;
        m.blurKernel = blurKernel;
        m.modulation = linear(prefix + "modulation.", 1.0, false);
        if (fast) {
            prepareFast(m, inputSize, dtype);
        }
        return m;
    }

    // A styled conv whose input is inputSize x inputSize.
    StyledConv styledConv(const std::string& prefix, bool upsample, const at::Tensor& blurKernel,
                          int inputSize) const {
        StyledConv s{modConv(prefix + "conv.", true, upsample, blurKernel, inputSize),
                     (*this)(prefix + "noise.weight"), (*this)(prefix + "activate.bias")};
        if (fast) {
            prepareFast(s, dtype);
        }
        return s;
    }

    ToRgb toRgb(const std::string& prefix, const at::Tensor& upsampleKernel, int inputSize) const {
        return {modConv(prefix + "conv.", false, false, {}, inputSize), (*this)(prefix + "bias"),
                upsampleKernel};
    }

    EncoderStage encoderStage(int e, const at::Tensor& downKernel) const {
        const std::string p = "ecd" + std::to_string(e) + ".0.";
        const at::Tensor w = (*this)(p + (e == 0 ? "0.weight" : "1.weight"));
        const double fanIn = static_cast<double>(w.size(1) * w.size(2) * w.size(3));
        EncoderStage stage{(w / std::sqrt(fanIn)).contiguous(),
                           (*this)(p + (e == 0 ? "1.bias" : "2.bias")),
                           e == 0 ? at::Tensor() : downKernel};
        if (fast) {
            prepareFast(stage, dtype);
        }
        return stage;
    }
};

}  // namespace

Expected<std::unique_ptr<GpenGenerator>> GpenGenerator::create(const StateDict& weights,
                                                               const std::string& source,
                                                               const GpenLoadParams& params) {
    auto arch = inferGpenArchitecture(weights, source, params.expected);
    if (!arch) {
        return tl::unexpected(arch.error());
    }
    const bool bf16 = params.precision == Precision::Bf16;
    if (bf16 && params.kernels != GpenKernels::Fast) {
        return makeError(ErrorCode::InvalidArgument,
                         source + ": bf16 precision needs the fast kernels");
    }
    nn::countNetworkBuild();
    try {
        c10::InferenceMode guard;
        auto impl = std::make_unique<Impl>();
        impl->arch = *arch;
        impl->device = params.device;
        impl->params = params;
        for (const auto& spec : gpenStateDictSpec(*arch)) {
            impl->entries.push_back(
                {spec.name, findTensor(weights, spec.name).sizes().vec(), "float32"});
        }
        // The blur kernels are rebuilt, as the reference's modules do; the file's copies were
        // only checked for shape.
        const StateDict buffers = gpenBuiltBuffers(*arch);
        const Loader load{weights, params.device, params.kernels == GpenKernels::Fast,
                          computeType(params.precision)};
        const at::Tensor downKernel =
            toDevice(findTensor(buffers, "ecd1.0.0.kernel"), params.device);
        const at::Tensor upKernel = downKernel * 4.0;

        const int stages = gpenEncoderStages(*arch);
        for (int e = 0; e < stages; ++e) {
            impl->encoder.push_back(load.encoderStage(e, downKernel));
        }
        impl->finalLinear = load.linear("final_linear.0.", 1.0, true);
        constexpr double kLrMlp = 0.01;
        for (int i = 1; i <= arch->nMlp; ++i) {
            impl->styleMlp.push_back(
                load.linear("generator.style." + std::to_string(i) + ".", kLrMlp, true));
        }
        impl->constantInput = load("generator.input.input");
        impl->conv1 = load.styledConv("generator.conv1.", false, {}, 4);
        impl->toRgb1 = load.toRgb("generator.to_rgb1.", {}, 4);
        const int levels = gpenDecoderLevels(*arch);
        for (int l = 0; l < levels; ++l) {
            const int size = 8 << l;  // the level's output; its first conv upsamples to it
            const auto conv = [](int i) { return "generator.convs." + std::to_string(i) + "."; };
            impl->convs.push_back(load.styledConv(conv(2 * l), true, upKernel, size / 2));
            impl->convs.push_back(load.styledConv(conv(2 * l + 1), false, {}, size));
            impl->toRgbs.push_back(
                load.toRgb("generator.to_rgbs." + std::to_string(l) + ".", upKernel, size));
        }
        return std::unique_ptr<GpenGenerator>(new GpenGenerator(std::move(impl)));
    } catch (...) {
        return tl::unexpected(currentBuildFailure(source, params.device));
    }
}

}  // namespace gpen
