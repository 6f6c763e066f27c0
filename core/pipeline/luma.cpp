// SPDX-License-Identifier: Apache-2.0
#include "pipeline/luma.h"

#include <opencv2/imgproc.hpp>

namespace gpen {

cv::Mat grayAsBgr(const cv::Mat& picture) {
    cv::Mat gray = picture, out;
    if (picture.channels() != 1) cv::cvtColor(picture, gray, cv::COLOR_BGR2GRAY);
    cv::cvtColor(gray, out, cv::COLOR_GRAY2BGR);
    return out;
}

cv::Mat withLumaOf(const cv::Mat& lumaSource, const cv::Mat& colour) {
    cv::Mat resized = colour;
    if (colour.size() != lumaSource.size())
        cv::resize(colour, resized, lumaSource.size(), 0, 0, cv::INTER_LINEAR);
    cv::Mat sourceYuv, outYuv, out;
    cv::cvtColor(lumaSource, sourceYuv, cv::COLOR_BGR2YUV);
    cv::cvtColor(resized, outYuv, cv::COLOR_BGR2YUV);
    cv::Mat y;
    cv::extractChannel(sourceYuv, y, 0);
    cv::insertChannel(y, outYuv, 0);
    cv::cvtColor(outYuv, out, cv::COLOR_YUV2BGR);
    return out;
}

cv::Vec2d meanChroma(const std::vector<cv::Mat>& pictures, const std::vector<cv::Mat>& weights) {
    double u = 0, v = 0, total = 0;
    for (std::size_t i = 0; i < pictures.size() && i < weights.size(); ++i) {
        cv::Mat yuv, w = weights[i];
        cv::cvtColor(pictures[i], yuv, cv::COLOR_BGR2YUV);
        if (w.size() != yuv.size()) cv::resize(w, w, yuv.size(), 0, 0, cv::INTER_LINEAR);
        const cv::Scalar sum = cv::sum(w);
        if (sum[0] <= 0) continue;
        const cv::Scalar m = cv::mean(yuv, w > 0);
        // mean() under a 0/1 mask: weight each picture by its mask's mass.
        u += m[1] * sum[0];
        v += m[2] * sum[0];
        total += sum[0];
    }
    return total > 0 ? cv::Vec2d(u / total, v / total) : cv::Vec2d(128, 128);
}

cv::Mat tintedWith(const cv::Mat& picture, const cv::Vec2d& uv) {
    // The chroma as a BGR offset (OpenCV's YUV -> RGB), which adds no luma. Where a dark or light
    // pixel cannot hold all of it, it takes the largest part that fits: the luma stays the
    // photo's and the hue one, as in a toned print whose shadows and highlights are less coloured.
    const double du = uv[0] - 128, dv = uv[1] - 128;
    const cv::Vec3d offset(2.032 * du, -0.395 * du - 0.581 * dv, 1.140 * dv);
    cv::Mat lut(1, 256, CV_8UC3);
    for (int y = 0; y < 256; ++y) {
        double k = 1;
        for (int c = 0; c < 3; ++c) {
            if (offset[c] > 0) k = std::min(k, (255 - y) / offset[c]);
            if (offset[c] < 0) k = std::min(k, -y / offset[c]);
        }
        for (int c = 0; c < 3; ++c)
            lut.at<cv::Vec3b>(0, y)[c] = cv::saturate_cast<uchar>(y + k * offset[c]);
    }
    cv::Mat gray, out;
    cv::cvtColor(picture, gray, cv::COLOR_BGR2GRAY);
    cv::cvtColor(gray, gray, cv::COLOR_GRAY2BGR);
    cv::LUT(gray, lut, out);
    return out;
}

}  // namespace gpen
