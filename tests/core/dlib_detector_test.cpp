// SPDX-License-Identifier: Apache-2.0
// The built-in dlib face detector: loading errors, input checks, and detection on the standard
// sample photograph (skipped where Debian's libdlib-data is not installed).

#include "gpen/face/dlib_face_detector.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/opencv/cv_image.h>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <stop_token>

#include "gpen/io/image_io.h"
#include "support/fixtures.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// One predictor load (about a second) shared by the tests that need it.
class DlibDetectorTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        if (!fs::exists(defaultShapePredictorPath())) {
            return;
        }
        const auto start = Clock::now();
        auto detector = DlibFaceDetector::create();
        s_loadMs = msSince(start);
        if (detector) {
            s_detector = std::make_unique<DlibFaceDetector>(std::move(*detector));
        } else {
            s_loadError = detector.error().message;
        }
    }
    static void TearDownTestSuite() { s_detector.reset(); }

    void SetUp() override {
        if (!fs::exists(defaultShapePredictorPath())) {
            GTEST_SKIP() << "dlib shape predictor not found at " << defaultShapePredictorPath()
                         << " (install libdlib-data or set -DGPEN_DLIB_SHAPE_PREDICTOR)";
        }
        ASSERT_NE(s_detector, nullptr) << s_loadError;
    }

    static cv::Mat solvay() {
        const auto image = readImageBgr8(test::sampleImagesDir() / "Solvay_conference_1927.png");
        return image ? *image : cv::Mat();
    }

    static std::unique_ptr<DlibFaceDetector> s_detector;
    static std::string s_loadError;
    static double s_loadMs;
};

std::unique_ptr<DlibFaceDetector> DlibDetectorTest::s_detector;
std::string DlibDetectorTest::s_loadError;
double DlibDetectorTest::s_loadMs = 0;

TEST(DlibDetectorLoad, MissingPredictorIsAnIoErrorNamingTheFile) {
    DlibDetectorParams params;
    params.shapePredictorPath = "/nonexistent/shape_predictor_68_face_landmarks.dat";
    const auto detector = DlibFaceDetector::create(params);
    ASSERT_FALSE(detector);
    EXPECT_EQ(detector.error().code, ErrorCode::Io);
    EXPECT_NE(detector.error().message.find("/nonexistent/shape_predictor"), std::string::npos);
}

TEST(DlibDetectorLoad, GarbageIsNotAPredictor) {
    const fs::path file = fs::temp_directory_path() / "gpen-dlib-garbage.dat";
    {
        std::ofstream out(file, std::ios::binary);
        out << "this is not a shape predictor";
    }
    DlibDetectorParams params;
    params.shapePredictorPath = file;
    const auto detector = DlibFaceDetector::create(params);
    fs::remove(file);
    ASSERT_FALSE(detector);
    EXPECT_EQ(detector.error().code, ErrorCode::Malformed);
    EXPECT_NE(detector.error().message.find(file.string()), std::string::npos);
}

TEST_F(DlibDetectorTest, FindsTheSolvayFaces) {
    const cv::Mat image = solvay();
    ASSERT_FALSE(image.empty()) << "cannot read " << test::sampleImagesDir();
    const auto start = Clock::now();
    const auto faces = s_detector->detect(image);
    const double detectMs = msSince(start);
    ASSERT_TRUE(faces) << faces.error().message;
    std::cout << "dlib on Solvay (" << image.cols << "x" << image.rows
              << ", 1 upsampling step): " << faces->size() << " faces in " << detectMs
              << " ms; predictor load " << s_loadMs << " ms\n";
    // 29 people; one or two are hard for a frontal HOG detector.
    EXPECT_GE(faces->size(), 28u);
    EXPECT_LE(faces->size(), 31u);
    const cv::Rect2d frame(0, 0, image.cols, image.rows);
    for (const auto& f : *faces) {
        EXPECT_GT(f.score, 0.0);
        EXPECT_GE(f.box.width, 30.0);
        EXPECT_EQ((f.box & frame).area(), f.box.area()) << "box outside the image";
        const auto& p = f.landmarks;
        // Image-left eye left of the image-right eye, eyes above the nose above the mouth.
        EXPECT_LT(p[0].x, p[1].x);
        EXPECT_LT(p[3].x, p[4].x);
        EXPECT_LT(std::max(p[0].y, p[1].y), p[2].y);
        EXPECT_LT(p[2].y, std::min(p[3].y, p[4].y));
        const cv::Rect2d loose(f.box.x - f.box.width * 0.25, f.box.y - f.box.height * 0.25,
                               f.box.width * 1.5, f.box.height * 1.5);
        for (const auto& q : p) {
            EXPECT_TRUE(loose.contains(q)) << "landmark " << q << " far outside box " << f.box;
        }
    }
}

