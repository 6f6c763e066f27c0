// SPDX-License-Identifier: Apache-2.0
#pragma once

// Seeded models of what time and printing do to a photo, for the tone, colour, noise and screen
// stage's tests and measurements (and gpen-degrade-print): dye fading (per-channel gamma and
// gain, lifted blacks, a cast), sepia toning, Gaussian scan noise, a halftone dot screen.
// Header-only, OpenCV only: the same seed gives the same pixels.

#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace gpen::test {

struct ChannelFade {
    double black = 0;  // the level black becomes (0..1)
    double white = 1;  // the level white becomes
    double gamma = 1;  // x -> x^gamma before the levels
};

// A colour print's fading at `strength` (0.5: a print kept in an album; 1: one kept in the sun):
// blacks lifted, contrast lowered, the dyes fading at different rates (the blue-forming yellow dye
// keeps best, so the print turns warm, or the cyan goes first and it turns red), each channel's
// gamma drawn from the seed.
inline std::array<ChannelFade, 3> fadeOf(double strength, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    // B, G, R: which dye lost most; seed-chosen between a warm (yellow) and a red-magenta cast.
    const bool warm = (seed % 2) == 1;
    const std::array<double, 3> whiteLoss =
        warm ? std::array{0.22, 0.08, 0.02} : std::array{0.06, 0.16, 0.02};
    const std::array<double, 3> blackTint =
        warm ? std::array{0.02, 0.04, 0.07} : std::array{0.03, 0.02, 0.07};
    std::array<ChannelFade, 3> f;
    for (int c = 0; c < 3; ++c) {
        f[c].black = strength * (0.10 + blackTint[c] + 0.02 * u(rng));
        f[c].white = 1.0 - strength * (whiteLoss[c] + 0.03 * u(rng));
        f[c].gamma = std::exp(strength * 0.22 * u(rng));
    }
    return f;
}

inline cv::Mat applyFade(const cv::Mat& bgr8, const std::array<ChannelFade, 3>& f) {
    std::array<cv::Mat, 3> lut;
    for (int c = 0; c < 3; ++c) {
        lut[c] = cv::Mat(1, 256, CV_8U);
        for (int v = 0; v < 256; ++v) {
            const double x = std::pow(v / 255.0, f[c].gamma);
            lut[c].at<std::uint8_t>(v) = cv::saturate_cast<std::uint8_t>(
                255.0 * (f[c].black + (f[c].white - f[c].black) * x));
        }
    }
    cv::Mat l3, out;
    cv::merge(lut.data(), 3, l3);
    cv::LUT(bgr8, l3, out);
    return out;
}

inline cv::Mat fadePrint(const cv::Mat& bgr8, double strength, std::uint32_t seed) {
    return applyFade(bgr8, fadeOf(strength, seed));
}

// A gray photo toned sepia (the brown of a sulphide-toned print: the hue about 60-70° in CIELAB,
// strongest in the mid-tones), then faded at `strength`: blacks lifted, contrast lowered, alike
// in every channel.
inline cv::Mat sepiaPrint(const cv::Mat& gray3, double fadeStrength) {
    cv::Mat out(gray3.size(), CV_8UC3);
    const double black = 0.14 * fadeStrength;
    const double white = 1.0 - 0.10 * fadeStrength;
    for (int y = 0; y < gray3.rows; ++y) {
        const auto* in = gray3.ptr<cv::Vec3b>(y);
        auto* o = out.ptr<cv::Vec3b>(y);
        for (int x = 0; x < gray3.cols; ++x) {
            const double v = black + (white - black) * (in[x][1] / 255.0);
            // The tone: red kept, green and blue held back, most at the mid-tones.
            const double mid = 4.0 * v * (1.0 - v);
            o[x] = cv::Vec3b(cv::saturate_cast<std::uint8_t>(255.0 * v * (1.0 - 0.30 * mid)),
                             cv::saturate_cast<std::uint8_t>(255.0 * v * (1.0 - 0.13 * mid)),
                             cv::saturate_cast<std::uint8_t>(255.0 * v));
        }
    }
    return out;
}

// Scan noise: Gaussian, `sigma` levels, independent per channel.
inline cv::Mat addNoise(const cv::Mat& bgr8, double sigma, std::uint32_t seed) {
    cv::Mat noise(bgr8.size(), CV_32FC3);
    cv::RNG rng(seed);
    rng.fill(noise, cv::RNG::NORMAL, 0.0, sigma);
    cv::Mat f;
    bgr8.convertTo(f, CV_32FC3);
    f += noise;
    cv::Mat out;
    f.convertTo(out, CV_8UC3);
    return out;
}

// A halftone print as a scanner sees it: each channel screened with round dots on a grid of
// `period` pixels (the angles of a CMY screen: 15°, 75°, 0°, shifted by the seed), then the
// scanner's blur (σ 0.7 px).
inline cv::Mat halftonePrint(const cv::Mat& bgr8, double period, std::uint32_t seed) {
    constexpr double kPi = std::numbers::pi;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> phase(0.0, 2.0 * kPi);
    const std::array<double, 3> angles = {15.0, 75.0, 0.0};
    cv::Mat out(bgr8.size(), CV_32FC3);
    for (int c = 0; c < 3; ++c) {
        const double a = angles[c] * kPi / 180.0;
        const double ca = std::cos(a), sa = std::sin(a);
        const double px = phase(rng), py = phase(rng);
        for (int y = 0; y < bgr8.rows; ++y) {
            const auto* in = bgr8.ptr<cv::Vec3b>(y);
            auto* o = out.ptr<cv::Vec3f>(y);
            for (int x = 0; x < bgr8.cols; ++x) {
                const double u = (ca * x + sa * y) * 2.0 * kPi / period + px;
                const double v = (-sa * x + ca * y) * 2.0 * kPi / period + py;
                // The screen's threshold, 0..1: low at the dot centres.
                const double screen = 0.5 - 0.25 * (std::cos(u) + std::cos(v));
                const double ink = 1.0 - in[x][c] / 255.0;  // how much ink this tone takes
                o[x][c] = ink > screen ? 0.0f : 255.0f;
            }
        }
    }
    cv::GaussianBlur(out, out, cv::Size(0, 0), 0.7);
    cv::Mat out8;
    out.convertTo(out8, CV_8UC3);
    return out8;
}

}  // namespace gpen::test
