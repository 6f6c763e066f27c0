// SPDX-License-Identifier: Apache-2.0
// The 5-point template and the similarity transforms, against the reference (fixture "alignment")
// and on synthetic geometry.

#include "gpen/face/face_alignment.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>

#include <opencv2/core.hpp>

#include "support/fixtures.h"

namespace gpen {
namespace {

FaceLandmarks landmarksFromJson(const nlohmann::json& j) {
    FaceLandmarks pts;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        pts[i] = {j.at(i).at(0).get<double>(), j.at(i).at(1).get<double>()};
    }
    return pts;
}

cv::Matx23d matrixFromJson(const nlohmann::json& j) {
    cv::Matx23d m;
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 3; ++c) {
            m(r, c) = j.at(r).at(c).get<double>();
        }
    }
    return m;
}

// max over entries of |a - ref| / max(1, |ref|).
double entryError(const cv::Matx23d& a, const cv::Matx23d& ref) {
    double worst = 0;
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 3; ++c) {
            worst =
                std::max(worst, std::abs(a(r, c) - ref(r, c)) / std::max(1.0, std::abs(ref(r, c))));
        }
    }
    return worst;
}

cv::Point2d apply(const cv::Matx23d& m, const cv::Point2d& p) {
    return {m(0, 0) * p.x + m(0, 1) * p.y + m(0, 2), m(1, 0) * p.x + m(1, 1) * p.y + m(1, 2)};
}

constexpr double kTransformTolerance = 1e-6;

TEST(FaceAlignment, ReferencePointsMatchTheReference) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("alignment");
    ASSERT_NE(c, nullptr);
    double worst = 0;
    for (const auto& [size, points] : c->at("reference_points").items()) {
        const auto ours = referenceFacialPoints(std::stoi(size));
        ASSERT_TRUE(ours) << ours.error().message;
        const auto ref = landmarksFromJson(points);
        for (std::size_t i = 0; i < ref.size(); ++i) {
            worst = std::max({worst, std::abs((*ours)[i].x - ref[i].x) / ref[i].x,
                              std::abs((*ours)[i].y - ref[i].y) / ref[i].y});
        }
    }
    std::cout << "reference points: max relative error " << worst << "\n";
    EXPECT_LE(worst, 1e-12);
}

TEST(FaceAlignment, TemplateIsSquaredAndPadded) {
    // 112x112 with no padding: the template itself, moved right by 8.
    ReferencePointsParams none;
    none.innerPaddingFactor = 0;
    const auto square = referenceFacialPoints(112, none);
    ASSERT_TRUE(square) << square.error().message;
    EXPECT_DOUBLE_EQ((*square)[0].x, 30.29459953 + 8);
    EXPECT_DOUBLE_EQ((*square)[0].y, 51.69630051);
    // Inner padding 0.25 grows 112 to 168 and moves the points by 28 before scaling to 168 / 168.
    const auto padded = referenceFacialPoints(168);
    ASSERT_TRUE(padded) << padded.error().message;
    EXPECT_NEAR((*padded)[2].x, 48.02519989 + 8 + 28, 1e-12);
    EXPECT_NEAR((*padded)[2].y, 71.73660278 + 28, 1e-12);
    // The face is horizontally symmetric about the crop centre, roughly.
    const auto p512 = referenceFacialPoints(512);
    ASSERT_TRUE(p512);
    EXPECT_NEAR(((*p512)[0].x + (*p512)[1].x) / 2, 256, 1.0);
}

TEST(FaceAlignment, TemplateRejectsWhatTheReferenceRejects) {
    EXPECT_FALSE(referenceFacialPoints(0));
    ReferencePointsParams none;
    none.innerPaddingFactor = 0;
    const auto unpadded = referenceFacialPoints(512, none);
    ASSERT_FALSE(unpadded);
    EXPECT_EQ(unpadded.error().code, ErrorCode::InvalidArgument);
    ReferencePointsParams tooMuch;
    tooMuch.innerPaddingFactor = 1.5;
    EXPECT_FALSE(referenceFacialPoints(512, tooMuch));
    ReferencePointsParams notSquare;
    notSquare.square = false;  // 96x112 padded does not scale to a square crop
    EXPECT_FALSE(referenceFacialPoints(512, notSquare));
}

