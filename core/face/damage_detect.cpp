// SPDX-License-Identifier: Apache-2.0
#include "gpen/face/damage_detect.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace gpen {
namespace {

double lerp(double a, double b, double t) {
    return a + (b - a) * std::clamp(t, 0.0, 1.0);
}

cv::Mat disc(int radius) {
    return cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(2 * radius + 1, 2 * radius + 1));
}

// Areas painted pure white (every channel at 255), larger than a speck.
cv::Mat paintedWhite(const cv::Mat& bgr8, int minArea) {
    cv::Mat white;
    cv::inRange(bgr8, cv::Scalar::all(254), cv::Scalar::all(255), white);
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(white, labels, stats, centroids, 8, CV_32S);
    cv::Mat out = cv::Mat::zeros(white.size(), CV_8U);
    for (int i = 1; i < n; ++i) {
        if (stats.at<int>(i, cv::CC_STAT_AREA) >= minArea) out.setTo(255, labels == i);
    }
    return out;
}

// How much each pixel lies on a thin bright ridge: minus the Hessian's most negative eigenvalue
// of the smoothed luma (0 where the luma does not curve down across a line).
// `sigma`: the smoothing, about a third of the widths it answers to; the strength is scaled to be
// comparable across sigmas (scale-normalised second derivatives).
cv::Mat ridgeStrength(const cv::Mat& luma, double sigma = 1.2) {
    cv::Mat f;
    luma.convertTo(f, CV_32F, (sigma / 1.2) * (sigma / 1.2));
    cv::GaussianBlur(f, f, cv::Size(0, 0), sigma);
    cv::Mat xx, yy, xy;
    cv::Sobel(f, xx, CV_32F, 2, 0, 3);
    cv::Sobel(f, yy, CV_32F, 0, 2, 3);
    cv::Sobel(f, xy, CV_32F, 1, 1, 3);
    cv::Mat diff = xx - yy, root;
    cv::sqrt(diff.mul(diff) + 4 * xy.mul(xy), root);
    cv::Mat lowest = 0.5 * ((xx + yy) - root);
    cv::Mat ridge = cv::max(-lowest, 0.0);
    return ridge;
}

// Thin bright lines: bright detail narrower than a few pixels (the luma's white top-hat) that
// also lies on a ridge (not the edge of a bright region), its pieces kept when long enough to be
// a scratch rather than a speck.
cv::Mat brightScratches(const cv::Mat& bgr8, double sensitivity) {
    cv::Mat luma;
    cv::cvtColor(bgr8, luma, cv::COLOR_BGR2GRAY);
    cv::Mat tophat;
    cv::morphologyEx(luma, tophat, cv::MORPH_TOPHAT, disc(3));
    const cv::Mat ridge = ridgeStrength(luma);
    cv::Mat candidates =
        (tophat > lerp(60.0, 30.0, sensitivity)) & (ridge > lerp(110.0, 60.0, sensitivity));
    // A scratch that crosses darker and lighter ground is found in pieces: close small gaps.
    cv::morphologyEx(candidates, candidates, cv::MORPH_CLOSE, disc(1));
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(candidates, labels, stats, centroids, 8, CV_32S);
    const double minLength = lerp(36.0, 20.0, sensitivity);
    cv::Mat out = cv::Mat::zeros(luma.size(), CV_8U);
    std::vector<cv::Point> points;
    for (int i = 1; i < n; ++i) {
        const int area = stats.at<int>(i, cv::CC_STAT_AREA);
        if (area < 6) continue;
        const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                           stats.at<int>(i, cv::CC_STAT_WIDTH),
                           stats.at<int>(i, cv::CC_STAT_HEIGHT));
        const cv::Mat piece = labels(box) == i;
        points.clear();
        cv::findNonZero(piece, points);
        const cv::RotatedRect r = cv::minAreaRect(points);
        const double length = std::max(r.size.width, r.size.height);
        const double width =
            area / std::max(1.0, length);  // its mean width: a few pixels all along
        // Gently bending, not a frame or an outline (a badge's border bends through a right angle).
        const double across = std::min(r.size.width, r.size.height);
        if (length >= minLength && width <= 4.0 && across <= 0.3 * length)
            out(box).setTo(255, piece);
    }
    return out;
}

