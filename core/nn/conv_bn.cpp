// SPDX-License-Identifier: Apache-2.0
#include "nn/conv_bn.h"

#include <ATen/ATen.h>

#include "io/state_dict_access.h"
#include "nn/precision.h"
#include "nn/tensor_convert.h"

namespace gpen::nn {

at::Tensor conv2dBias(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b, int stride,
                      int pad) {
    const std::int64_t s[2] = {stride, stride};
    const std::int64_t p[2] = {pad, pad};
    const std::int64_t d[2] = {1, 1};
    return convolve(x, w, b, s, p, d, 1);
}

at::Tensor leakyReluInPlace(at::Tensor x, double slope) {
    at::leaky_relu_(x, slope);
    return x;
}

at::Tensor reluInPlace(at::Tensor x) {
    at::relu_(x);
    return x;
}

at::Tensor ConvBn::operator()(const at::Tensor& x) const {
    at::Tensor y = conv2dBias(x, weight, bias, stride, padding);
    if (bnWeight.defined()) {
        constexpr double kUnusedMomentum = 0.1;
        y = at::batch_norm(y, bnWeight, bnBias, bnMean, bnVar, false, kUnusedMomentum, eps, true);
    }
    return y;
}

void ConvBn::convertTo(Precision precision) {
    for (at::Tensor* t : {&weight, &bias, &bnWeight, &bnBias, &bnMean, &bnVar}) {
        *t = toCompute(*t, precision);
    }
}

ConvBn loadConvBn(const StateDict& dict, const ConvBnSource& source, int stride, int padding,
                  bool fold, const Device& device) {
    ConvBn c;
    c.stride = stride;
    c.padding = padding;
    at::Tensor w = findTensor(dict, source.conv + "weight");
    at::Tensor b = source.hasBias ? findTensor(dict, source.conv + "bias") : at::Tensor();
    if (!source.norm.empty()) {
        const at::Tensor gamma = findTensor(dict, source.norm + "weight");
        const at::Tensor beta = findTensor(dict, source.norm + "bias");
        const at::Tensor mean = findTensor(dict, source.norm + "running_mean");
        const at::Tensor var = findTensor(dict, source.norm + "running_var");
        if (fold) {
            // In double, so that folding adds no rounding of its own beyond the final float32.
            const at::Tensor scale = gamma.to(at::kDouble) / at::sqrt(var.to(at::kDouble) + c.eps);
            const at::Tensor b0 = b.defined() ? b.to(at::kDouble) : at::zeros_like(scale);
            w = (w.to(at::kDouble) * scale.view({-1, 1, 1, 1})).to(at::kFloat);
            b = ((b0 - mean.to(at::kDouble)) * scale + beta.to(at::kDouble)).to(at::kFloat);
        } else {
            c.bnWeight = toDevice(gamma, device);
            c.bnBias = toDevice(beta, device);
            c.bnMean = toDevice(mean, device);
            c.bnVar = toDevice(var, device);
        }
    }
    c.weight = toDevice(w.contiguous(), device);
    if (b.defined()) {
        c.bias = toDevice(b.contiguous(), device);
    }
    return c;
}

}  // namespace gpen::nn
