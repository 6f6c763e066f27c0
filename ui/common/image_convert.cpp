// SPDX-License-Identifier: Apache-2.0
#include "ui/common/image_convert.h"

#include <opencv2/imgproc.hpp>

namespace gpen::ui {
namespace {

// A QImage over `pixels`, holding a reference to the Mat's buffer until its last copy goes.
QImage sharedView(const cv::Mat& pixels, QImage::Format format) {
    auto* owner = new cv::Mat(pixels);
    return QImage(
        owner->data, owner->cols, owner->rows, static_cast<qsizetype>(owner->step), format,
        [](void* mat) { delete static_cast<cv::Mat*>(mat); }, owner);
}

}  // namespace

QImage viewOf(const cv::Mat& bgr) {
    if (bgr.empty()) return {};
    cv::Mat pixels = bgr;
    if (bgr.type() != CV_8UC3)
        cv::cvtColor(bgr, pixels, bgr.channels() == 1 ? cv::COLOR_GRAY2BGR : cv::COLOR_BGRA2BGR);
    return sharedView(pixels, QImage::Format_BGR888);
}

QImage maskViewOf(const cv::Mat& mask) {
    if (mask.empty()) return {};
    CV_Assert(mask.type() == CV_8UC1);
    return sharedView(mask, QImage::Format_Grayscale8);
}

cv::Mat bgrOf(const QImage& image) {
    if (image.format() != QImage::Format_BGR888) return toBgrMat(image);
    return cv::Mat(image.height(), image.width(), CV_8UC3, const_cast<uchar*>(image.constBits()),
                   static_cast<std::size_t>(image.bytesPerLine()));
}

cv::Mat toBgrMat(const QImage& image) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB888);
    const cv::Mat view(rgb.height(), rgb.width(), CV_8UC3, const_cast<uchar*>(rgb.constBits()),
                       static_cast<std::size_t>(rgb.bytesPerLine()));
    cv::Mat bgr;
    cv::cvtColor(view, bgr, cv::COLOR_RGB2BGR);
    return bgr;
}

QImage fromBgrMat(const cv::Mat& bgr) {
    cv::Mat rgb;
    cv::cvtColor(bgr, rgb, bgr.channels() == 1 ? cv::COLOR_GRAY2RGB : cv::COLOR_BGR2RGB);
    return QImage(rgb.data, rgb.cols, rgb.rows, static_cast<qsizetype>(rgb.step),
                  QImage::Format_RGB888)
        .copy();
}

}  // namespace gpen::ui
