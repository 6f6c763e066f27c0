#pragma once

// Core-internal: gray and luma operations the pipeline and the face heads share.

#include <opencv2/core/mat.hpp>

namespace gpen {

// The picture's gray (OpenCV's BGR -> gray weights) as three equal channels; a one-channel
// picture is widened as it is.
cv::Mat grayAsBgr(const cv::Mat& picture);

// `colour` at `lumaSource`'s size (bilinear when it differs) with its luma (OpenCV YUV's Y)
// replaced by `lumaSource`'s: colour from one, detail from the other (face_colorization.py's
// post_process).
cv::Mat withLumaOf(const cv::Mat& lumaSource, const cv::Mat& colour);

}  // namespace gpen
