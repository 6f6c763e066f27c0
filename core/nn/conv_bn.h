// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: convolutions with an optional eval-mode batch norm, shared by RetinaFace and
// ParseNet, and the weight loading they need. Every function is pure; a built ConvBn is immutable
// and may run on several threads at once.

#include <string>

#include <ATen/core/Tensor.h>

#include "gpen/io/state_dict.h"
#include "gpen/nn/runtime.h"

namespace gpen::nn {

// BatchNorm2d's num_batches_tracked: a training counter that inference never reads, so networks
// do not require it.
inline bool isBatchCounter(const std::string& name) {
    const std::string suffix = "num_batches_tracked";
    return name.size() >= suffix.size() &&
           name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// at::conv2d with a bias (may be undefined) and explicit integer stride and padding.
at::Tensor conv2dBias(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b, int stride,
                      int pad);

// leaky_relu / relu applied in place to a temporary the caller hands over, returned.
at::Tensor leakyReluInPlace(at::Tensor x, double slope);
at::Tensor reluInPlace(at::Tensor x);

// A Conv2d, optionally followed by BatchNorm2d in eval mode (running statistics).
// Folded: the batch norm is merged into the weight and bias at load, y = conv(x, w * s) + b'.
// Not folded: at::batch_norm runs after the convolution, exactly as the reference.
struct ConvBn {
    at::Tensor weight;
    at::Tensor bias;  // undefined when the conv has none and nothing was folded into it
    at::Tensor bnWeight, bnBias, bnMean, bnVar;  // defined only for an unfolded batch norm
    double eps = 1e-5;
    int stride = 1;
    int padding = 0;

    at::Tensor operator()(const at::Tensor& x) const;
    // Every tensor in `precision`'s compute type.
    void convertTo(Precision precision);
};

struct ConvBnSource {
    std::string conv;  // prefix of the conv's entries: "<conv>weight", "<conv>bias" when hasBias
    bool hasBias = false;
    std::string norm;  // prefix of the batch norm's entries ("<norm>weight", ...), empty for none
};

// Builds from entries validated before; tensors end up on `device` as float32.
ConvBn loadConvBn(const StateDict& dict, const ConvBnSource& source, int stride, int padding,
                  bool fold, const Device& device);

}  // namespace gpen::nn
