// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the StyleGAN2 building blocks GPEN uses, as ATen operations on NCHW float
// tensors (any memory layout unless said otherwise). Every function is pure (no state), so it
// may run on several threads at once.

#include <ATen/core/Tensor.h>

namespace gpen::nn {

constexpr double kLeakySlope = 0.2;

// fused_leaky_relu: leaky_relu(x + bias, 0.2) * sqrt(2), bias broadcast over dim 1.
// Works in place when `x` is a temporary the caller owns (passed by rvalue).
at::Tensor fusedLeakyRelu(at::Tensor&& x, const at::Tensor& bias);

// at::conv2d with explicit integer padding (avoids the string-padding overload).
at::Tensor conv2d(const at::Tensor& x, const at::Tensor& w, int stride, int padH, int padW,
                  int groups = 1);

// The same with an optional bias, always on oneDNN for CPU tensors: at::conv2d sends 1x1 and
// small inputs to its unvectorized fallback. The result has x's memory layout; `w` must be
// contiguous (a channels-last weight would make oneDNN compute in channels-last).
at::Tensor conv2dFast(const at::Tensor& x, const at::Tensor& w, const at::Tensor& bias, int stride,
                      int padH, int padW, int groups = 1);

// PixelNorm over dim 1.
at::Tensor pixelNorm(const at::Tensor& x);

// upfirdn2d(x, kernel, up=1, down=1, pad=(pad0, pad1)) on both axes: a depthwise blur.
at::Tensor blur(const at::Tensor& x, const at::Tensor& kernel, int pad0, int pad1);

// `kernel` [k, k] as the [channels, 1, k, k] weight of that blur (flipped: upfirdn2d correlates
// with the flipped kernel).
at::Tensor depthwiseBlurWeight(const at::Tensor& kernel, std::int64_t channels);

// upfirdn2d(x, kernel, up=2, down=1, pad=(pad0, pad1)): zero insertion, then the blur.
at::Tensor upsampleBlur(const at::Tensor& x, const at::Tensor& kernel, int pad0, int pad1);

// The [Cout, Cin, 3, 3] weight of a stride-2 transposed convolution split into the four kernels
// of its polyphase form, in the order even/even, even/odd, odd/even, odd/odd (rows/columns).
struct PolyphaseKernels {
    at::Tensor ee, eo, oe, oo;
};
PolyphaseKernels polyphaseKernels(const at::Tensor& weight);

// conv_transpose2d(x, weight^T, stride=2, padding=0) for a 3x3 weight given as [Cout, Cin, 3, 3],
// computed as four stride-1 convolutions interleaved into the (2H+1)x(2W+1) output, in x's
// memory layout. oneDNN has fast kernels for these, while this libtorch build runs the transposed
// form on a slow path.
at::Tensor convTranspose3x3Stride2(const at::Tensor& x, const PolyphaseKernels& k);

}  // namespace gpen::nn
