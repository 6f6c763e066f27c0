// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: how many samples of a batch one forward computes at once.
//
// On the CPU a bigger batch makes no convolution faster - at a 512 face each is already large
// enough to keep the cores busy - while the activations grow with it, a face's worth of each
// layer per face (docs/MEASUREMENTS.md, "CPU sub-batches"). A CPU batch is therefore computed in
// sub-batches of at most kCpuPixelsPerForward input pixels (one 512 face, four 256 faces); on CUDA
// it runs whole.

#include <cstdint>
#include <functional>
#include <vector>

#include <ATen/core/Tensor.h>

#include "gpen/base/float_tensor.h"

namespace gpen::nn {

inline constexpr std::int64_t kCpuPixelsPerForward = 512 * 512;

// For an NCHW `input`: at least 1, at most input.size(0).
std::int64_t samplesPerForward(const at::Tensor& input);

// `forward` of each sub-batch of `input` (samplesPerForward at a time); each of its outputs
// copied to float32 and joined along the batch dimension, in order.
using SubBatchForward = std::function<std::vector<at::Tensor>(const at::Tensor& subBatch)>;
std::vector<FloatTensor> forwardBySubBatch(const at::Tensor& input, const SubBatchForward& forward);

}  // namespace gpen::nn
