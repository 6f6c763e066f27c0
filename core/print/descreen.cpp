// SPDX-License-Identifier: Apache-2.0
#include "gpen/print/descreen.h"

#include <algorithm>
#include <cmath>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace gpen {
namespace {

constexpr int kSpectrumSide = 512;
constexpr double kMinPeriod = 2.5;
constexpr double kMaxPeriod = 24;
// A peak this many times the spectrum's median around it is a screen.
constexpr double kMinProminence = 8;
// ... and carrying this share of the strongest frequency's magnitude: a screen is among the
// strongest patterns of the print, where an isolated bump in a smooth photo's empty high band
// (an upscaled scan) is not.
constexpr double kMinStrength = 0.05;
// The low-pass's σ in screen periods: its response at the screen's frequency is
// exp(-2π² (0.39)²) = 5 %.
constexpr double kBlurPerPeriod = 0.39;

}  // namespace

std::optional<HalftoneScreen> findHalftoneScreen(const cv::Mat& bgr8) {
    CV_Assert(bgr8.type() == CV_8UC3);
    const int n = std::min({kSpectrumSide, bgr8.cols, bgr8.rows}) & ~1;
    if (n < 64) return std::nullopt;
    cv::Mat gray, f;
    cv::cvtColor(bgr8(cv::Rect((bgr8.cols - n) / 2, (bgr8.rows - n) / 2, n, n)), gray,
                 cv::COLOR_BGR2GRAY);
    gray.convertTo(f, CV_32F);
    f -= cv::mean(f)[0];
    cv::Mat window;
    cv::createHanningWindow(window, f.size(), CV_32F);
    f = f.mul(window);
    cv::Mat spectrum;
    cv::dft(f, spectrum, cv::DFT_COMPLEX_OUTPUT);
    std::vector<cv::Mat> planes;
    cv::split(spectrum, planes);
    cv::Mat magnitude;
    cv::magnitude(planes[0], planes[1], magnitude);
    // The spectrum around each frequency: a median over 9x9, in log so that one peak cannot lift
    // it.
    cv::Mat logMag;
    cv::log(magnitude + 1e-3f, logMag);
    cv::Mat log8;
    double lo = 0, hi = 0;
    cv::minMaxLoc(logMag, &lo, &hi);
    logMag.convertTo(log8, CV_8U, 255.0 / std::max(hi - lo, 1e-6),
                     -lo * 255.0 / std::max(hi - lo, 1e-6));
    cv::Mat around8;
    cv::medianBlur(log8, around8, 9);
    const double scale = std::max(hi - lo, 1e-6) / 255.0;
    double strongest = 0;
    for (int v = 0; v < n; ++v) {
        const int fy = v <= n / 2 ? v : v - n;
        for (int u = 0; u <= n / 2; ++u)
            if (std::hypot(u, fy) >= 2)
                strongest = std::max(strongest, double(magnitude.at<float>(v, u)));
    }
    HalftoneScreen best;
    for (int v = 0; v < n; ++v) {
        const int fy = v <= n / 2 ? v : v - n;
        for (int u = 0; u <= n / 2; ++u) {
            const double radius = std::hypot(u, fy);
            if (radius < n / kMaxPeriod || radius > n / kMinPeriod) continue;
            const double excess =
                (log8.at<std::uint8_t>(v, u) - around8.at<std::uint8_t>(v, u)) * scale;
            const double prominence = std::exp(excess);
            if (magnitude.at<float>(v, u) < kMinStrength * strongest) continue;
            if (prominence > best.prominence) best = {n / radius, prominence};
        }
    }
    if (best.prominence < kMinProminence) return std::nullopt;
    return best;
}

cv::Mat removeHalftoneScreen(const cv::Mat& bgr8, const HalftoneScreen& screen) {
    cv::Mat out;
    cv::GaussianBlur(bgr8, out, cv::Size(0, 0), kBlurPerPeriod * screen.period);
    return out;
}

}  // namespace gpen
