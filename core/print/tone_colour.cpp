// SPDX-License-Identifier: Apache-2.0
#include "gpen/print/tone_colour.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace gpen {
namespace {

// Statistics are read off a copy this wide at most: percentiles of 0.3 MP are as steady as of
// 12 MP, and area-averaging keeps single noisy pixels from setting the black point.
constexpr int kStatisticsSide = 640;
// The share of each side left out: borders, mounts, the scanner bed.
constexpr double kBorderShare = 0.03;
// The levels read as the print's black and white.
constexpr double kLowQuantile = 0.005;
constexpr double kHighQuantile = 0.995;
// What a print's deepest shadow is when nothing faded it: a natural black, not pure 0.
constexpr double kNaturalBlack = 4;
// Blacks lifted above this level in every channel are fading's mark; 20 levels more, and it is
// taken as certain (fade = 1). Unfaded photos' darkest channel sits at 0-6 (the shared photos).
constexpr double kFadeStart = 12;
constexpr double kFadeSpan = 20;
// A faded gray or toned print's white is brought up to this (prints keep paper white somewhere).
constexpr double kPaperWhite = 250;
// How far the channels' white points are pulled together at full fade evidence: all the way
// makes warm scenes blue (the rocket photo, measured).
constexpr double kWhiteAlignment = 0.5;

double quantile(const std::array<double, 256>& hist, double q) {
    double total = 0;
    for (double h : hist) total += h;
    if (total <= 0) return q < 0.5 ? 0 : 255;
    const double target = q * total;
    double acc = 0;
    for (int v = 0; v < 256; ++v) {
        if (acc + hist[v] >= target) return v - 0.5 + (target - acc) / std::max(hist[v], 1e-9);
        acc += hist[v];
    }
    return 255;
}

double fadeOf(double darkest) {
    return std::clamp((darkest - kFadeStart) / kFadeSpan, 0.0, 1.0);
}

// The curve through (from0 -> to0) and (from1 -> to1), straight beyond them, clamped to 0..255.
std::array<std::uint8_t, 256> linearCurve(double from0, double to0, double from1, double to1) {
    std::array<std::uint8_t, 256> curve{};
    const double slope = (to1 - to0) / std::max(from1 - from0, 1.0);
    for (int v = 0; v < 256; ++v)
        curve[v] = cv::saturate_cast<std::uint8_t>(std::lround(to0 + (v - from0) * slope));
    return curve;
}

bool isIdentityCurve(const std::array<std::uint8_t, 256>& curve) {
    for (int v = 0; v < 256; ++v)
        if (curve[v] != v) return false;
    return true;
}

}  // namespace

PrintStatistics& PrintStatistics::operator+=(const PrintStatistics& o) {
    for (int c = 0; c < 3; ++c)
        for (int v = 0; v < 256; ++v) channel[c][v] += o.channel[c][v];
    for (int v = 0; v < 256; ++v) luma[v] += o.luma[v];
    pixels += o.pixels;
    grayPixels += o.grayPixels;
    colouredPixels += o.colouredPixels;
    hueX += o.hueX;
    hueY += o.hueY;
    chromaSum += o.chromaSum;
    return *this;
}

