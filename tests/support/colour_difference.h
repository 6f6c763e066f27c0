// SPDX-License-Identifier: Apache-2.0
#pragma once

// CIEDE2000 colour differences of two 8-bit BGR images (Sharma, Wu and Dalal 2005, the formula
// and its test data), and the mean hue angle of a toned print: what the tone and colour stage's
// tests measure. Header-only, OpenCV only.

#include <cmath>
#include <numbers>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace gpen::test {

// ΔE00 of two CIELAB colours (L 0..100).
inline double ciede2000(double l1, double a1, double b1, double l2, double a2, double b2) {
    constexpr double kPi = std::numbers::pi;
    const auto deg = [](double r) { return r * 180.0 / kPi; };
    const auto rad = [](double d) { return d * kPi / 180.0; };
    const double c1 = std::hypot(a1, b1);
    const double c2 = std::hypot(a2, b2);
    const double cBar7 = std::pow((c1 + c2) / 2.0, 7.0);
    const double g = 0.5 * (1.0 - std::sqrt(cBar7 / (cBar7 + std::pow(25.0, 7.0))));
    const double a1p = (1.0 + g) * a1;
    const double a2p = (1.0 + g) * a2;
    const double c1p = std::hypot(a1p, b1);
    const double c2p = std::hypot(a2p, b2);
    const auto hueOf = [&](double b, double ap) {
        if (b == 0 && ap == 0) return 0.0;
        const double h = deg(std::atan2(b, ap));
        return h < 0 ? h + 360.0 : h;
    };
    const double h1p = hueOf(b1, a1p);
    const double h2p = hueOf(b2, a2p);
    const double dLp = l2 - l1;
    const double dCp = c2p - c1p;
    double dhp = 0;
    if (c1p * c2p != 0) {
        dhp = h2p - h1p;
        if (dhp > 180) dhp -= 360;
        if (dhp < -180) dhp += 360;
    }
    const double dHp = 2.0 * std::sqrt(c1p * c2p) * std::sin(rad(dhp / 2.0));
    const double lBarP = (l1 + l2) / 2.0;
    const double cBarP = (c1p + c2p) / 2.0;
    double hBarP = h1p + h2p;
    if (c1p * c2p != 0) {
        if (std::abs(h1p - h2p) <= 180)
            hBarP /= 2.0;
        else
            hBarP = (h1p + h2p < 360) ? (h1p + h2p + 360) / 2.0 : (h1p + h2p - 360) / 2.0;
    }
    const double t = 1.0 - 0.17 * std::cos(rad(hBarP - 30)) + 0.24 * std::cos(rad(2 * hBarP)) +
                     0.32 * std::cos(rad(3 * hBarP + 6)) - 0.20 * std::cos(rad(4 * hBarP - 63));
    const double dTheta = 30.0 * std::exp(-std::pow((hBarP - 275.0) / 25.0, 2.0));
    const double cBarP7 = std::pow(cBarP, 7.0);
    const double rc = 2.0 * std::sqrt(cBarP7 / (cBarP7 + std::pow(25.0, 7.0)));
    const double l50 = (lBarP - 50) * (lBarP - 50);
    const double sl = 1.0 + 0.015 * l50 / std::sqrt(20.0 + l50);
    const double sc = 1.0 + 0.045 * cBarP;
    const double sh = 1.0 + 0.015 * cBarP * t;
    const double rt = -std::sin(rad(2 * dTheta)) * rc;
    return std::sqrt(std::pow(dLp / sl, 2) + std::pow(dCp / sc, 2) + std::pow(dHp / sh, 2) +
                     rt * (dCp / sc) * (dHp / sh));
}

// The photo in CIELAB, float (L 0..100).
inline cv::Mat labOf(const cv::Mat& bgr8) {
    cv::Mat f, lab;
    bgr8.convertTo(f, CV_32FC3, 1.0 / 255.0);
    cv::cvtColor(f, lab, cv::COLOR_BGR2Lab);
    return lab;
}

// The mean ΔE00 of two 8-bit BGR images of one size.
inline double meanCiede2000(const cv::Mat& a, const cv::Mat& b) {
    const cv::Mat la = labOf(a);
    const cv::Mat lb = labOf(b);
    double sum = 0;
    for (int y = 0; y < la.rows; ++y) {
        const auto* pa = la.ptr<cv::Vec3f>(y);
        const auto* pb = lb.ptr<cv::Vec3f>(y);
        for (int x = 0; x < la.cols; ++x)
            sum += ciede2000(pa[x][0], pa[x][1], pa[x][2], pb[x][0], pb[x][1], pb[x][2]);
    }
    return sum / static_cast<double>(la.total());
}

// The hue angle (degrees, 0..360) of the photo's mean a*b*: a toned print's tone.
inline double meanHueDegrees(const cv::Mat& bgr8) {
    const cv::Scalar m = cv::mean(labOf(bgr8));
    const double h = std::atan2(m[2], m[1]) * 180.0 / std::numbers::pi;
    return h < 0 ? h + 360.0 : h;
}

}  // namespace gpen::test
