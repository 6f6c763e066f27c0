// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: moving data between our FloatTensor and ATen tensors, and between devices.

#include <ATen/core/Tensor.h>

#include "gpen/base/float_tensor.h"
#include "gpen/nn/runtime.h"

namespace gpen::nn {

// A CPU tensor viewing `t`'s memory: valid only while `t` lives and is unchanged.
at::Tensor fromFloatTensor(const FloatTensor& t);
// Copies any float tensor (any device, any layout) into a FloatTensor.
FloatTensor toFloatTensor(const at::Tensor& t);
at::Device toAtDevice(const Device& device);
at::Tensor toDevice(const at::Tensor& t, const Device& device);

}  // namespace gpen::nn
