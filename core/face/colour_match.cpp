// SPDX-License-Identifier: Apache-2.0
#include "gpen/face/colour_match.h"

#include <cmath>

#include <opencv2/imgproc.hpp>

namespace gpen {
namespace {

struct Moments {
    cv::Vec3d mean, stddev;
};

Moments weightedMoments(const cv::Mat& lab, const cv::Mat& weights) {
    Moments m;
    if (weights.empty()) {
        cv::Scalar mean, stddev;
        cv::meanStdDev(lab, mean, stddev);
        for (int c = 0; c < 3; ++c) {
            m.mean[c] = mean[c];
            m.stddev[c] = stddev[c];
        }
        return m;
    }
    double total = 0;
    cv::Vec3d sum{}, sumSq{};
    for (int y = 0; y < lab.rows; ++y) {
        const auto* p = lab.ptr<cv::Vec3f>(y);
        const auto* w = weights.ptr<float>(y);
        for (int x = 0; x < lab.cols; ++x) {
            total += w[x];
            for (int c = 0; c < 3; ++c) {
                sum[c] += w[x] * p[x][c];
                sumSq[c] += w[x] * p[x][c] * p[x][c];
            }
        }
    }
    if (total <= 0) return weightedMoments(lab, {});
    for (int c = 0; c < 3; ++c) {
        m.mean[c] = sum[c] / total;
        m.stddev[c] = std::sqrt(std::max(0.0, sumSq[c] / total - m.mean[c] * m.mean[c]));
    }
    return m;
}

cv::Mat toLab(const cv::Mat& bgr8) {
    cv::Mat f, lab;
    bgr8.convertTo(f, CV_32F, 1.0 / 255.0);
    cv::cvtColor(f, lab, cv::COLOR_BGR2Lab);
    return lab;
}

}  // namespace

Expected<cv::Mat> matchFaceTone(const cv::Mat& face, const cv::Mat& reference,
                                const cv::Mat& weights) {
    if (face.type() != CV_8UC3 || reference.type() != CV_8UC3 || face.size() != reference.size()) {
        return makeError(ErrorCode::InvalidArgument,
                         "tone matching: face and reference must be 8-bit BGR of one size");
    }
    if (!weights.empty() && (weights.type() != CV_32FC1 || weights.size() != face.size())) {
        return makeError(ErrorCode::InvalidArgument,
                         "tone matching: the weights must be a float mask of the face's size");
    }
    try {
        cv::Mat lab = toLab(face);
        const Moments from = weightedMoments(lab, weights);
        const Moments to = weightedMoments(toLab(reference), weights);
        for (int y = 0; y < lab.rows; ++y) {
            auto* p = lab.ptr<cv::Vec3f>(y);
            for (int x = 0; x < lab.cols; ++x) {
                for (int c = 0; c < 3; ++c) {
                    // A flat channel (a gray face's a and b) is shifted, never stretched.
                    const double gain = from.stddev[c] > 1e-3 ? to.stddev[c] / from.stddev[c] : 1.0;
                    p[x][c] = static_cast<float>((p[x][c] - from.mean[c]) * gain + to.mean[c]);
                }
            }
        }
        cv::Mat bgr, out;
        cv::cvtColor(lab, bgr, cv::COLOR_Lab2BGR);
        bgr.convertTo(out, CV_8U, 255.0);
        return out;
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Internal, "tone matching: " + e.msg);
    }
}

}  // namespace gpen