// Our scan goes level by level (threads, a cancel check between levels); its faces must be the
// ones dlib's own one-call detector finds: the same boxes, the same scores, whatever the threads.
TEST_F(DlibDetectorTest, TheLevelScanFindsWhatDlibsOwnCallFinds) {
    const cv::Mat image = solvay();
    ASSERT_FALSE(image.empty());
    dlib::frontal_face_detector reference = dlib::get_frontal_face_detector();
    struct Case {
        cv::Mat image;
        double adjust;
    };
    // Enlarged: the photo's faces (about 45 px) are under the detector's 80-px window.
    cv::Mat twice, more;
    cv::resize(image, twice, cv::Size(), 2.0, 2.0, cv::INTER_CUBIC);
    cv::resize(image, more, cv::Size(), 1.7, 1.7, cv::INTER_LINEAR);
    for (const Case& c : {Case{twice, 0.0}, Case{twice, -0.4}, Case{more, 0.0}}) {
        std::vector<dlib::rect_detection> expected;
        reference(dlib::cv_image<dlib::bgr_pixel>(c.image), expected, c.adjust);
        ASSERT_GT(expected.size(), 5u);
        for (const int threads : {1, 2, 3}) {
            DlibDetectParams params;
            params.upsampleSteps = 0;
            params.adjustThreshold = c.adjust;
            params.threads = threads;
            const auto faces = s_detector->detect(c.image, params);
            ASSERT_TRUE(faces) << faces.error().message;
            ASSERT_EQ(faces->size(), expected.size())
                << "threads " << threads << ", adjust " << c.adjust;
            for (std::size_t i = 0; i < expected.size(); ++i) {
                const dlib::rectangle& r = expected[i].rect;
                EXPECT_EQ((*faces)[i].box, cv::Rect2d(r.left(), r.top(), r.width(), r.height()))
                    << i;
                EXPECT_DOUBLE_EQ((*faces)[i].score, expected[i].detection_confidence) << i;
            }
        }
    }
}

// A stop ends the scan with ErrorCode::Cancelled (it is looked at before each pyramid level).
TEST_F(DlibDetectorTest, AStoppedScanEndsWithCancelled) {
    const cv::Mat image = solvay();
    ASSERT_FALSE(image.empty());
    std::stop_source stop;
    stop.request_stop();
    DlibDetectParams params;
    params.stop = stop.get_token();
    params.threads = 1;
    const auto faces = s_detector->detect(image, params);
    ASSERT_FALSE(faces);
    EXPECT_EQ(faces.error().code, ErrorCode::Cancelled);
}

TEST_F(DlibDetectorTest, ALowerThresholdFindsTheLastFace) {
    // The face dlib misses at its own threshold (a bowed head, top row) is found at -0.3, still
    // without false detections on this photograph.
    const cv::Mat image = solvay();
    ASSERT_FALSE(image.empty());
    DlibDetectParams params;
    params.adjustThreshold = -0.3;
    const auto faces = s_detector->detect(image, params);
    ASSERT_TRUE(faces) << faces.error().message;
    std::cout << "dlib on Solvay at adjust_threshold -0.3: " << faces->size() << " faces\n";
    EXPECT_GE(faces->size(), 29u);
    EXPECT_LE(faces->size(), 31u);
}

