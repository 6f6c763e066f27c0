// SPDX-License-Identifier: Apache-2.0
#include "nn/stylegan_ops.h"

#include <cmath>

#include <ATen/ATen.h>

#include "nn/precision.h"

namespace gpen::nn {
namespace {

const double kSqrt2 = std::sqrt(2.0);

at::Tensor depthwiseKernel(const at::Tensor& kernel, std::int64_t channels,
                           const at::Tensor& like) {
    // upfirdn2d correlates with the flipped kernel; the kernels here are symmetric, but flip
    // anyway so that the operation is the reference's for any kernel.
    return kernel.flip({0, 1})
        .to(like.options())
        .view({1, 1, kernel.size(0), kernel.size(1)})
        .expand({channels, 1, kernel.size(0), kernel.size(1)});
}

}  // namespace

at::Tensor conv2d(const at::Tensor& x, const at::Tensor& w, int stride, int padH, int padW,
                  int groups) {
    const std::int64_t s[2] = {stride, stride};
    const std::int64_t p[2] = {padH, padW};
    const std::int64_t d[2] = {1, 1};
    return at::conv2d(x, w, at::Tensor(), s, p, d, groups);
}

at::Tensor conv2dFast(const at::Tensor& x, const at::Tensor& w, const at::Tensor& bias, int stride,
                      int padH, int padW, int groups) {
    const std::int64_t s[2] = {stride, stride};
    const std::int64_t p[2] = {padH, padW};
    const std::int64_t d[2] = {1, 1};
    return convolve(x, w, bias, s, p, d, groups);
}

at::Tensor fusedLeakyRelu(at::Tensor&& x, const at::Tensor& bias) {
    std::vector<std::int64_t> shape(static_cast<std::size_t>(x.dim()), 1);
    shape[1] = bias.numel();
    x.add_(bias.view(shape));
    at::leaky_relu_(x, kLeakySlope);
    x.mul_(kSqrt2);
    return std::move(x);
}

at::Tensor pixelNorm(const at::Tensor& x) {
    return x * at::rsqrt(x.pow(2).mean({1}, true) + 1e-8);
}

at::Tensor blur(const at::Tensor& x, const at::Tensor& kernel, int pad0, int pad1) {
    const auto c = x.size(1);
    const at::Tensor k = depthwiseKernel(kernel, c, x);
    if (pad0 == pad1) {
        return conv2d(x, k, 1, pad0, pad0, static_cast<int>(c));
    }
    return conv2d(at::constant_pad_nd(x, {pad0, pad1, pad0, pad1}), k, 1, 0, 0,
                  static_cast<int>(c));
}

at::Tensor depthwiseBlurWeight(const at::Tensor& kernel, std::int64_t channels) {
    return depthwiseKernel(kernel, channels, kernel).contiguous();
}

at::Tensor upsampleBlur(const at::Tensor& x, const at::Tensor& kernel, int pad0, int pad1) {
    const auto n = x.size(0);
    const auto c = x.size(1);
    const auto h = x.size(2);
    const auto w = x.size(3);
    at::Tensor z = at::zeros({n, c, h, 2, w, 2}, x.options());
    z.select(5, 0).select(3, 0).copy_(x);
    return blur(z.view({n, c, 2 * h, 2 * w}), kernel, pad0, pad1);
}

PolyphaseKernels polyphaseKernels(const at::Tensor& weight) {
    // Output row 2m takes taps {2, 0} over input rows m-1, m (the input padded by one); output
    // row 2m+1 takes tap {1} over input row m. Likewise for columns.
    const at::Tensor even =
        at::tensor({2L, 0L}, at::TensorOptions().dtype(at::kLong).device(weight.device()));
    const at::Tensor rowsEven = weight.index_select(2, even);
    const at::Tensor rowsOdd = weight.narrow(2, 1, 1);
    PolyphaseKernels k;
    k.ee = rowsEven.index_select(3, even).contiguous();
    k.eo = rowsEven.narrow(3, 1, 1).contiguous();
    k.oe = rowsOdd.index_select(3, even).contiguous();
    k.oo = rowsOdd.narrow(3, 1, 1).contiguous();
    return k;
}

at::Tensor convTranspose3x3Stride2(const at::Tensor& x, const PolyphaseKernels& k) {
    const auto n = x.size(0);
    const auto h = x.size(2);
    const auto w = x.size(3);
    const auto cout = k.ee.size(0);
    at::Tensor out = at::empty({n, cout, 2 * h + 1, 2 * w + 1},
                               x.options().memory_format(x.suggest_memory_format()));
    const auto rows = [&](bool odd) { return out.slice(2, odd ? 1 : 0, at::nullopt, 2); };
    const at::Tensor none;
    rows(false).slice(3, 0, at::nullopt, 2).copy_(conv2dFast(x, k.ee, none, 1, 1, 1));
    rows(false).slice(3, 1, at::nullopt, 2).copy_(conv2dFast(x, k.eo, none, 1, 1, 0));
    rows(true).slice(3, 0, at::nullopt, 2).copy_(conv2dFast(x, k.oe, none, 1, 0, 1));
    rows(true).slice(3, 1, at::nullopt, 2).copy_(conv2dFast(x, k.oo, none, 1, 0, 0));
    return out;
}

}  // namespace gpen::nn