// Whether a spot stands out from the ring around it by far more than that ring varies: dust on a
// smooth sky or cheek does, a bright fleck in hair, fur or foliage does not.
bool standsOut(const cv::Mat& luma, const cv::Mat& labels, int label, cv::Rect box,
               double minContrast, double spreads) {
    const int pad = 5;
    const cv::Rect around =
        cv::Rect(box.x - pad, box.y - pad, box.width + 2 * pad, box.height + 2 * pad) &
        cv::Rect(0, 0, luma.cols, luma.rows);
    const cv::Mat spot = labels(around) == label;
    cv::Mat inner, outer;
    cv::dilate(spot, inner, disc(1));
    cv::dilate(spot, outer, disc(4));
    const cv::Mat ring = outer & ~inner;
    if (cv::countNonZero(ring) < 8) return false;
    cv::Scalar ringMean, ringSpread;
    cv::meanStdDev(luma(around), ringMean, ringSpread, ring);
    const double contrast = std::abs(cv::mean(luma(around), spot)[0] - ringMean[0]);
    return contrast >= std::max(minContrast, spreads * ringSpread[0]);
}

// Dust: small compact spots much brighter or darker than the ring around them (the luma against
// its median over a window a few times a speck's size), no larger than a speck.
cv::Mat dustSpecks(const cv::Mat& luma, double sensitivity) {
    cv::Mat median;
    cv::medianBlur(luma, median, 9);
    cv::Mat signedDiff;
    cv::subtract(luma, median, signedDiff, cv::noArray(), CV_16S);
    const double threshold = lerp(50.0, 25.0, sensitivity);
    cv::Mat candidates = cv::abs(signedDiff) > threshold;
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(candidates, labels, stats, centroids, 8, CV_32S);
    cv::Mat out = cv::Mat::zeros(luma.size(), CV_8U);
    for (int i = 1; i < n; ++i) {
        const int area = stats.at<int>(i, cv::CC_STAT_AREA);
        const int w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
        // A speck: a few pixels to a few dozen, about as wide as tall and filling its box.
        if (area < 3 || area > 80 || std::max(w, h) > 12) continue;
        if (area < 0.35 * w * h) continue;
        const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), w,
                           h);
        if (!standsOut(luma, labels, i, box, threshold * 1.5, lerp(6.0, 3.5, sensitivity)))
            continue;
        out(box).setTo(255, labels(box) == i);
    }
    // The speck's soft edge, which the threshold leaves out, is dust too.
    cv::dilate(out, out, disc(1));
    return out;
}

// Cracks and tears: long bright ridges wider than a scratch (the paper showing through), found
// as a white top-hat at a crack's scale kept where it forms long lines of even width.
cv::Mat brightCracks(const cv::Mat& bgr8, const cv::Mat& luma, double sensitivity) {
    // The paper under the emulsion is neutral: a crack is nearly gray all along, unlike a bright
    // coloured line of the picture (a reflection on a red cup, a yellow stripe).
    cv::Mat chroma;
    {
        cv::Mat hi, lo;
        std::vector<cv::Mat> c;
        cv::split(bgr8, c);
        cv::max(c[0], c[1], hi);
        cv::max(hi, c[2], hi);
        cv::min(c[0], c[1], lo);
        cv::min(lo, c[2], lo);
        chroma = hi - lo;
    }
    cv::Mat tophat;
    cv::morphologyEx(luma, tophat, cv::MORPH_TOPHAT, disc(9));
    const cv::Mat bright = tophat > lerp(110.0, 55.0, sensitivity);
    // On a ridge at a crack's scale: a line, not the edge of a bright area it may cross.
    cv::Mat candidates = bright & (ridgeStrength(luma, 3.0) > lerp(60.0, 30.0, sensitivity));
    cv::morphologyEx(candidates, candidates, cv::MORPH_CLOSE, disc(2));
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(candidates, labels, stats, centroids, 8, CV_32S);
    const double minLength = lerp(120.0, 60.0, sensitivity);
    cv::Mat out = cv::Mat::zeros(luma.size(), CV_8U);
    std::vector<cv::Point> points;
    for (int i = 1; i < n; ++i) {
        const int area = stats.at<int>(i, cv::CC_STAT_AREA);
        if (area < 60) continue;
        const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                           stats.at<int>(i, cv::CC_STAT_WIDTH),
                           stats.at<int>(i, cv::CC_STAT_HEIGHT));
        const cv::Mat piece = labels(box) == i;
        // Its length along its skeleton-free measure: the longer side of the rotated box for a
        // straight piece, the box's diagonal bounds a bending one.
        points.clear();
        cv::findNonZero(piece, points);
        const cv::RotatedRect r = cv::minAreaRect(points);
        const double length =
            std::max({r.size.width, r.size.height,
                      static_cast<float>(std::hypot(box.width, box.height) * 0.7)});
        const double width = area / std::max(1.0, length);
        if (length < minLength || width > 16.0 || length < 6.0 * width) continue;
        cv::Scalar lumaMean, lumaSpread;
        cv::meanStdDev(luma(box), lumaMean, lumaSpread, piece);
        if (cv::mean(chroma(box), piece)[0] > 24.0 || lumaSpread[0] > 18.0) continue;
        // A crack is brighter than the print on both of its sides along most of its length; the
        // bright rim of a white cup is not (the cup's inside is as light as the rim).
        const int pad = 8;
        const cv::Rect around =
            cv::Rect(box.x - pad, box.y - pad, box.width + 2 * pad, box.height + 2 * pad) &
            cv::Rect(0, 0, luma.cols, luma.rows);
        const cv::Mat spot = labels(around) == i;
        cv::Mat inner, outer;
        cv::dilate(spot, inner, disc(3));
        cv::dilate(spot, outer, disc(7));
        const cv::Mat ring = outer & ~inner & ~bright(around);
        const cv::Mat darker = ring & (luma(around) < lumaMean[0] - 25.0);
        const int ringPixels = cv::countNonZero(outer & ~inner);
        if (ringPixels == 0 || cv::countNonZero(darker) < 0.7 * ringPixels) continue;
        out(box).setTo(255, piece);
    }
    // The ridge is the crack's middle: its whole width is the bright detail around it.
    cv::dilate(out, out, disc(7));
    out &= bright;
    cv::dilate(out, out, disc(1));
    return out;
}

}  // namespace