PrintStatistics measurePrint(const cv::Mat& bgr8) {
    CV_Assert(bgr8.type() == CV_8UC3);
    PrintStatistics s;
    const int bx = static_cast<int>(bgr8.cols * kBorderShare);
    const int by = static_cast<int>(bgr8.rows * kBorderShare);
    cv::Mat inner = bgr8(cv::Rect(bx, by, bgr8.cols - 2 * bx, bgr8.rows - 2 * by));
    cv::Mat small = inner;
    const int side = std::max(inner.cols, inner.rows);
    if (side > kStatisticsSide) {
        const double f = static_cast<double>(kStatisticsSide) / side;
        cv::resize(inner, small, cv::Size(), f, f, cv::INTER_AREA);
    }
    cv::Mat f32, lab;
    small.convertTo(f32, CV_32FC3, 1.0 / 255.0);
    cv::cvtColor(f32, lab, cv::COLOR_BGR2Lab);
    for (int y = 0; y < small.rows; ++y) {
        const auto* p = small.ptr<cv::Vec3b>(y);
        const auto* l = lab.ptr<cv::Vec3f>(y);
        for (int x = 0; x < small.cols; ++x) {
            const int b = p[x][0], g = p[x][1], r = p[x][2];
            ++s.channel[0][b];
            ++s.channel[1][g];
            ++s.channel[2][r];
            ++s.luma[(29 * b + 150 * g + 77 * r + 128) >> 8];
            if (std::max({b, g, r}) - std::min({b, g, r}) <= 2) ++s.grayPixels;
            const double chroma = std::hypot(l[x][1], l[x][2]);
            if (chroma > 4) {
                ++s.colouredPixels;
                s.hueX += l[x][1] / chroma;
                s.hueY += l[x][2] / chroma;
                s.chromaSum += chroma;
            }
        }
    }
    s.pixels = static_cast<double>(small.total());
    return s;
}

ToneCorrection fitToneCorrection(const PrintStatistics& s, ToneMode tone, ColourMode colour) {
    ToneCorrection t;
    for (int c = 0; c < 3; ++c)
        for (int v = 0; v < 256; ++v) t.curves[c][v] = static_cast<std::uint8_t>(v);
    for (int v = 0; v < 256; ++v) t.lumaCurve[v] = static_cast<std::uint8_t>(v);
    if (s.pixels <= 0 || (tone == ToneMode::Off && colour == ColourMode::Off)) return t;

    // A toned print: most pixels coloured, all of one hue (a sepia's spread is a few degrees),
    // and weakly (a brown wooden table is coloured more strongly than any toning).
    const double hueConcentration =
        s.colouredPixels > 0 ? std::hypot(s.hueX, s.hueY) / s.colouredPixels : 0;
    const double meanChroma = s.colouredPixels > 0 ? s.chromaSum / s.colouredPixels : 0;
    if (s.grayPixels >= 0.999 * s.pixels) {
        t.kind = PrintKind::Gray;
    } else if (s.colouredPixels > 0.3 * s.pixels && hueConcentration > 0.95 && meanChroma < 16) {
        t.kind = PrintKind::Toned;
    }

    if (t.kind != PrintKind::Colour || colour == ColourMode::Keep) {
        // One curve on luminance.
        const double lo = quantile(s.luma, kLowQuantile);
        const double hi = quantile(s.luma, kHighQuantile);
        t.fade = fadeOf(lo);
        t.blackFrom = lo;
        t.whiteFrom = hi;
        t.blackTo = tone == ToneMode::Auto ? std::min(lo, kNaturalBlack) : lo;
        t.whiteTo = tone == ToneMode::Auto && t.kind != PrintKind::Colour
                        ? hi + t.fade * std::max(0.0, kPaperWhite - hi)
                        : hi;
        t.lumaCurve = linearCurve(lo, t.blackTo, hi, t.whiteTo);
        t.onLuma = t.kind != PrintKind::Gray;
        t.toGray = t.kind == PrintKind::Toned && colour == ColourMode::Neutral;
        return t;
    }

    std::array<double, 3> lo{}, hi{};
    for (int c = 0; c < 3; ++c) {
        lo[c] = quantile(s.channel[c], kLowQuantile);
        hi[c] = quantile(s.channel[c], kHighQuantile);
    }
    const double darkest = std::min({lo[0], lo[1], lo[2]});
    const double brightest = std::max({hi[0], hi[1], hi[2]});
    t.fade = fadeOf(darkest);
    t.blackFrom = darkest;
    t.whiteFrom = t.whiteTo = brightest;
    t.blackTo = tone == ToneMode::Auto ? std::min(darkest, kNaturalBlack) : darkest;
    if (colour == ColourMode::Off) {
        // The same curve for the three channels: contrast back, colours as they were.
        const auto curve = linearCurve(darkest, t.blackTo, brightest, brightest);
        t.curves = {curve, curve, curve};
        return t;
    }
    // How far the channels are pulled together: as far as the fading shows (Auto), or fully.
    const double black = colour == ColourMode::Neutral ? 1.0 : t.fade;
    const double white = colour == ColourMode::Neutral ? 1.0 : kWhiteAlignment * t.fade;
    for (int c = 0; c < 3; ++c) {
        const double loTo = (1 - black) * (lo[c] + t.blackTo - darkest) + black * t.blackTo;
        const double hiTo = (1 - white) * hi[c] + white * brightest;
        t.curves[c] = linearCurve(lo[c], loTo, hi[c], hiTo);
    }
    return t;
}

