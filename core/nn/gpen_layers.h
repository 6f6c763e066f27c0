// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the GPEN generator's layers as built at load, and their fast formulation
// (GpenKernels::Fast). Every layer is immutable after load; the functions are pure, so several
// threads may run them at once.

#include <memory>

#include <ATen/core/Tensor.h>

#include "nn/stylegan_ops.h"
#include "nn/winograd43_conv.h"
#include "nn/winograd_conv.h"

namespace gpen::nn {

// EqualLinear with its runtime scales folded in at load: y = x W^T * scale + b * lr_mul.
struct Linear {
    at::Tensor weight;
    at::Tensor bias;
    bool activate = false;

    at::Tensor operator()(const at::Tensor& x) const;
};

struct ModulatedConv {
    at::Tensor weight;    // [Cout, Cin, k, k], times 1/sqrt(fan_in); Fast: see modulateWeights
    at::Tensor weightSq;  // [Cout, Cin]: sum over the kernel of weight^2, for the demodulation
    at::Tensor blurKernel;
    Linear modulation;
    bool demodulate = true;
    bool upsample = false;
    int kernelSize = 3;

    // Fast only. Whether to scale the weights by the style (one weight per sample, computed from
    // the float32 `weight`) rather than the input activations (one `weight` shared by the batch,
    // kept in the compute type): chosen at load by which costs less.
    bool modulateWeights = false;
    bool winograd = false;                               // whether the conv runs on WinogradConv
    std::shared_ptr<const WinogradConv> sharedWinograd;  // of `weight`, when modulating activations
    // Our AVX2 Winograd kernels of `weight` (3x3, float32, from 64x64 up, where oneDNN has no
    // Winograd): the style and the demodulation go into its transforms, so it needs neither
    // modulated weights nor modulated activations, and `weight` itself is dropped.
    std::shared_ptr<const Winograd43Conv> winograd43;
    // The same on our AVX2 kernels, where oneDNN has none (float32, 3x3, modulated activations).
    std::shared_ptr<const Winograd43Conv> sharedWinograd43;
    PolyphaseKernels polyphase;  // of `weight`, for activation-modulated upsampling
    at::Tensor blurDepthwise;    // [Cout, 1, 4, 4], the upsampling blur as a depthwise weight
};

struct StyledConv {
    ModulatedConv conv;
    at::Tensor noiseWeight;   // [1]
    at::Tensor activateBias;  // Fast: times sqrt(2), see below
    double noiseScale = 0;    // Fast: noiseWeight * sqrt(2)
};

struct ToRgb {
    ModulatedConv conv;
    at::Tensor bias;  // [1, 3, 1, 1]
    at::Tensor upsampleKernel;
};

struct EncoderStage {
    at::Tensor weight;      // times 1/sqrt(fan_in) (Fast: and sqrt(2))
    at::Tensor bias;        // Fast: times sqrt(2)
    at::Tensor blurKernel;  // undefined for ecd0; Fast: as a [Cin, 1, 4, 4] depthwise weight
};

// The memory layout the fast kernels keep activations of that size in: oneDNN's convolutions run
// fastest on channels-last tensors at 128x128 and above, and on its blocked layout (which it
// reorders NCHW tensors into and out of) on the small grids with many channels below.
at::MemoryFormat fastLayout(std::int64_t size);

// The fast formulation folds the sqrt(2) gain of fused_leaky_relu into the linear op before it,
// which leaky_relu allows because leaky_relu(a x) = a leaky_relu(x) for a > 0, and computes in
// `dtype` (float32 or bfloat16; styles, demodulation and the RGB sum stay float32). The Loader
// prepares each layer for it; the layer functions compute in the type of their input.
void prepareFast(ModulatedConv& m, int inputSize, at::ScalarType dtype);
void prepareFast(StyledConv& s, at::ScalarType dtype);
void prepareFast(EncoderStage& e, at::ScalarType dtype);

// fused_leaky_relu(conv(blur(x)), bias) of one encoder stage.
at::Tensor encoderStageFast(const EncoderStage& e, const at::Tensor& x);

// One styled layer: modulated conv, noise injection (concatenated when `concat`), activation.
// `noise` has the shape of the conv's output. Pass `x` by std::move where it is not needed
// afterwards: the result may then reuse its memory.
at::Tensor styledConvFast(const StyledConv& s, at::Tensor x, const at::Tensor& style,
                          const at::Tensor& noise, bool concat);

// ToRGB: the unactivated 1x1 modulated conv plus bias, plus the upsampled `skip` if defined; the
// result is float32.
at::Tensor toRgbFast(const ToRgb& t, const at::Tensor& x, const at::Tensor& style,
                     const at::Tensor& skip);

}  // namespace gpen::nn
