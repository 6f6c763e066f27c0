// SPDX-License-Identifier: Apache-2.0
// Tone matching of a restored face to its input: Lab moments moved, detail kept, mask honoured.

#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/face/colour_match.h"

namespace gpen {
namespace {

cv::Mat texture(int seed) {
    cv::Mat m(64, 64, CV_8UC3);
    cv::RNG rng(static_cast<std::uint64_t>(seed));
    rng.fill(m, cv::RNG::UNIFORM, 60, 200);
    cv::GaussianBlur(m, m, {5, 5}, 1.5);
    return m;
}

cv::Scalar labMean(const cv::Mat& bgr8, const cv::Mat& mask = {}) {
    cv::Mat f, lab;
    bgr8.convertTo(f, CV_32F, 1.0 / 255.0);
    cv::cvtColor(f, lab, cv::COLOR_BGR2Lab);
    cv::Mat m8;
    if (!mask.empty()) mask.convertTo(m8, CV_8U, 255.0);
    return cv::mean(lab, m8);
}

TEST(FaceTone, MovesTheMeanToTheReferenceAndKeepsTheDetail) {
    const cv::Mat face = texture(1);
    // The input: the same face darker and warmer (a faded, yellowed print).
    cv::Mat reference;
    face.convertTo(reference, CV_8U, 0.7, 0);
    reference += cv::Scalar(0, 10, 25);
    auto matched = matchFaceTone(face, reference);
    ASSERT_TRUE(matched) << matched.error().message;
    const cv::Scalar want = labMean(reference), got = labMean(*matched), before = labMean(face);
    for (int c = 0; c < 3; ++c) {
        EXPECT_NEAR(got[c], want[c], 1.0) << "Lab channel " << c;
    }
    EXPECT_GT(std::abs(before[0] - want[0]), 10.0);  // the test means something
    // Detail kept: the matched face still follows the restored one pixel by pixel.
    cv::Mat a, b;
    cv::cvtColor(face, a, cv::COLOR_BGR2GRAY);
    cv::cvtColor(*matched, b, cv::COLOR_BGR2GRAY);
    cv::Mat fa, fb;
    a.convertTo(fa, CV_64F);
    b.convertTo(fb, CV_64F);
    cv::Scalar ma, sa, mb, sb;
    cv::meanStdDev(fa, ma, sa);
    cv::meanStdDev(fb, mb, sb);
    const double corr =
        (fa - ma[0]).dot(fb - mb[0]) / (sa[0] * sb[0] * static_cast<double>(fa.total()));
    EXPECT_GT(corr, 0.98);
}

TEST(FaceTone, OnlyTheMaskedPixelsCount) {
    const cv::Mat face = texture(2);
    cv::Mat reference = face.clone();
    // Outside the mask the reference is black: it must not pull the face darker.
    cv::Mat mask = cv::Mat::zeros(face.size(), CV_32F);
    mask(cv::Rect(16, 16, 32, 32)).setTo(1.0f);
    reference.setTo(cv::Scalar(0, 0, 0), mask == 0);
    auto matched = matchFaceTone(face, reference, mask);
    ASSERT_TRUE(matched) << matched.error().message;
    const cv::Scalar inside = labMean(*matched, mask), want = labMean(face, mask);
    EXPECT_NEAR(inside[0], want[0], 1.0);
    EXPECT_LE(cv::norm(*matched, face, cv::NORM_INF), 3.0) << "the masked statistics already agree";
}

TEST(FaceTone, RejectsMismatchedInputs) {
    EXPECT_FALSE(matchFaceTone(texture(1), cv::Mat(32, 32, CV_8UC3)));
    EXPECT_FALSE(matchFaceTone(texture(1), texture(2), cv::Mat(64, 64, CV_8UC1)));
}

}  // namespace
}  // namespace gpen