bool ToneCorrection::isIdentity() const {
    if (onLuma || kind == PrintKind::Gray) return !toGray && isIdentityCurve(lumaCurve);
    return isIdentityCurve(curves[0]) && isIdentityCurve(curves[1]) && isIdentityCurve(curves[2]);
}

std::string ToneCorrection::describe() const {
    const char* what = kind == PrintKind::Gray    ? "gray print"
                       : kind == PrintKind::Toned ? "toned print"
                                                  : "colour print";
    char text[160];
    std::snprintf(text, sizeof text, "%s faded %.0f %%: black %.0f -> %.0f, white %.0f -> %.0f%s",
                  what, 100 * fade, blackFrom, blackTo, whiteFrom, whiteTo,
                  toGray ? ", made neutral" : "");
    return text;
}

cv::Mat applyToneCorrection(const cv::Mat& bgr8, const ToneCorrection& t) {
    CV_Assert(bgr8.type() == CV_8UC3);
    cv::Mat out;
    if (!t.onLuma) {
        cv::Mat lut(1, 256, CV_8UC3);
        for (int v = 0; v < 256; ++v) {
            if (t.kind == PrintKind::Gray) {
                lut.at<cv::Vec3b>(v) = cv::Vec3b::all(t.lumaCurve[v]);
            } else {
                lut.at<cv::Vec3b>(v) = cv::Vec3b(t.curves[0][v], t.curves[1][v], t.curves[2][v]);
            }
        }
        cv::LUT(bgr8, lut, out);
        return out;
    }
    // On luminance: each pixel scaled by the curve's gain at its luminance, so its chromaticity
    // (a toned print's hue) stays; or replaced by the new luminance (made neutral).
    std::array<float, 256 * 4> curve{};  // at quarter levels, for luminance between levels
    for (int i = 0; i < 256 * 4; ++i) {
        const float v = i / 4.0f;
        const int a = std::min(static_cast<int>(v), 254);
        const float f = v - a;
        curve[i] = t.lumaCurve[a] * (1 - f) + t.lumaCurve[a + 1] * f;
    }
    out.create(bgr8.size(), CV_8UC3);
    cv::parallel_for_(cv::Range(0, bgr8.rows), [&](const cv::Range& rows) {
        for (int y = rows.start; y < rows.end; ++y) {
            const auto* in = bgr8.ptr<cv::Vec3b>(y);
            auto* o = out.ptr<cv::Vec3b>(y);
            for (int x = 0; x < bgr8.cols; ++x) {
                const float lum = 0.114f * in[x][0] + 0.587f * in[x][1] + 0.299f * in[x][2];
                const float to = curve[std::min(static_cast<int>(lum * 4 + 0.5f), 1023)];
                if (t.toGray) {
                    o[x] = cv::Vec3b::all(cv::saturate_cast<std::uint8_t>(to));
                    continue;
                }
                const float gain = to / std::max(lum, 0.5f);
                for (int c = 0; c < 3; ++c)
                    o[x][c] = cv::saturate_cast<std::uint8_t>(in[x][c] * gain);
            }
        }
    });
    return out;
}

}  // namespace gpen
