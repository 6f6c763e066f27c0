// SPDX-License-Identifier: Apache-2.0
#pragma once

// How close an upscaled photo is to its original and how sharp it looks: shared by the embedded
// upscaler's test and tests/tools/upscaler_quality.cpp (OpenCV only, header-only for that tool).

#include <algorithm>
#include <cmath>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace gpen::test {

// PSNR in dB of two 8-bit BGR images of one size, over all channels.
inline double psnr(const cv::Mat& a, const cv::Mat& b) {
    cv::Mat d;
    cv::absdiff(a, b, d);
    d.convertTo(d, CV_64F);
    const cv::Scalar m = cv::mean(d.mul(d));
    return 10.0 * std::log10(255.0 * 255.0 / std::max((m[0] + m[1] + m[2]) / 3.0, 1e-12));
}

// PSNR in dB of two 8-bit images of one size over the pixels where `mask` is set, all channels.
inline double psnrInside(const cv::Mat& a, const cv::Mat& b, const cv::Mat& mask) {
    cv::Mat d;
    cv::absdiff(a, b, d);
    d.convertTo(d, CV_64F);
    const cv::Scalar m = cv::mean(d.mul(d), mask);
    double sum = 0;
    for (int c = 0; c < a.channels(); ++c) sum += m[c];
    return 10.0 * std::log10(255.0 * 255.0 / std::max(sum / a.channels(), 1e-12));
}

// Mean gradient magnitude of the gray image (Sobel): how sharp it looks.
inline double meanGradient(const cv::Mat& bgr) {
    cv::Mat gray, gx, gy, mag;
    cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
    cv::Sobel(gray, gx, CV_32F, 1, 0);
    cv::Sobel(gray, gy, CV_32F, 0, 1);
    cv::magnitude(gx, gy, mag);
    return cv::mean(mag)[0];
}

}  // namespace gpen::test
