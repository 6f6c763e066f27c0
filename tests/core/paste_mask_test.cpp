// SPDX-License-Identifier: Apache-2.0
// The soft paste masks: the rectangle mask against the reference (fixture "alignment",
// paste-mask-512.f32), the parsing mask on synthetic maps.

#include "gpen/face/paste_mask.h"

#include <gtest/gtest.h>

#include <iostream>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "support/fixtures.h"

namespace gpen {
namespace {

TEST(PasteMask, RectangleMaskMatchesTheReference) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("alignment");
    ASSERT_NE(c, nullptr);
    const FloatTensor ref = test::loadTensorEntry(c->at("paste_mask"));
    ASSERT_EQ(ref.shape, (Shape{512, 512}));
    const auto mask = rectanglePasteMask(512);
    ASSERT_TRUE(mask) << mask.error().message;
    ASSERT_EQ(mask->type(), CV_32FC1);
    ASSERT_EQ(mask->size(), cv::Size(512, 512));
    const cv::Mat refMat(512, 512, CV_32FC1, const_cast<float*>(ref.data.data()));
    const double err = cv::norm(*mask, refMat, cv::NORM_INF);
    std::cout << "paste-mask-512: max |ours - ref| = " << err << "\n";
    // The same OpenCV calls on the same float32 data: expected bit for bit; 1e-6 leaves room for
    // another OpenCV version's blur.
    EXPECT_LE(err, 1e-6);
}

TEST(PasteMask, RectangleMaskShape) {
    const auto mask = rectanglePasteMask(512);
    ASSERT_TRUE(mask);
    double lo = 0;
    double hi = 0;
    cv::minMaxLoc(*mask, &lo, &hi);
    EXPECT_GE(lo, 0.0);
    EXPECT_LE(hi, 1.0 + 1e-6);
    EXPECT_NEAR(mask->at<float>(256, 256), 1.0F, 1e-6F);
    EXPECT_LT(mask->at<float>(0, 0), 1e-6F);
    // Symmetric under a horizontal flip about the rectangle (26..486 inclusive): x <-> 512 - x.
    EXPECT_NEAR(mask->at<float>(256, 100), mask->at<float>(256, 412), 1e-6F);
    // Scaled to another face size.
    const auto small = rectanglePasteMask(256);
    ASSERT_TRUE(small);
    EXPECT_EQ(small->size(), cv::Size(256, 256));
    EXPECT_NEAR(small->at<float>(128, 128), 1.0F, 1e-6F);
}

TEST(PasteMask, ParsingMaskClearsTheBorderAndBlurs) {
    const cv::Mat full(512, 512, CV_8UC1, cv::Scalar(255));
    const auto mask = parsingPasteMask(full, 512);
    ASSERT_TRUE(mask) << mask.error().message;
    ASSERT_EQ(mask->type(), CV_32FC1);
    EXPECT_NEAR(mask->at<float>(256, 256), 1.0F, 1e-6F);
    // Rows and columns 0..25 and 486..511 were cleared: the edge is half-way at the border line
    // and near 0 at the image edge (sigma 4, twice: an edge spread of about 5.7 px).
    EXPECT_LT(mask->at<float>(256, 0), 1e-4F);
    EXPECT_LT(mask->at<float>(256, 10), 1e-2F);
    EXPECT_NEAR(mask->at<float>(256, 26), 0.5F, 0.1F);
    EXPECT_NEAR(mask->at<float>(256, 45), 1.0F, 1e-3F);
    // Left-right and top-bottom symmetric: pixels x and 511 - x.
    EXPECT_NEAR(mask->at<float>(256, 30), mask->at<float>(256, 481), 1e-6F);
    EXPECT_NEAR(mask->at<float>(30, 256), mask->at<float>(481, 256), 1e-6F);

    const cv::Mat empty(512, 512, CV_8UC1, cv::Scalar(0));
    const auto none = parsingPasteMask(empty, 512);
    ASSERT_TRUE(none);
    EXPECT_EQ(cv::countNonZero(*none), 0);
}

TEST(PasteMask, ParsingMaskIsResizedToTheFace) {
    cv::Mat parsing(512, 512, CV_8UC1, cv::Scalar(0));
    parsing(cv::Rect(128, 128, 256, 256)).setTo(255);
    const auto big = parsingPasteMask(parsing, 512);
    const auto small = parsingPasteMask(parsing, 256);
    ASSERT_TRUE(big);
    ASSERT_TRUE(small);
    EXPECT_EQ(small->size(), cv::Size(256, 256));
    // Halving bilinearly: a small pixel is the mean of a 2x2 block of the big mask.
    const auto block = [&](int y, int x) {
        return (big->at<float>(y, x) + big->at<float>(y, x + 1) + big->at<float>(y + 1, x) +
                big->at<float>(y + 1, x + 1)) /
               4;
    };
    EXPECT_NEAR(small->at<float>(128, 128), block(256, 256), 1e-5F);
    EXPECT_NEAR(small->at<float>(128, 64), block(256, 128), 1e-5F);
    // A parsing map of another size is brought to the 512 frame first.
    cv::Mat half;
    cv::resize(parsing, half, cv::Size(256, 256), 0, 0, cv::INTER_NEAREST);
    const auto fromHalf = parsingPasteMask(half, 512);
    ASSERT_TRUE(fromHalf);
    EXPECT_LE(cv::norm(*fromHalf, *big, cv::NORM_INF), 1e-6);
}

TEST(PasteMask, RejectsBadInput) {
    EXPECT_FALSE(rectanglePasteMask(0));
    PasteMaskParams evenKernel;
    evenKernel.blurKernel = 100;
    EXPECT_FALSE(rectanglePasteMask(512, evenKernel));
    PasteMaskParams hugeBorder;
    hugeBorder.border = 300;
    EXPECT_FALSE(rectanglePasteMask(512, hugeBorder));
    EXPECT_FALSE(parsingPasteMask(cv::Mat(), 512));
    EXPECT_FALSE(parsingPasteMask(cv::Mat(512, 512, CV_32FC1, cv::Scalar(1)), 512));
    const auto err = parsingPasteMask(cv::Mat(512, 512, CV_8UC3, cv::Scalar::all(255)), 512);
    ASSERT_FALSE(err);
    EXPECT_EQ(err.error().code, ErrorCode::InvalidArgument);
}

}  // namespace
}  // namespace gpen
