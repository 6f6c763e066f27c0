// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: one-pixel reflection and replication pads that keep the input's memory layout.
// at::reflection_pad2d / replication_pad2d return NCHW tensors, which sends every following
// convolution through oneDNN's reorders; these write the padded tensor in the layout of `x`
// (channels-last stays channels-last) with strided copies.

#include <ATen/core/Tensor.h>

namespace gpen::nn {

// [N, C, H, W] -> [N, C, H + 2, W + 2]; the border mirrors the pixel next to the edge
// (PyTorch's ReflectionPad2d(1)). Needs H, W >= 2.
at::Tensor reflectPad1(const at::Tensor& x);

// [N, C, H, W] -> [N, C, H + 2, W + 2]; the border repeats the edge (ReplicationPad2d(1)).
at::Tensor replicatePad1(const at::Tensor& x);

}  // namespace gpen::nn
