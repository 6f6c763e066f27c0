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
cv::Mat ridgeStrength(const cv::Mat& luma) {
    cv::Mat f;
    luma.convertTo(f, CV_32F);
    cv::GaussianBlur(f, f, cv::Size(0, 0), 1.2);
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
        if (length >= minLength && width <= 4.0) out(box).setTo(255, piece);
    }
    return out;
}

}  // namespace

Expected<cv::Mat> detectDamage(const cv::Mat& bgr8, const DamageDetectParams& params) {
    if (bgr8.empty() || bgr8.type() != CV_8UC3) {
        return makeError(ErrorCode::InvalidArgument, "finding damage: expected an 8-bit BGR photo");
    }
    try {
        cv::Mat mask = paintedWhite(bgr8, 30);
        mask |= brightScratches(bgr8, params.sensitivity);
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

}  // namespace gpen