Expected<cv::Mat> detectDamage(const cv::Mat& bgr8, const DamageDetectParams& params) {
    if (bgr8.empty() || bgr8.type() != CV_8UC3) {
        return makeError(ErrorCode::InvalidArgument, "finding damage: expected an 8-bit BGR photo");
    }
    try {
        cv::Mat found = cv::Mat::zeros(bgr8.size(), CV_8U);
        if (params.scratches) found |= brightScratches(bgr8, params.sensitivity);
        cv::Mat luma;
        cv::cvtColor(bgr8, luma, cv::COLOR_BGR2GRAY);
        if (params.dust) found |= dustSpecks(luma, params.sensitivity);
        if (params.cracks) found |= brightCracks(bgr8, luma, params.sensitivity);
        // A print's frame and the scanner bed's edge are not damage (paint is: a person put it
        // there).
        const int border = std::max(2, std::min(bgr8.cols, bgr8.rows) / 100);
        const cv::Rect inner(border, border, bgr8.cols - 2 * border, bgr8.rows - 2 * border);
        cv::Mat mask = params.painted ? paintedWhite(bgr8, 30) : cv::Mat::zeros(bgr8.size(), CV_8U);
        if (inner.width > 0 && inner.height > 0) {
            cv::Mat inside = mask(inner);
            cv::bitwise_or(inside, found(inner), inside);
        }
        const cv::Rect whole(0, 0, mask.cols, mask.rows);
        for (const cv::Rect& r : params.protect) mask(r & whole).setTo(0);
        return mask;
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Internal, "finding damage: " + e.msg);
    }
}