TEST(FaceAlignment, TransformsMatchTheReference) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("alignment");
    ASSERT_NE(c, nullptr);
    double worstForward = 0;
    double worstInverse = 0;
    for (const auto& warp : c->at("warps")) {
        const int crop = warp.at("crop_size");
        const auto alignment = computeFaceAlignment(landmarksFromJson(warp.at("landmarks")), crop);
        ASSERT_TRUE(alignment) << alignment.error().message;
        EXPECT_EQ(alignment->cropSize, crop);
        const double forward = entryError(alignment->toCrop, matrixFromJson(warp.at("tfm")));
        const double inverse = entryError(alignment->toImage, matrixFromJson(warp.at("tfm_inv")));
        EXPECT_LE(forward, kTransformTolerance) << "tfm, crop " << crop;
        EXPECT_LE(inverse, kTransformTolerance) << "tfm_inv, crop " << crop;
        worstForward = std::max(worstForward, forward);
        worstInverse = std::max(worstInverse, inverse);
    }
    std::cout << "tfm: max |ours - ref| / max(1, |ref|) = " << worstForward
              << "; tfm_inv: " << worstInverse << " (over " << c->at("warps").size() << " warps)\n";
}

TEST(FaceAlignment, InverseUndoesForward) {
    GPEN_REQUIRE_FIXTURES();
    for (const auto& warp : test::findCase("alignment")->at("warps")) {
        const auto landmarks = landmarksFromJson(warp.at("landmarks"));
        const auto alignment = computeFaceAlignment(landmarks, warp.at("crop_size"));
        ASSERT_TRUE(alignment);
        // Not exact: like the reference's, the inverse is fitted on float32 points.
        for (const auto& p : landmarks) {
            const auto back = apply(alignment->toImage, apply(alignment->toCrop, p));
            EXPECT_NEAR(back.x, p.x, 1e-4);
            EXPECT_NEAR(back.y, p.y, 1e-4);
        }
    }
}

TEST(FaceAlignment, RecoversAnExactSimilarity) {
    const auto reference = referenceFacialPoints(512);
    ASSERT_TRUE(reference);
    // Landmarks that are the template rotated by 20 degrees, scaled by 0.3 and moved: the fit must
    // map them exactly (to float32 precision) onto the template.
    const double angle = 20.0 * CV_PI / 180.0;
    const double s = 0.3;
    FaceLandmarks landmarks;
    for (std::size_t i = 0; i < landmarks.size(); ++i) {
        const auto& q = (*reference)[i];
        landmarks[i] = {s * (std::cos(angle) * q.x - std::sin(angle) * q.y) + 410.5,
                        s * (std::sin(angle) * q.x + std::cos(angle) * q.y) + 95.25};
    }
    const auto alignment = computeFaceAlignment(landmarks, 512);
    ASSERT_TRUE(alignment) << alignment.error().message;
    for (std::size_t i = 0; i < landmarks.size(); ++i) {
        const auto p = apply(alignment->toCrop, landmarks[i]);
        EXPECT_NEAR(p.x, (*reference)[i].x, 1e-3);
        EXPECT_NEAR(p.y, (*reference)[i].y, 1e-3);
    }
    EXPECT_NEAR(alignment->toCrop(0, 0), std::cos(angle) / s, 1e-5);
    EXPECT_NEAR(alignment->toCrop(0, 1), std::sin(angle) / s, 1e-5);
}

TEST(FaceAlignment, NeverReflects) {
    const auto reference = referenceFacialPoints(256);
    ASSERT_TRUE(reference);
    // A mirrored face: the best similarity is a rotation, not the mirror image.
    FaceLandmarks mirrored;
    for (std::size_t i = 0; i < mirrored.size(); ++i) {
        mirrored[i] = {300 - (*reference)[i].x, (*reference)[i].y};
    }
    const auto alignment = computeFaceAlignment(mirrored, 256);
    ASSERT_TRUE(alignment) << alignment.error().message;
    const auto& m = alignment->toCrop;
    EXPECT_GT(m(0, 0) * m(1, 1) - m(0, 1) * m(1, 0), 0);
    EXPECT_NEAR(m(0, 0), m(1, 1), 1e-12);
    EXPECT_NEAR(m(0, 1), -m(1, 0), 1e-12);
}

