// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: 8-bit BGR images to and from the networks' NCHW float tensors.

#include <array>

#include <opencv2/core/mat.hpp>

#include "gpen/base/float_tensor.h"

namespace gpen {

// [1, 3, H, W] RGB in [0, 1] (the background upscaler's input).
FloatTensor bgrToRgbUnitTensor(const cv::Mat& bgr8);
// Back to 8-bit BGR, rounded and clipped.
cv::Mat rgbUnitTensorToBgr(const FloatTensor& rgb);
// [1, 3, H, W] BGR minus `mean` per channel, unscaled (RetinaFace's input).
FloatTensor bgrToMeanSubtractedTensor(const cv::Mat& bgr8, const std::array<float, 3>& mean);

}  // namespace gpen
