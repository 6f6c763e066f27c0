// SPDX-License-Identifier: Apache-2.0
#include "pipeline/image_tensor.h"

#include <algorithm>
#include <cmath>

namespace gpen {
namespace {

template <class F>
FloatTensor toPlanes(const cv::Mat& bgr8, F&& value) {
    const int h = bgr8.rows;
    const int w = bgr8.cols;
    FloatTensor t({1, 3, h, w});
    const std::size_t plane = static_cast<std::size_t>(h) * static_cast<std::size_t>(w);
    for (int y = 0; y < h; ++y) {
        const auto* row = bgr8.ptr<cv::Vec3b>(y);
        for (int x = 0; x < w; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                                  static_cast<std::size_t>(x);
            for (int c = 0; c < 3; ++c) {
                t.data[static_cast<std::size_t>(c) * plane + i] = value(row[x], c);
            }
        }
    }
    return t;
}

}  // namespace

FloatTensor bgrToRgbUnitTensor(const cv::Mat& bgr8) {
    return toPlanes(
        bgr8, [](const cv::Vec3b& p, int c) { return static_cast<float>(p[2 - c]) / 255.0F; });
}

FloatTensor bgrToMeanSubtractedTensor(const cv::Mat& bgr8, const std::array<float, 3>& mean) {
    return toPlanes(bgr8, [&mean](const cv::Vec3b& p, int c) {
        return static_cast<float>(p[c]) - mean[static_cast<std::size_t>(c)];
    });
}

cv::Mat rgbUnitTensorToBgr(const FloatTensor& rgb) {
    const int h = static_cast<int>(rgb.shape[2]);
    const int w = static_cast<int>(rgb.shape[3]);
    const std::size_t plane = static_cast<std::size_t>(h) * static_cast<std::size_t>(w);
    cv::Mat out(h, w, CV_8UC3);
    for (int y = 0; y < h; ++y) {
        auto* row = out.ptr<cv::Vec3b>(y);
        for (int x = 0; x < w; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                                  static_cast<std::size_t>(x);
            for (int c = 0; c < 3; ++c) {
                const float v =
                    std::clamp(rgb.data[static_cast<std::size_t>(c) * plane + i], 0.0F, 1.0F);
                row[x][2 - c] = static_cast<unsigned char>(std::lround(v * 255.0F));
            }
        }
    }
    return out;
}

}  // namespace gpen