TEST(FaceAlignment, RejectsDegenerateLandmarks) {
    FaceLandmarks same;
    same.fill(cv::Point2d(10, 10));
    const auto a = computeFaceAlignment(same, 512);
    ASSERT_FALSE(a);
    EXPECT_EQ(a.error().code, ErrorCode::InvalidArgument);

    FaceLandmarks nan = same;
    nan[1].x = std::nan("");
    EXPECT_FALSE(computeFaceAlignment(nan, 512));

    EXPECT_FALSE(estimateSimilarity({cv::Point2d(1, 1)}, {cv::Point2d(2, 2)}));
    EXPECT_FALSE(estimateSimilarity({cv::Point2d(1, 1), cv::Point2d(2, 2)}, {cv::Point2d(2, 2)}));
}

TEST(FaceAlignment, FixedScaleIsKept) {
    const std::vector<cv::Point2d> from = {{0, 0}, {10, 0}, {0, 10}};
    const std::vector<cv::Point2d> to = {{5, 5}, {25, 5}, {5, 25}};  // scale 2, shift (5, 5)
    const auto free = estimateSimilarity(from, to);
    ASSERT_TRUE(free);
    EXPECT_NEAR(free->scale, 2.0, 1e-6);
    const auto fixed = estimateSimilarity(from, to, SimilarityParams{3.0});
    ASSERT_TRUE(fixed);
    EXPECT_DOUBLE_EQ(fixed->scale, 3.0);
    EXPECT_NEAR(fixed->matrix(0, 0), 3.0, 1e-6);
    EXPECT_NEAR(fixed->matrix(0, 1), 0.0, 1e-6);
}

TEST(FaceAlignment, WarpWithTheTemplateItselfIsACrop) {
    // Landmarks already on the 512 template: the warp is the identity to well under 1/32 px, so
    // the bicubic warp returns the image's top-left 512x512 pixels exactly.
    const auto reference = referenceFacialPoints(512);
    ASSERT_TRUE(reference);
    cv::Mat image(600, 640, CV_8UC3);
    cv::randu(image, cv::Scalar::all(0), cv::Scalar::all(256));
    const auto alignment = computeFaceAlignment(*reference, 512);
    ASSERT_TRUE(alignment);
    const auto crop = warpFaceToCrop(image, *alignment);
    ASSERT_TRUE(crop) << crop.error().message;
    ASSERT_EQ(crop->size(), cv::Size(512, 512));
    ASSERT_EQ(crop->type(), CV_8UC3);
    EXPECT_EQ(cv::norm(*crop, image(cv::Rect(0, 0, 512, 512)), cv::NORM_INF), 0.0);
}

TEST(FaceAlignment, WarpFillsOutsideWithBlack) {
    // A face near the image corner: crop pixels that come from outside the image are 0.
    const auto reference = referenceFacialPoints(256);
    ASSERT_TRUE(reference);
    FaceLandmarks shifted;
    for (std::size_t i = 0; i < shifted.size(); ++i) {
        shifted[i] = (*reference)[i] - cv::Point2d(100, 100);
    }
    const cv::Mat white(300, 300, CV_8UC3, cv::Scalar::all(255));
    const auto alignment = computeFaceAlignment(shifted, 256);
    ASSERT_TRUE(alignment);
    const auto crop = warpFaceToCrop(white, *alignment);
    ASSERT_TRUE(crop);
    EXPECT_EQ(crop->at<cv::Vec3b>(10, 10), cv::Vec3b(0, 0, 0));
    EXPECT_EQ(crop->at<cv::Vec3b>(200, 200), cv::Vec3b(255, 255, 255));
    EXPECT_FALSE(warpFaceToCrop(cv::Mat(), *alignment));
}

}  // namespace
}  // namespace gpen
