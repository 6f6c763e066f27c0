// SPDX-License-Identifier: Apache-2.0
#include "gpen/print/noise_reduction.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include <opencv2/imgproc.hpp>
#include <opencv2/photo.hpp>

namespace gpen {
namespace {

// The estimate reads a central crop this size at most: noise is the same all over a scan.
constexpr int kEstimateSide = 768;
// Non-local means on luminance and on each chrominance plane of YCrCb apart, its filter strength
// the noise σ each plane carries (per-channel noise of σ gives 0.67 σ in Y and about 0.6 σ in
// Cr and Cb); measured against OpenCV's colour variant, which filters Lab together and gains
// 1.5-3.5 dB at σ 10 where this gains 5.5-6.9 (docs/MEASUREMENTS.md, "Noise"). Windows: patch 7,
// search 15 (OpenCV's 21 costs twice as much for < 0.1 dB here).
constexpr double kLumaNoise = 0.67;
constexpr double kChromaNoise = 0.6;
constexpr int kPatch = 7;
constexpr int kSearch = 15;

}  // namespace

double estimateNoiseSigma(const cv::Mat& bgr8) {
    CV_Assert(bgr8.type() == CV_8UC3);
    const int w = std::min(bgr8.cols, kEstimateSide);
    const int h = std::min(bgr8.rows, kEstimateSide);
    if (w < 8 || h < 8) return 0;
    const cv::Mat crop = bgr8(cv::Rect((bgr8.cols - w) / 2, (bgr8.rows - h) / 2, w, h));
    std::vector<cv::Mat> channels;
    cv::split(crop, channels);
    const cv::Mat kernel = (cv::Mat_<float>(3, 3) << 1, -2, 1, -2, 4, -2, 1, -2, 1);
    double sum = 0;
    for (const cv::Mat& ch : channels) {
        cv::Mat f, response, gx, gy, gradient;
        ch.convertTo(f, CV_32F);
        cv::filter2D(f, response, CV_32F, kernel);
        cv::Sobel(f, gx, CV_32F, 1, 0);
        cv::Sobel(f, gy, CV_32F, 0, 1);
        cv::magnitude(gx, gy, gradient);
        // The flattest half of the pixels (inner ones: the kernel's border is not noise).
        const cv::Rect inner(1, 1, w - 2, h - 2);
        cv::Mat values = gradient(inner).clone();  // continuous: one run of floats
        float* const v = values.ptr<float>();
        const std::size_t n = values.total();
        std::nth_element(v, v + n / 2, v + n);
        const float median = v[n / 2];
        const cv::Mat flat = gradient(inner) <= median;
        cv::Mat absResponse = cv::abs(response(inner));
        sum += cv::mean(absResponse, flat)[0];
    }
    // Immerkær (1996): σ = sqrt(π/2) · mean|M * I| / 6.
    return std::sqrt(std::numbers::pi / 2.0) * (sum / 3.0) / 6.0;
}

cv::Mat reduceNoise(const cv::Mat& bgr8, double sigma) {
    CV_Assert(bgr8.type() == CV_8UC3);
    if (sigma <= 0) return bgr8;
    cv::Mat ycc;
    cv::cvtColor(bgr8, ycc, cv::COLOR_BGR2YCrCb);
    std::vector<cv::Mat> planes;
    cv::split(ycc, planes);
    for (std::size_t i = 0; i < planes.size(); ++i) {
        const double h = (i == 0 ? kLumaNoise : kChromaNoise) * sigma;
        cv::fastNlMeansDenoising(planes[i], planes[i], static_cast<float>(h), kPatch, kSearch);
    }
    cv::merge(planes, ycc);
    cv::Mat out;
    cv::cvtColor(ycc, out, cv::COLOR_YCrCb2BGR);
    return out;
}

}  // namespace gpen
