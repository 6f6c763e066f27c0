// SPDX-License-Identifier: Apache-2.0
// Paste-back of restored faces: smoothing, strength, overlap and the final blend, on synthetic
// images where every expected pixel is known exactly.

#include "gpen/face/paste_back.h"

#include <cmath>

#include <gtest/gtest.h>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/face/paste_mask.h"

namespace gpen {
namespace {

// An alignment whose crop sits at (x, y) in the image, unscaled: warping back with an integer
// translation moves pixels without interpolating, so results are exact.
FaceAlignment translation(int cropSize, double x, double y) {
    FaceAlignment a;
    a.cropSize = cropSize;
    a.toImage = cv::Matx23d(1, 0, x, 0, 1, y);
    a.toCrop = cv::Matx23d(1, 0, -x, 0, 1, -y);
    return a;
}

cv::Mat randomImage(cv::Size size, int type, unsigned seed) {
    cv::Mat m(size, type);
    cv::theRNG().state = seed;
    cv::randu(m, cv::Scalar::all(0), cv::Scalar::all(256));
    return m;
}

cv::Mat constantMask(int size, float value) {
    return cv::Mat(size, size, CV_32FC1, cv::Scalar(value));
}

TEST(PasteBack, SmallFaceThresholdIsTheShortSide) {
    EXPECT_TRUE(isSmallFace(cv::Rect2d(0, 0, 99.5, 300)));
    EXPECT_TRUE(isSmallFace(cv::Rect2d(0, 0, 300, 99)));
    EXPECT_FALSE(isSmallFace(cv::Rect2d(0, 0, 100, 100)));
    EXPECT_TRUE(isSmallFace(cv::Rect2d(0, 0, 150, 150), 200));
}

TEST(PasteBack, SmoothingIsTheBinomialKernel) {
    cv::Mat impulse(9, 9, CV_8UC3, cv::Scalar::all(0));
    impulse.at<cv::Vec3b>(4, 4) = cv::Vec3b(160, 16, 0);
    const auto out = smoothSmallFace(impulse);
    ASSERT_TRUE(out) << out.error().message;
    ASSERT_EQ(out->type(), CV_8UC3);
    EXPECT_EQ(out->at<cv::Vec3b>(4, 4), cv::Vec3b(40, 4, 0));
    EXPECT_EQ(out->at<cv::Vec3b>(3, 4), cv::Vec3b(20, 2, 0));
    EXPECT_EQ(out->at<cv::Vec3b>(4, 5), cv::Vec3b(20, 2, 0));
    EXPECT_EQ(out->at<cv::Vec3b>(3, 3), cv::Vec3b(10, 1, 0));
    EXPECT_EQ(out->at<cv::Vec3b>(2, 4), cv::Vec3b(0, 0, 0));
    // A flat image stays flat, edges included (reflected border).
    const cv::Mat flat(5, 7, CV_8UC3, cv::Scalar(7, 99, 250));
    const auto same = smoothSmallFace(flat);
    ASSERT_TRUE(same);
    EXPECT_EQ(cv::norm(*same, flat, cv::NORM_INF), 0.0);
    EXPECT_FALSE(smoothSmallFace(cv::Mat()));
}

TEST(PasteBack, StrengthBlendsRestoredWithAligned) {
    const cv::Mat restored(8, 8, CV_8UC3, cv::Scalar(200, 100, 0));
    const cv::Mat aligned(8, 8, CV_8UC3, cv::Scalar(100, 200, 255));
    const auto full = blendStrength(restored, aligned, 1.0);
    ASSERT_TRUE(full);
    EXPECT_EQ(cv::norm(*full, restored, cv::NORM_INF), 0.0);
    const auto none = blendStrength(restored, aligned, 0.0);
    ASSERT_TRUE(none);
    EXPECT_EQ(cv::norm(*none, aligned, cv::NORM_INF), 0.0);
    const auto mid = blendStrength(restored, aligned, 0.8);
    ASSERT_TRUE(mid);
    EXPECT_EQ(mid->at<cv::Vec3b>(3, 3), cv::Vec3b(180, 120, 51));
    // An aligned face of another size is brought to the restored one's.
    const cv::Mat alignedSmall(4, 4, CV_8UC3, cv::Scalar(100, 200, 255));
    const auto resized = blendStrength(restored, alignedSmall, 0.5);
    ASSERT_TRUE(resized);
    EXPECT_EQ(resized->size(), restored.size());
    EXPECT_EQ(resized->at<cv::Vec3b>(0, 0), cv::Vec3b(150, 150, 128));

    EXPECT_FALSE(blendStrength(restored, aligned, 1.5));
    EXPECT_FALSE(blendStrength(restored, aligned, -0.1));
    EXPECT_FALSE(blendStrength(restored, cv::Mat(8, 8, CV_8UC1, cv::Scalar(0)), 0.5));
}

TEST(PasteBack, OutsideTheMaskTheImageIsUnchanged) {
    const cv::Size canvas(200, 160);
    const cv::Mat background = randomImage(canvas, CV_8UC3, 1);
    auto paste = PasteBack::create(canvas);
    ASSERT_TRUE(paste) << paste.error().message;
    const auto mask = rectanglePasteMask(64);
    ASSERT_TRUE(mask);
    const cv::Mat face(64, 64, CV_8UC3, cv::Scalar(10, 128, 250));
    ASSERT_TRUE(paste->addFace(face, *mask, translation(64, 50, 40)));
    EXPECT_EQ(paste->faceCount(), 1);
    const auto out = paste->compose(background);
    ASSERT_TRUE(out) << out.error().message;
    ASSERT_EQ(out->size(), canvas);
    ASSERT_EQ(out->type(), CV_8UC3);

    const cv::Mat& collected = paste->mask();
    int untouched = 0;
    int replaced = 0;
    for (int y = 0; y < canvas.height; ++y) {
        for (int x = 0; x < canvas.width; ++x) {
            const float m = collected.at<float>(y, x);
            const auto o = out->at<cv::Vec3b>(y, x);
            const auto b = background.at<cv::Vec3b>(y, x);
            const bool inside = x >= 50 && x < 114 && y >= 40 && y < 104;
            if (!inside) {
                ASSERT_EQ(m, 0.0F) << x << "," << y;
            }
            if (m == 0.0F) {
                ASSERT_EQ(o, b) << "pixel " << x << "," << y << " changed outside the mask";
                ++untouched;
            } else if (m >= 1.0F - 1e-6F) {  // the blurred mask's plateau is 1 to float32 precision
                ASSERT_EQ(o, cv::Vec3b(10, 128, 250)) << "pixel " << x << "," << y;
                ++replaced;
            } else {
                // In between: each channel between the background and the face.
                for (int c = 0; c < 3; ++c) {
                    const int face0 = face.at<cv::Vec3b>(0, 0)[c];
                    ASSERT_GE(o[c], std::min<int>(b[c], face0) - 1);
                    ASSERT_LE(o[c], std::max<int>(b[c], face0) + 1);
                }
            }
        }
    }
    EXPECT_GE(untouched, 200 * 160 - 64 * 64);
    EXPECT_GT(replaced, 0);
    // The collected mask is the crop's mask moved into place.
    EXPECT_EQ(collected.at<float>(40 + 32, 50 + 32), mask->at<float>(32, 32));
    EXPECT_EQ(collected.at<float>(40 + 5, 50 + 20), mask->at<float>(5, 20));
}

TEST(PasteBack, OverlappingFacesKeepTheLargerMask) {
    const cv::Size canvas(120, 60);
    const cv::Mat background(canvas, CV_8UC3, cv::Scalar::all(0));
    // Face A covers x in [10, 50), mask 0.8; face B covers x in [30, 70), mask 0.5.
    const cv::Mat faceA(40, 40, CV_8UC3, cv::Scalar::all(200));
    const cv::Mat faceB(40, 40, CV_8UC3, cv::Scalar::all(100));
    for (int order = 0; order < 2; ++order) {
        auto paste = PasteBack::create(canvas);
        ASSERT_TRUE(paste);
        if (order == 0) {
            ASSERT_TRUE(paste->addFace(faceA, constantMask(40, 0.8F), translation(40, 10, 10)));
            ASSERT_TRUE(paste->addFace(faceB, constantMask(40, 0.5F), translation(40, 30, 10)));
        } else {
            ASSERT_TRUE(paste->addFace(faceB, constantMask(40, 0.5F), translation(40, 30, 10)));
            ASSERT_TRUE(paste->addFace(faceA, constantMask(40, 0.8F), translation(40, 10, 10)));
        }
        // Overlap [30, 50): A wins either way; B alone in [50, 70).
        EXPECT_EQ(paste->mask().at<float>(20, 40), 0.8F) << "order " << order;
        EXPECT_EQ(paste->faces().at<cv::Vec3b>(20, 40), cv::Vec3b::all(200));
        EXPECT_EQ(paste->mask().at<float>(20, 60), 0.5F);
        EXPECT_EQ(paste->faces().at<cv::Vec3b>(20, 60), cv::Vec3b::all(100));
        EXPECT_EQ(paste->mask().at<float>(20, 80), 0.0F);
        const auto out = paste->compose(background);
        ASSERT_TRUE(out);
        EXPECT_EQ(out->at<cv::Vec3b>(20, 40), cv::Vec3b::all(160));  // 200 * 0.8, not a sum
        EXPECT_EQ(out->at<cv::Vec3b>(20, 60), cv::Vec3b::all(50));
        EXPECT_EQ(out->at<cv::Vec3b>(20, 80), cv::Vec3b::all(0));
    }
    // Equal masks: the earlier face stays.
    auto tie = PasteBack::create(canvas);
    ASSERT_TRUE(tie);
    ASSERT_TRUE(tie->addFace(faceA, constantMask(40, 0.5F), translation(40, 10, 10)));
    ASSERT_TRUE(tie->addFace(faceB, constantMask(40, 0.5F), translation(40, 30, 10)));
    EXPECT_EQ(tie->faces().at<cv::Vec3b>(20, 40), cv::Vec3b::all(200));
}

TEST(PasteBack, BlendRoundsHalfToEvenAsConvertScaleAbs) {
    const cv::Size canvas(8, 8);
    const cv::Mat background(canvas, CV_8UC1, cv::Scalar(100));
    auto paste = PasteBack::create(canvas, 1);
    ASSERT_TRUE(paste);
    ASSERT_TRUE(paste->addFace(cv::Mat(8, 8, CV_8UC1, cv::Scalar(201)), constantMask(8, 0.5F),
                               translation(8, 0, 0)));
    const auto out = paste->compose(background);
    ASSERT_TRUE(out);
    EXPECT_EQ(out->at<unsigned char>(4, 4), 150);  // 150.5 -> 150
}

TEST(PasteBack, FacesAreResizedToTheCrop) {
    // A 128 px restored face (an SR model's output) pasted through a 64 px alignment.
    const cv::Size canvas(100, 100);
    auto paste = PasteBack::create(canvas);
    ASSERT_TRUE(paste);
    ASSERT_TRUE(paste->addFace(cv::Mat(128, 128, CV_8UC3, cv::Scalar(1, 2, 3)),
                               constantMask(128, 1.0F), translation(64, 20, 20)));
    EXPECT_EQ(paste->faces().at<cv::Vec3b>(50, 50), cv::Vec3b(1, 2, 3));
    EXPECT_EQ(paste->mask().at<float>(83, 83), 1.0F);
    EXPECT_EQ(paste->mask().at<float>(84, 84), 0.0F);
}

TEST(PasteBack, ScaledAlignmentPastesWhereTheFaceWas) {
    // A real alignment: the crop's centre goes back to the landmarks' centre.
    const auto reference = referenceFacialPoints(128);
    ASSERT_TRUE(reference);
    FaceLandmarks landmarks;
    for (std::size_t i = 0; i < landmarks.size(); ++i) {
        landmarks[i] = (*reference)[i] * 0.5 + cv::Point2d(70, 30);
    }
    const auto alignment = computeFaceAlignment(landmarks, 128);
    ASSERT_TRUE(alignment);
    auto paste = PasteBack::create(cv::Size(200, 150));
    ASSERT_TRUE(paste);
    ASSERT_TRUE(paste->addFace(cv::Mat(128, 128, CV_8UC3, cv::Scalar::all(255)),
                               constantMask(128, 1.0F), *alignment));
    EXPECT_NEAR(paste->mask().at<float>(30 + 32, 70 + 32), 1.0F, 1e-4F);
    EXPECT_EQ(paste->mask().at<float>(30 + 70, 70 + 70), 0.0F);
    EXPECT_EQ(paste->mask().at<float>(20, 60), 0.0F);
}

// The box-only warp must give the very pixels of the full-canvas cv::warpAffine (same fixed-point
// coordinates, same remap) and nothing outside the box: rotated, scaled (up and down), sub-pixel
// shifted crops, partly off every edge of the canvas, for the 8-bit faces and the float masks.
TEST(PasteBack, BoxWarpEqualsTheFullCanvasWarp) {
    const cv::Size canvas(301, 223);
    cv::RNG rng(12345);
    int compared = 0;
    for (int i = 0; i < 60; ++i) {
        const int crop = i % 3 == 0 ? 64 : 128;
        const double scale = rng.uniform(0.3, 2.5);
        const double angle = rng.uniform(-0.6, 0.6);
        const cv::Matx23d toImage(scale * std::cos(angle), -scale * std::sin(angle),
                                  rng.uniform(-120.0, 320.0), scale * std::sin(angle),
                                  scale * std::cos(angle), rng.uniform(-90.0, 230.0));
        const cv::Mat face = randomImage(cv::Size(crop, crop), i % 2 ? CV_8UC3 : CV_8UC1, 7U + i);
        cv::Mat mask(crop, crop, CV_32FC1);
        rng.fill(mask, cv::RNG::UNIFORM, 0.0, 1.0);
        for (const cv::Mat* src : std::initializer_list<const cv::Mat*>{&face, &mask}) {
            cv::Mat full;
            cv::warpAffine(*src, full, cv::Mat(toImage), canvas, cv::INTER_CUBIC,
                           cv::BORDER_CONSTANT, cv::Scalar::all(0));
            cv::Rect box;
            const cv::Mat part = warpToCanvasBox(*src, toImage, canvas, box);
            cv::Mat rebuilt = cv::Mat::zeros(canvas, src->type());
            if (!box.empty()) {
                ASSERT_EQ(part.size(), box.size());
                part.copyTo(rebuilt(box));
                ++compared;
            }
            const cv::Mat diff = full != rebuilt;
            ASSERT_EQ(cv::countNonZero(diff.reshape(1)), 0)
                << "case " << i << (src == &face ? " face" : " mask") << ", box " << box;
        }
    }
    EXPECT_GT(compared, 60);
}

TEST(PasteBack, RejectsMismatchedInput) {
    EXPECT_FALSE(PasteBack::create(cv::Size(0, 10)));
    EXPECT_FALSE(PasteBack::create(cv::Size(10, 10), 2));
    auto paste = PasteBack::create(cv::Size(32, 32));
    ASSERT_TRUE(paste);
    const cv::Mat face(16, 16, CV_8UC3, cv::Scalar::all(1));
    EXPECT_FALSE(paste->addFace(cv::Mat(16, 16, CV_8UC1, cv::Scalar(1)), constantMask(16, 1.0F),
                                translation(16, 0, 0)));
    EXPECT_FALSE(
        paste->addFace(face, cv::Mat(16, 16, CV_8UC1, cv::Scalar(1)), translation(16, 0, 0)));
    EXPECT_FALSE(paste->addFace(face, constantMask(16, 1.0F), FaceAlignment{}));
    EXPECT_FALSE(paste->compose(cv::Mat(31, 32, CV_8UC3, cv::Scalar::all(0))));
    EXPECT_FALSE(paste->compose(cv::Mat(32, 32, CV_8UC1, cv::Scalar(0))));
    EXPECT_EQ(paste->faceCount(), 0);
}

}  // namespace
}  // namespace gpen
