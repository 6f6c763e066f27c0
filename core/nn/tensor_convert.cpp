// SPDX-License-Identifier: Apache-2.0
#include "nn/tensor_convert.h"

#include <ATen/ATen.h>

namespace gpen::nn {

at::Tensor fromFloatTensor(const FloatTensor& t) {
    // from_blob never writes through the pointer unless asked to; the const_cast is for its API.
    return at::from_blob(const_cast<float*>(t.data.data()), t.shape,
                         at::TensorOptions().dtype(at::kFloat));
}

FloatTensor toFloatTensor(const at::Tensor& t) {
    const at::Tensor c = t.to(at::kCPU, at::kFloat).contiguous();
    FloatTensor out(Shape(c.sizes().begin(), c.sizes().end()));
    std::copy_n(c.data_ptr<float>(), out.data.size(), out.data.begin());
    return out;
}

at::Device toAtDevice(const Device& device) {
    return device.kind == DeviceKind::Cuda
               ? at::Device(at::kCUDA, static_cast<c10::DeviceIndex>(device.index))
               : at::Device(at::kCPU);
}

at::Tensor toDevice(const at::Tensor& t, const Device& device) {
    const at::Device target = toAtDevice(device);
    return t.device() == target ? t : t.to(target);
}

}  // namespace gpen::nn
