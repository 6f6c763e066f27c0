// SPDX-License-Identifier: Apache-2.0
#include "nn/cpu_batching.h"

#include <algorithm>

#include "nn/tensor_convert.h"

namespace gpen::nn {

std::int64_t samplesPerForward(const at::Tensor& input) {
    const std::int64_t n = input.size(0);
    if (!input.device().is_cpu()) {
        return n;
    }
    const std::int64_t pixels = std::max<std::int64_t>(1, input.size(2) * input.size(3));
    return std::clamp<std::int64_t>(kCpuPixelsPerForward / pixels, 1, n);
}

std::vector<FloatTensor> forwardBySubBatch(const at::Tensor& input,
                                           const SubBatchForward& forward) {
    const std::int64_t n = input.size(0);
    const std::int64_t step = samplesPerForward(input);
    std::vector<FloatTensor> joined;
    for (std::int64_t b = 0; b < n; b += step) {
        const std::vector<at::Tensor> parts = forward(input.narrow(0, b, std::min(step, n - b)));
        joined.resize(parts.size());
        for (std::size_t i = 0; i < parts.size(); ++i) {
            FloatTensor part = toFloatTensor(parts[i]);
            if (joined[i].data.empty()) {
                joined[i] = std::move(part);
                joined[i].data.reserve(joined[i].data.size() /
                                       static_cast<std::size_t>(joined[i].shape[0]) *
                                       static_cast<std::size_t>(n));
            } else {
                joined[i].shape[0] += part.shape[0];
                joined[i].data.insert(joined[i].data.end(), part.data.begin(), part.data.end());
            }
        }
    }
    return joined;
}

}  // namespace gpen::nn
