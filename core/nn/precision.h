// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: computing a network in the Precision of its load params. Weights are converted
// once at load (toCompute), the input at the network's entry and the outputs back to float32 at
// its exit; every convolution goes through convolveIn, which is where bfloat16 differs by CPU.

#include <functional>

#include <ATen/core/Tensor.h>

#include "gpen/nn/runtime.h"

namespace gpen::nn {

at::ScalarType computeType(Precision precision);

// `t` in `precision`'s type (undefined stays undefined; already there: `t` itself).
at::Tensor toCompute(const at::Tensor& t, Precision precision);

// Whether libtorch's oneDNN convolves bfloat16 tensors on this CPU itself (it needs AVX-512).
// Where it does not, at::conv2d falls back to loops that sum in bfloat16, many times slower than
// float32 (docs/MEASUREMENTS.md, "bf16 without AVX-512"), and at::mkldnn_convolution refuses.
// Asked once.
bool cpuConvolvesBf16();

using ConvFn =
    std::function<at::Tensor(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b)>;

// conv(x, w, b) in x's type. Bfloat16 on a CPU without the kernels: the operands widened to
// float32 (exact), convolved there and the result rounded to bfloat16 - the numbers of oneDNN's
// bfloat16 kernels, which also sum in float32, at about float32 speed.
at::Tensor convolveIn(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b,
                      const ConvFn& conv);

// A 2-D convolution in x's type, on the CPU always through oneDNN. at::conv2d's heuristics send
// 1x1 and small convolutions to ATen's own loops when one thread computes, and those call the
// system BLAS, and Debian's is the reference BLAS: many times slower on one thread, which is what
// a loaded machine gets (docs/MEASUREMENTS.md, "One thread"). Elsewhere
// at::conv2d. `b` may be undefined.
at::Tensor convolve(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b,
                    at::IntArrayRef stride, at::IntArrayRef padding, at::IntArrayRef dilation,
                    std::int64_t groups);

}  // namespace gpen::nn