TEST_F(DlibDetectorTest, SelectionOptions) {
    const cv::Mat image = solvay();
    ASSERT_FALSE(image.empty());
    const auto all = s_detector->detect(image);
    ASSERT_TRUE(all);
    ASSERT_GE(all->size(), 2u);

    DlibDetectParams largest;
    largest.selection = FaceSelection::Largest;
    const auto one = s_detector->detect(image, largest);
    ASSERT_TRUE(one);
    ASSERT_EQ(one->size(), 1u);
    for (const auto& f : *all) {
        EXPECT_LE(f.box.area(), one->front().box.area());
    }

    DlibDetectParams central;
    central.selection = FaceSelection::MostCentral;
    const auto middle = s_detector->detect(image, central);
    ASSERT_TRUE(middle);
    ASSERT_EQ(middle->size(), 1u);
    const cv::Point2d centre(image.cols / 2.0, image.rows / 2.0);
    const auto distance = [&](const DetectedFace& f) {
        return cv::norm(cv::Point2d(f.box.x + f.box.width / 2, f.box.y + f.box.height / 2) -
                        centre);
    };
    for (const auto& f : *all) {
        EXPECT_GE(distance(f), distance(middle->front()) - 1e-9);
    }

    // A minimum size above the largest face leaves none; one at the median drops some.
    DlibDetectParams huge;
    huge.minFaceSize = one->front().box.width + 1;
    const auto none = s_detector->detect(image, huge);
    ASSERT_TRUE(none);
    EXPECT_TRUE(none->empty());
    std::vector<double> sides;
    for (const auto& f : *all) {
        sides.push_back(std::min(f.box.width, f.box.height));
    }
    std::sort(sides.begin(), sides.end());
    DlibDetectParams median;
    median.minFaceSize = sides[sides.size() / 2];
    const auto some = s_detector->detect(image, median);
    ASSERT_TRUE(some);
    EXPECT_LT(some->size(), all->size());
    for (const auto& f : *some) {
        EXPECT_GE(std::min(f.box.width, f.box.height), median.minFaceSize);
    }
}

TEST_F(DlibDetectorTest, NoUpsamplingFindsOnlyLargerFaces) {
    const cv::Mat image = solvay();
    ASSERT_FALSE(image.empty());
    DlibDetectParams plain;
    plain.upsampleSteps = 0;
    const auto start = Clock::now();
    const auto faces = s_detector->detect(image, plain);
    ASSERT_TRUE(faces) << faces.error().message;
    std::cout << "dlib on Solvay without upsampling: " << faces->size() << " faces in "
              << msSince(start) << " ms\n";
    for (const auto& f : *faces) {
        EXPECT_GE(std::min(f.box.width, f.box.height), 60.0);  // the 80 px window, give or take
    }
}

TEST_F(DlibDetectorTest, BlankAndGrayImages) {
    const cv::Mat blank(200, 300, CV_8UC3, cv::Scalar::all(128));
    const auto none = s_detector->detect(blank);
    ASSERT_TRUE(none) << none.error().message;
    EXPECT_TRUE(none->empty());
    const cv::Mat gray(120, 90, CV_8UC1, cv::Scalar(30));
    const auto grayFaces = s_detector->detect(gray);
    ASSERT_TRUE(grayFaces) << grayFaces.error().message;
    EXPECT_TRUE(grayFaces->empty());
}

TEST_F(DlibDetectorTest, RejectsBadInput) {
    const auto empty = s_detector->detect(cv::Mat());
    ASSERT_FALSE(empty);
    EXPECT_EQ(empty.error().code, ErrorCode::InvalidArgument);
    EXPECT_FALSE(s_detector->detect(cv::Mat(10, 10, CV_32FC3, cv::Scalar::all(0))));
    DlibDetectParams tooMany;
    tooMany.upsampleSteps = 5;
    EXPECT_FALSE(s_detector->detect(cv::Mat(10, 10, CV_8UC3, cv::Scalar::all(0)), tooMany));
    EXPECT_EQ(s_detector->shapePredictorPath(), defaultShapePredictorPath());
}

}  // namespace
}  // namespace gpen
