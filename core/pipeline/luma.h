// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: gray and luma operations the pipeline and the face heads share.

#include <vector>

#include <opencv2/core/mat.hpp>

namespace gpen {

// The picture's gray (OpenCV's BGR -> gray weights) as three equal channels; a one-channel
// picture is widened as it is.
cv::Mat grayAsBgr(const cv::Mat& picture);

// `colour` at `lumaSource`'s size (bilinear when it differs) with its luma (OpenCV YUV's Y)
// replaced by `lumaSource`'s: colour from one, detail from the other (face_colorization.py's
// post_process).
cv::Mat withLumaOf(const cv::Mat& lumaSource, const cv::Mat& colour);

// The chroma (OpenCV YUV's U and V) of `pictures` (8-bit BGR) averaged with `weights` (8-bit, one
// channel each, resized to its picture where they differ); (128, 128), neutral, when every
// weight is 0.
cv::Vec2d meanChroma(const std::vector<cv::Mat>& pictures, const std::vector<cv::Mat>& weights);

// `picture` (8-bit BGR) with its own luma and the chroma `uv` everywhere, as much of it as each
// pixel's luma can hold in 8-bit BGR (less in deep shadows and highlights): a toned print.
cv::Mat tintedWith(const cv::Mat& picture, const cv::Vec2d& uv);

}  // namespace gpen