cv::Mat simulateDamage(cv::Size size, SimulatedDamage kind, std::uint32_t seed) {
    std::mt19937 rng(seed);
    const auto uniform = [&](double a, double b) {
        return std::uniform_real_distribution<double>(a, b)(rng);
    };
    const auto count = [&](int a, int b) { return std::uniform_int_distribution<int>(a, b)(rng); };
    cv::Mat mask = cv::Mat::zeros(size, CV_8U);
    const double diagonal = std::hypot(size.width, size.height);
    // The reference demo's statistics at 1024 pixels (widths 12-80, 8-28 vertices, turns around
    // 2 pi / 5), scaled to the picture.
    const double unit = std::min(size.width, size.height) / 1024.0;
    if (kind == SimulatedDamage::Dust) {
        // About one speck per 4000 pixels, each a few overlapping dots.
        const int specks = std::max(1, static_cast<int>(size.area() / 4000));
        for (int s = 0; s < specks; ++s) {
            const cv::Point c(count(0, size.width - 1), count(0, size.height - 1));
            const int dots = count(1, 3);
            for (int d = 0; d < dots; ++d) {
                const cv::Point offset(count(-2, 2), count(-2, 2));
                cv::circle(mask, c + offset, count(1, 3), cv::Scalar(255), cv::FILLED);
            }
        }
        return mask;
    }
    if (kind == SimulatedDamage::Cracks) {
        // A few cracks from edge to edge or part way, zigzagging, their width wandering.
        const int cracks = count(1, 3);
        for (int s = 0; s < cracks; ++s) {
            cv::Point2d p(count(0, size.width - 1), count(0, size.height - 1));
            double angle = uniform(0, 2 * std::numbers::pi);
            const double length = diagonal * uniform(0.3, 0.7);
            const double width0 = uniform(6, 14);
            for (double travelled = 0; travelled < length;) {
                const double step = uniform(6, 18);
                angle += uniform(-0.45, 0.45);
                cv::Point2d next(p.x + step * std::cos(angle), p.y + step * std::sin(angle));
                if (next.x < 0 || next.y < 0 || next.x >= size.width || next.y >= size.height) {
                    angle +=
                        std::numbers::pi;  // turned back at the edge: the crack stays on the print
                    next = cv::Point2d(p.x + step * std::cos(angle), p.y + step * std::sin(angle));
                }
                const int width = std::max(6, cvRound(width0 + uniform(-2, 2)));
                cv::line(mask, p, next, cv::Scalar(255), width, cv::LINE_8);
                p = next;
                travelled += step;
            }
        }
        return mask;
    }
    const int strokes = kind == SimulatedDamage::PaintedStrokes ? count(1, 3) : count(3, 7);
    for (int s = 0; s < strokes; ++s) {
        std::vector<cv::Point> vertices{{count(0, size.width - 1), count(0, size.height - 1)}};
        if (kind == SimulatedDamage::PaintedStrokes) {
            const double meanAngle = 2 * std::numbers::pi / 5, range = 2 * std::numbers::pi / 15;
            const double lo = meanAngle - uniform(0, range), hi = meanAngle + uniform(0, range);
            const double radius = diagonal / 8;
            const int n = count(8, 27);
            for (int i = 0; i < n; ++i) {
                const double angle =
                    i % 2 == 0 ? 2 * std::numbers::pi - uniform(lo, hi) : uniform(lo, hi);
                const double r = std::clamp(
                    std::normal_distribution<double>(radius, radius / 2)(rng), 0.0, 2 * radius);
                const cv::Point& last = vertices.back();
                vertices.emplace_back(
                    std::clamp(cvRound(last.x + r * std::cos(angle)), 0, size.width - 1),
                    std::clamp(cvRound(last.y + r * std::sin(angle)), 0, size.height - 1));
            }
            const int width = std::max(2, cvRound(uniform(12, 80) * unit));
            cv::polylines(mask, vertices, false, cv::Scalar(255), width, cv::LINE_8);
            for (const auto& v : vertices)
                cv::circle(mask, v, width / 2, cv::Scalar(255), cv::FILLED);
        } else {
            // A long scratch that bends a little: a few segments, each turning by a few degrees.
            double angle = uniform(0, std::numbers::pi);
            const int n = count(3, 6);
            const double step = diagonal * uniform(0.05, 0.12);
            for (int i = 0; i < n; ++i) {
                angle += uniform(-0.2, 0.2);
                const cv::Point& last = vertices.back();
                vertices.emplace_back(cvRound(last.x + step * std::cos(angle)),
                                      cvRound(last.y + step * std::sin(angle)));
            }
            cv::polylines(mask, vertices, false, cv::Scalar(255), count(1, 3), cv::LINE_8);
        }
    }
    return mask;
}

void drawSimulatedDamage(cv::Mat& bgr8, const cv::Mat& mask, SimulatedDamage kind,
                         std::uint32_t seed) {
    if (kind == SimulatedDamage::PaintedStrokes) {
        bgr8.setTo(cv::Scalar::all(255), mask);
        return;
    }
    std::mt19937 rng(seed ^ 0x9e3779b9u);
    // The paper's grain: the damage is not one flat value.
    cv::Mat grain(bgr8.size(), CV_8SC1);
    cv::RNG cvRng(rng());
    cvRng.fill(grain, cv::RNG::NORMAL, 0, 6);
    cv::Mat labels;
    const int n = cv::connectedComponents(mask, labels, 8, CV_32S);
    std::vector<int> level(static_cast<std::size_t>(n), 0);
    for (int i = 1; i < n; ++i) {
        const double u = std::uniform_real_distribution<double>(0, 1)(rng);
        switch (kind) {
            case SimulatedDamage::Scratches:
                level[static_cast<std::size_t>(i)] = 225 + static_cast<int>(u * 30);
                break;
            case SimulatedDamage::Dust:  // lint on the print is dark, on the negative light
                level[static_cast<std::size_t>(i)] =
                    u < 0.5 ? 15 + static_cast<int>(u * 40) : 215 + static_cast<int>(u * 40);
                break;
            default:  // cracks: the paper under the emulsion
                level[static_cast<std::size_t>(i)] = 205 + static_cast<int>(u * 40);
                break;
        }
    }
    for (int y = 0; y < bgr8.rows; ++y) {
        const int* l = labels.ptr<int>(y);
        const auto* g = grain.ptr<signed char>(y);
        auto* px = bgr8.ptr<cv::Vec3b>(y);
        for (int x = 0; x < bgr8.cols; ++x) {
            if (l[x] == 0) continue;
            const int v = level[static_cast<std::size_t>(l[x])] + g[x];
            px[x] = cv::Vec3b::all(cv::saturate_cast<unsigned char>(v));
        }
    }
}

}  // namespace gpen
