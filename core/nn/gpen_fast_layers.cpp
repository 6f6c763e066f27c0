// SPDX-License-Identifier: Apache-2.0
#include "nn/gpen_layers.h"

#include <cmath>
#include <vector>

#include <ATen/ATen.h>

namespace gpen::nn {
namespace {

const double kSqrt2 = std::sqrt(2.0);

// The demodulation factors [N, Cout]: sum_{i,k} (W[o,i,k] s[i])^2 = sum_i s[i]^2 sum_k W[o,i,k]^2.
at::Tensor demodulation(const ModulatedConv& m, const at::Tensor& style) {
    return at::rsqrt(at::matmul(style * style, m.weightSq.t()) + 1e-8);
}

// conv(x, w) plus `bias` (may be undefined). When upsampling: the stride-2 transposed conv by
// the polyphase kernels `k` of w, then the blur, with the bias added after the blur.
at::Tensor convolve(const ModulatedConv& m, const at::Tensor& x, const at::Tensor& w,
                    const PolyphaseKernels& k, const at::Tensor& bias) {
    if (!m.upsample) {
        return conv2dFast(x, w, bias, 1, m.kernelSize / 2, m.kernelSize / 2);
    }
    const at::Tensor up = convTranspose3x3Stride2(x, k);
    return conv2dFast(up, m.blurDepthwise, bias, 1, 1, 1, static_cast<int>(up.size(1)));
}

// convolve() for one sample with its own modulated weight `w`.
at::Tensor convolveSample(const ModulatedConv& m, const at::Tensor& x, const at::Tensor& w,
                          const at::Tensor& bias) {
    if (m.winograd) {
        if (const auto winograd = WinogradConv::create(w, x.size(2))) {
            return (*winograd)(x, bias);
        }
    }
    return convolve(m, x, w, m.upsample ? polyphaseKernels(w) : PolyphaseKernels{}, bias);
}

}  // namespace

at::MemoryFormat fastLayout(std::int64_t size) {
    // Where our Winograd kernels run (AVX2 without oneDNN's Winograd), NCHW throughout: they
    // read and write it, and oneDNN's blocked kernels on NCHW, reorders included, measured
    // faster there than its channels-last ones (docs/MEASUREMENTS.md, "Layouts").
    static const bool channelsLast = !Winograd43Conv::preferred();
    return size >= 128 && channelsLast ? at::MemoryFormat::ChannelsLast
                                       : at::MemoryFormat::Contiguous;
}

at::Tensor Linear::operator()(const at::Tensor& x) const {
    if (activate) {
        return fusedLeakyRelu(at::linear(x, weight), bias);
    }
    return at::linear(x, weight, bias);
}

void prepareFast(ModulatedConv& m, int inputSize, at::ScalarType dtype) {
    // Per sample, modulating the weights costs a pass over Cout*Cin*k*k values, or their Winograd
    // transform, far dearer (docs/MEASUREMENTS.md, "Modulation"); modulating the activations costs
    // passes over the input (Cin x H x W) and, for the demodulation, the output. Weights win where
    // activations dwarf them: from 128x128 up, or with Winograd from 256x256 up.
    const auto cout = m.weight.size(0);
    const auto cin = m.weight.size(1);
    // The smallest layers stay direct: their transformed weights are large (17-75 MB at 512 or
    // 1024 input channels, four times the plain ones) and their time small. oneDNN's from 32x32,
    // ours from 64x64 (docs/MEASUREMENTS.md, "Winograd sizes"). (Where our kernels are preferred
    // oneDNN has no Winograd ones; asking first lets a test force ours on an AVX-512 CPU.)
    constexpr int kOneDnnWinogradMinSize = 32;
    constexpr int kWinogradMinSize = 64;
    m.winograd = !Winograd43Conv::preferred() && !m.upsample && m.kernelSize == 3 &&
                 dtype == at::kFloat && inputSize >= kOneDnnWinogradMinSize &&
                 WinogradConv::supported(m.weight, inputSize);
    constexpr double kWinogradTransformCost = 64;
    const double outputSize = m.upsample ? 2.0 * inputSize : inputSize;
    const double weightCost = static_cast<double>(cout * cin) * m.kernelSize * m.kernelSize *
                              (m.winograd ? kWinogradTransformCost : 1.0);
    const double activationCost = static_cast<double>(cin) * inputSize * inputSize +
                                  static_cast<double>(cout) * outputSize * outputSize;
    m.modulateWeights = weightCost < activationCost;
    if (m.winograd && !m.modulateWeights) {
        m.sharedWinograd = WinogradConv::create(m.weight, inputSize);
        m.winograd = m.sharedWinograd != nullptr;
        if (m.winograd) {
            m.weight.reset();  // the transformed copy is all the forward reads
            return;
        }
    }
    // Ours only where Winograd43Conv::preferred(), as fastLayout() assumes.
    if (Winograd43Conv::preferred() && !m.winograd && !m.upsample && m.kernelSize == 3 &&
        dtype == at::kFloat && inputSize >= kWinogradMinSize) {
        m.winograd43 = Winograd43Conv::create(m.weight, {});
        if (m.winograd43) {
            m.weight.reset();
            return;
        }
    }
    if (m.upsample) {
        m.blurDepthwise = depthwiseBlurWeight(m.blurKernel, cout).to(dtype);
    }
    if (!m.modulateWeights) {
        if (m.upsample) {
            const PolyphaseKernels k = polyphaseKernels(m.weight);
            m.polyphase = {k.ee.to(dtype), k.eo.to(dtype), k.oe.to(dtype), k.oo.to(dtype)};
        }
        m.weight = m.weight.to(dtype);
    }
}

void prepareFast(StyledConv& s, at::ScalarType dtype) {
    s.activateBias = (s.activateBias * kSqrt2).to(dtype).contiguous();
    s.noiseScale = s.noiseWeight.item<double>() * kSqrt2;
}

void prepareFast(EncoderStage& e, at::ScalarType dtype) {
    e.weight = (e.weight * kSqrt2).to(dtype).contiguous();
    e.bias = (e.bias * kSqrt2).to(dtype).contiguous();
    if (e.blurKernel.defined()) {
        e.blurKernel = depthwiseBlurWeight(e.blurKernel, e.weight.size(1)).to(dtype);
    }
}

at::Tensor encoderStageFast(const EncoderStage& e, const at::Tensor& x) {
    at::Tensor y =
        e.blurKernel.defined()
            ? conv2dFast(conv2dFast(x, e.blurKernel, {}, 1, 2, 2, static_cast<int>(x.size(1))),
                         e.weight, e.bias, 2, 0, 0)
            : conv2dFast(x, e.weight, e.bias, 1, 0, 0);
    at::leaky_relu_(y, kLeakySlope);
    return y.contiguous(fastLayout(y.size(2)));
}

namespace {

// The conv's half of `out` holds sqrt(2) leaky_relu(conv + bias) where the noise is concatenated,
// else conv + bias: the noise's part follows.
at::Tensor addNoise(const StyledConv& s, at::Tensor out, const at::Tensor& noise, bool concat) {
    if (!concat) {
        // The noise joins the conv's output before the activation.
        out.add_(noise, s.noiseScale);
        return at::leaky_relu_(out, kLeakySlope);
    }
    const auto cout = s.conv.weightSq.size(0);
    at::Tensor noiseHalf = out.narrow(1, cout, cout);
    at::add_out(noiseHalf, s.activateBias.narrow(0, cout, cout).view({1, cout, 1, 1}), noise,
                s.noiseScale);
    at::leaky_relu_(noiseHalf, kLeakySlope);
    return out;
}

}  // namespace

at::Tensor styledConvFast(const StyledConv& s, at::Tensor input, const at::Tensor& style,
                          const at::Tensor& noise, bool concat) {
    // The result, sqrt(2) leaky_relu(conv + bias) next to sqrt(2) leaky_relu(noise * w + bias), is
    // written straight into the halves of one buffer instead of concatenating temporaries. When
    // this call holds the only reference to an input of the output's shape, that buffer is it:
    // each sample's input is read before its output is written, and a fresh buffer of that size
    // would cost its page faults again on every forward.
    const ModulatedConv& m = s.conv;
    at::Tensor x = input.contiguous(fastLayout(input.size(2)));
    input.reset();
    const auto n = x.size(0);
    const auto cout = m.weightSq.size(0);
    const auto size = m.upsample ? 2 * x.size(2) : x.size(2);
    const std::int64_t shape[4] = {n, concat ? 2 * cout : cout, size, size};
    const auto options = x.options().memory_format(fastLayout(size));
    const bool own = x.use_count() == 1 && x.storage().use_count() == 1;
    const bool reuse = own && x.sizes() == at::IntArrayRef(shape);
    const at::Tensor bias = s.activateBias.narrow(0, 0, cout);
    const at::Tensor gain = demodulation(m, style) * kSqrt2;
    const auto dtype = x.scalar_type();
    // Modulated activations: the whole batch's conv, computed before the output buffer exists.
    // The style scales x in place where this call owns it, and x goes as soon as it is
    // convolved (unless it becomes the output): at a 512 face this keeps two of the largest
    // tensors (~130 MB each) from being alive at once.
    at::Tensor pre;
    if (m.winograd43) {
        Winograd43Conv::Options o;
        o.pad = m.kernelSize / 2;
        o.inputScale = style;
        o.outputScale = gain;
        o.bias = bias;
        if (concat) {
            o.leakySlope = kLeakySlope;
        }
        // The kernel reads x to the end while it writes, so x can become the output only
        // through a copy of the conv's half: that costs a pass over it, a new output costs x's
        // size again (134 MB at 512).
        if (reuse) {
            x.narrow(1, 0, cout).copy_((*m.winograd43)(x, o));
            return addNoise(s, std::move(x), noise, concat);
        }
        at::Tensor out = at::empty(shape, options);
        o.output = out.narrow(1, 0, cout);
        (*m.winograd43)(x, o);
        x.reset();
        return addNoise(s, std::move(out), noise, concat);
    }
    if (!m.modulateWeights) {
        const at::Tensor scale = style.view({n, -1, 1, 1}).to(dtype);
        at::Tensor xs = own ? x.mul_(scale) : x * scale;
        pre = m.sharedWinograd ? (*m.sharedWinograd)(xs, {})
                               : convolve(m, xs, m.weight, m.polyphase, {});
        xs.reset();
        if (!reuse) {
            x.reset();
        }
    }
    at::Tensor out = reuse ? x : at::empty(shape, options);
    at::Tensor convHalf = out.narrow(1, 0, cout);
    if (m.modulateWeights) {
        for (std::int64_t i = 0; i < n; ++i) {
            const at::Tensor w =
                (m.weight * (gain[i].view({cout, 1, 1, 1}) * style[i].view({1, -1, 1, 1})))
                    .to(dtype);
            const at::Tensor sample = convolveSample(m, x.narrow(0, i, 1), w, bias);
            at::Tensor dst = convHalf.narrow(0, i, 1);
            if (concat) {
                at::leaky_relu_out(dst, sample, kLeakySlope);
            } else {
                dst.copy_(sample);
            }
        }
    } else {
        at::addcmul_out(convHalf, bias.view({1, cout, 1, 1}), pre,
                        gain.view({n, cout, 1, 1}).to(dtype));
        if (concat) {
            at::leaky_relu_(convHalf, kLeakySlope);
        }
    }
    return addNoise(s, std::move(out), noise, concat);
}

at::Tensor toRgbFast(const ToRgb& t, const at::Tensor& x, const at::Tensor& style,
                     const at::Tensor& skip) {
    // A 1x1 conv to 3 channels: its weights are always far smaller than its input, so they carry
    // the style, one sample at a time. The RGB sum stays in float32 whatever the compute type.
    const ModulatedConv& m = t.conv;
    const auto dtype = x.scalar_type();
    const at::Tensor bias = t.bias.view({-1}).to(dtype);
    std::vector<at::Tensor> outs;
    for (std::int64_t i = 0; i < x.size(0); ++i) {
        const at::Tensor w = (m.weight * style[i].view({1, -1, 1, 1})).to(dtype);
        outs.push_back(conv2dFast(x.narrow(0, i, 1), w, bias, 1, 0, 0).to(at::kFloat));
    }
    at::Tensor out = outs.size() == 1 ? outs[0] : at::cat(outs);
    if (skip.defined()) {
        out.add_(upsampleBlur(skip, t.upsampleKernel, 2, 1));
    }
    return out;
}

}  // namespace gpen::nn
