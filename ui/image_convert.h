#pragma once

// QImage <-> cv::Mat (8-bit BGR) at the GUI/engine boundary; both copy.

#include <QImage>

#include <opencv2/core/mat.hpp>

namespace gpen::ui {

cv::Mat toBgrMat(const QImage& image);
QImage fromBgrMat(const cv::Mat& bgr);

}  // namespace gpen::ui
