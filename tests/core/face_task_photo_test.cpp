// SPDX-License-Identifier: Apache-2.0
// The heads on whole photos through restorePhoto: colourising a gray photo (its luma kept, colour
// in the faces only), inpainting the damage a mask marks (nothing far from it changes), and the
// resolver keeping each released model to its own task. A small GPEN stands in for the 1024 heads:
// the task's pre- and post-processing and the compositing are what is checked here (the heads'
// numbers are face_task_test's).

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/face/damage_detect.h"
#include "gpen/face/face_alignment.h"
#include "gpen/face/parsing_palette.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/face_map.h"
#include "gpen/pipeline/pipeline_models.h"
#include "gpen/pipeline/restore_job.h"
#include "support/checkpoint_file.h"
#include "support/fill_rule.h"
#include "support/fixtures.h"
#include "support/pipeline_test_cache.h"
#include "support/temp_models_dir.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;

std::string joined(const std::vector<std::string>& notes) {
    std::string out;
    for (const auto& n : notes) out += n + "\n";
    return out;
}

class FaceTaskPhoto : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }

    void SetUp() override {
        if (!test::manifest()) GTEST_SKIP() << "fixtures not found at " << test::fixturesDir();
        m_photo = test::solvayThreeFaces();
        if (m_photo.empty())
            GTEST_SKIP() << "sample photo not found in " << test::sampleImagesDir();
        m_models = m_dir.dir("models");
        test::copyFixture("gpen-64-cm1-n0.0625.pth", m_models / "tiny-gpen.pth");
    }

    RestoreParams params(FaceTask task) const {
        RestoreParams p;
        p.faceModel = "tiny-gpen";
        p.detector = "dlib";
        p.task = task;
        return p;
    }

    test::TempModelsDir m_dir{"face-task-photo"};
    fs::path m_models;
    cv::Mat m_photo;
};

TEST_F(FaceTaskPhoto, AColorizedGrayPhotoKeepsItsLumaAndGainsColourInTheFacesOnly) {
    cv::Mat gray, gray3;
    cv::cvtColor(m_photo, gray, cv::COLOR_BGR2GRAY);
    cv::cvtColor(gray, gray3, cv::COLOR_GRAY2BGR);
    auto cache = test::makePipelineCache(m_dir, m_models);
    auto r = restorePhoto(*cache, gray3, params(FaceTask::Colorize));
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_GE(r->faces.size(), 2U);
    EXPECT_FALSE(r->grayscale);
    EXPECT_NE(joined(r->notes).find(kNoteRestStaysGray), std::string::npos) << joined(r->notes);

    // Every changed pixel lies in a face's crop; outside them the photo is bit-exact.
    cv::Mat crops = cv::Mat::zeros(gray3.size(), CV_8U);
    for (const auto& f : r->faces) {
        cv::Mat square(f.alignment.cropSize, f.alignment.cropSize, CV_8U, cv::Scalar(255)), warped;
        cv::warpAffine(square, warped, cv::Mat(f.alignment.toImage), gray3.size(),
                       cv::INTER_NEAREST);
        crops |= warped;
    }
    cv::Mat changed;
    cv::compare(cv::Mat(r->image.reshape(1) != gray3.reshape(1)).reshape(3), cv::Scalar::all(0),
                changed, cv::CMP_NE);
    cv::Mat anyChanged;
    cv::cvtColor(changed, anyChanged, cv::COLOR_BGR2GRAY);
    EXPECT_GT(cv::countNonZero(anyChanged), 0);
    EXPECT_EQ(cv::countNonZero(anyChanged & ~crops), 0) << "a pixel outside every face changed";

    // Inside, the luma is the gray photo's (where no channel clipped), and the faces have colour.
    cv::Mat inYuv, outYuv;
    cv::cvtColor(gray3, inYuv, cv::COLOR_BGR2YUV);
    cv::cvtColor(r->image, outYuv, cv::COLOR_BGR2YUV);
    cv::Mat unclipped;
    cv::inRange(r->image, cv::Scalar::all(1), cv::Scalar::all(254), unclipped);
    cv::Mat inY, outY, outU;
    cv::extractChannel(inYuv, inY, 0);
    cv::extractChannel(outYuv, outY, 0);
    cv::extractChannel(outYuv, outU, 1);
    EXPECT_LE(cv::norm(inY, outY, cv::NORM_INF, unclipped & crops), 3.0);
    cv::Mat coloured = cv::abs(outU - 128) > 4;
    EXPECT_GT(cv::countNonZero(coloured & crops), 100) << "the faces gained chroma";
}

// With the rest tinted, the photo outside the faces is one colour (the faces' average chroma) over
// its own luma, instead of gray.
TEST_F(FaceTaskPhoto, TintingTheRestTonesThePhotoWithTheFacesColourAndKeepsItsLuma) {
    cv::Mat gray, gray3;
    cv::cvtColor(m_photo, gray, cv::COLOR_BGR2GRAY);
    cv::cvtColor(gray, gray3, cv::COLOR_GRAY2BGR);
    auto cache = test::makePipelineCache(m_dir, m_models);
    RestoreParams p = params(FaceTask::Colorize);
    p.tintRest = true;
    auto r = restorePhoto(*cache, gray3, p);
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_GE(r->faces.size(), 2U);
    EXPECT_NE(joined(r->notes).find(kNoteRestTinted), std::string::npos) << joined(r->notes);
    // Outside every face's crop: one chroma (up to where a dark or bright pixel cannot hold it and
    // clips), not neutral, over the photo's own luma.
    cv::Mat crops = cv::Mat::zeros(gray3.size(), CV_8U);
    for (const auto& f : r->faces) {
        cv::Mat square(f.alignment.cropSize, f.alignment.cropSize, CV_8U, cv::Scalar(255)), warped;
        cv::warpAffine(square, warped, cv::Mat(f.alignment.toImage), gray3.size(),
                       cv::INTER_NEAREST);
        crops |= warped;
    }
    const cv::Mat outside = crops == 0;
    ASSERT_GT(cv::countNonZero(outside), static_cast<int>(outside.total() / 4));
    cv::Mat yuv, inYuv, planes[3], inPlanes[3];
    cv::cvtColor(r->image, yuv, cv::COLOR_BGR2YUV);
    cv::cvtColor(gray3, inYuv, cv::COLOR_BGR2YUV);
    cv::split(yuv, planes);
    cv::split(inYuv, inPlanes);
    // Every chroma outside lies along one hue (the tint, at full strength where the luma can hold
    // it all): no pixel's (U, V) leaves the line through neutral and the strongest one.
    cv::Vec2d tint(0, 0);
    for (int y = 0; y < yuv.rows; ++y) {
        for (int x = 0; x < yuv.cols; ++x) {
            if (!outside.at<uchar>(y, x)) continue;
            const cv::Vec2d c(planes[1].at<uchar>(y, x) - 128.0, planes[2].at<uchar>(y, x) - 128.0);
            if (cv::norm(c) > cv::norm(tint)) tint = c;
        }
    }
    ASSERT_GT(cv::norm(tint), 3.0) << "toned, not gray";
    double worst = 0;
    for (int y = 0; y < yuv.rows; ++y) {
        for (int x = 0; x < yuv.cols; ++x) {
            if (!outside.at<uchar>(y, x)) continue;
            const cv::Vec2d c(planes[1].at<uchar>(y, x) - 128.0, planes[2].at<uchar>(y, x) - 128.0);
            worst = std::max(worst, std::abs(c[0] * tint[1] - c[1] * tint[0]) / cv::norm(tint));
        }
    }
    EXPECT_LE(worst, 2.5) << "one hue outside the faces";
    cv::Mat lumaOff;
    cv::absdiff(planes[0], inPlanes[0], lumaOff);
    EXPECT_EQ(cv::countNonZero((lumaOff > 2) & outside), 0) << "the photo's own luma";
}

TEST_F(FaceTaskPhoto, AMaskWithAnyTaskRepairsThePrintBeforeTheFaces) {
    auto cache = test::makePipelineCache(m_dir, m_models);
    // Cracks and dust over the whole photo, faces included, and the faces restored as usual.
    const cv::Mat mask = simulateDamage(m_photo.size(), SimulatedDamage::Cracks, 4) |
                         simulateDamage(m_photo.size(), SimulatedDamage::Dust, 4);
    cv::Mat damaged = m_photo.clone();
    drawSimulatedDamage(damaged, mask, SimulatedDamage::Cracks, 4);
    RestoreParams p = params(FaceTask::Restore);
    p.damageMask = mask;
    auto r = restorePhoto(*cache, damaged, p);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->repair.source, DamageSource::Mask);
    EXPECT_GT(r->repair.regions, 1);
    EXPECT_FALSE(r->faces.empty());
    EXPECT_NE(joined(r->notes).find(kNoteDamageRepairedPrefix), std::string::npos);
    // The canvas under the faces is the repaired print: far from the damage it is the photo.
    cv::Mat distance;
    cv::distanceTransform(~mask, distance, cv::DIST_L2, 3);
    cv::Mat diff;
    cv::absdiff(r->background, damaged, diff);
    cv::cvtColor(diff, diff, cv::COLOR_BGR2GRAY);
    EXPECT_EQ(cv::countNonZero((diff > 0) & (distance > 8)), 0);
    cv::Mat err0, err1;
    cv::absdiff(damaged, m_photo, err0);
    cv::absdiff(r->background, m_photo, err1);
    EXPECT_LT(cv::mean(err1, mask)[0], 0.5 * cv::mean(err0, mask)[0])
        << "the damage is at most half as far from the photo as it was";

    // The finder on the same photo, with no face model: it finds and repairs, and the processing
    // note says so.
    RestoreParams found;
    found.faceModel.clear();
    found.findDamage = true;
    RestoreJob job(DecodedImage{.bgr8 = damaged}, {}, {.restore = found});
    ASSERT_TRUE(job.decode());
    ASSERT_TRUE(job.restore(*cache));
    EXPECT_EQ(job.result().repair.source, DamageSource::Found);
    EXPECT_GT(job.result().repair.regions, 0);
    EXPECT_NE(job.processingNote().find("damage repaired (found"), std::string::npos)
        << job.processingNote();
}

TEST_F(FaceTaskPhoto, InpaintingChangesTheDamageAndNothingFarFromIt) {
    auto cache = test::makePipelineCache(m_dir, m_models);
    auto dlib = cache->acquireAs<FaceDetectorModel>("dlib");
    ASSERT_TRUE(dlib) << dlib.error().message;
    auto faces = (*dlib)->detect(m_photo, {});
    ASSERT_TRUE(faces && !faces->empty());
    // A scratch across the first face, and one in a corner where no face is.
    cv::Mat mask = cv::Mat::zeros(m_photo.size(), CV_8U);
    const cv::Rect2d b = faces->front().box;
    cv::line(mask, cv::Point(cvRound(b.x + b.width * 0.2), cvRound(b.y + b.height * 0.3)),
             cv::Point(cvRound(b.x + b.width * 0.8), cvRound(b.y + b.height * 0.7)),
             cv::Scalar(255), 2);
    cv::line(mask, cv::Point(2, m_photo.rows - 3), cv::Point(12, m_photo.rows - 3), cv::Scalar(255),
             2);
    cv::Mat damaged = m_photo.clone();
    damaged.setTo(cv::Scalar::all(255), mask);

    RestoreParams p = params(FaceTask::Inpaint);
    p.damageMask = mask;
    auto r = restorePhoto(*cache, damaged, p);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->maskSource, "damage");
    // The whole mask is filled, the corner's scratch too (no face there): one note says how much.
    EXPECT_NE(joined(r->notes).find(kNoteDamageRepairedPrefix), std::string::npos)
        << joined(r->notes);
    EXPECT_EQ(r->repair.source, DamageSource::Mask);
    EXPECT_EQ(r->repair.regions, 2);

    cv::Mat distance;
    cv::distanceTransform(~mask, distance, cv::DIST_L2, 3);
    cv::Mat changed;
    cv::cvtColor(cv::Mat(cv::abs(r->image - damaged) + cv::abs(damaged - r->image)), changed,
                 cv::COLOR_BGR2GRAY);
    changed = changed > 0;
    EXPECT_EQ(cv::countNonZero(changed & (distance > 24)), 0)
        << "a pixel far from the damage changed";
    EXPECT_GT(cv::countNonZero(changed & mask), 0) << "the damage on the face was repaired";
    const cv::Rect corner(0, m_photo.rows - 6, 16, 6);
    EXPECT_GT(cv::countNonZero(changed(corner) & mask(corner)), 0)
        << "the damage where no face is was filled too";

    // Without a mask, inpainting is refused before anything runs.
    p.damageMask.release();
    auto refused = restorePhoto(*cache, damaged, p);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("damage mask"), std::string::npos);
}

TEST_F(FaceTaskPhoto, EachReleasedModelDoesItsOwnTaskOnly) {
    std::ofstream(m_models / "GPEN-Colorization-1024.pth")
        << "a stand-in: resolving reads no weights";
    auto cache = test::makePipelineCache(m_dir, m_models);
    RestoreParams p;
    p.faceModel = "GPEN-Colorization-1024";
    auto wrong = resolveModels(*cache, p);
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find(
                  "GPEN-Colorization-1024 colorizes gray faces, it cannot restore"),
              std::string::npos)
        << wrong.error().message;

    p.faceModel = std::string(kAutoFaceModel);
    p.task = FaceTask::Colorize;
    auto colorizer = resolveModels(*cache, p);
    ASSERT_TRUE(colorizer) << colorizer.error().message;
    EXPECT_EQ(colorizer->faceModel, "GPEN-Colorization-1024");
    p.task = FaceTask::Restore;
    auto restorer = resolveModels(*cache, p);
    ASSERT_TRUE(restorer);
    EXPECT_EQ(restorer->faceModel, "tiny-gpen") << "the colorizer is no restorer";
    p.task = FaceTask::Inpaint;
    auto none = resolveModels(*cache, p);
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().message.find("install GPEN-Inpainting-1024"), std::string::npos)
        << none.error().message;
    p.task = FaceTask::Seg2face;
    EXPECT_FALSE(resolveModels(*cache, p));
    // The map editor's Seg2face: nothing installed for it says what to install.
    auto seg2face = resolveFaceModel(*cache, FaceTask::Seg2face);
    ASSERT_FALSE(seg2face);
    EXPECT_NE(seg2face.error().message.find("install GPEN-Seg2face-512"), std::string::npos)
        << seg2face.error().message;
    EXPECT_FALSE(resolveFaceModel(*cache, FaceTask::Seg2face, "GPEN-Colorization-1024"));
    auto drawn = drawFaceFromMap(*cache, cv::Mat(64, 64, CV_8UC3, cv::Scalar::all(0)));
    ASSERT_FALSE(drawn);
    EXPECT_NE(drawn.error().message.find("GPEN-Seg2face-512"), std::string::npos)
        << drawn.error().message;
}

// The map editor's start: the face the user points at (else the largest), aligned at Seg2face's
// size as a restore aligns it, and ParseNet's classes of it in the map colours.
TEST_F(FaceTaskPhoto, APhotoFacesParsingMapIsOfTheFaceThePointerIsOn) {
    test::writeStateDictCheckpoint(
        m_models / "ParseNet-latest.pth",
        test::fillStateDict(*test::findCase("parsenet-fill"), StateDict{}));
    auto cache = test::makePipelineCache(m_dir, m_models);
    auto detector = cache->acquireAs<FaceDetectorModel>("dlib");
    ASSERT_TRUE(detector) << detector.error().message;
    auto faces = (*detector)->detect(m_photo, {});
    ASSERT_TRUE(faces);
    ASSERT_GE(faces->size(), 2U);
    const auto byArea = [](const DetectedFace& a, const DetectedFace& b) {
        return a.box.area() < b.box.area();
    };
    const DetectedFace smallest = *std::min_element(faces->begin(), faces->end(), byArea);
    const DetectedFace largest = *std::max_element(faces->begin(), faces->end(), byArea);

    auto pointed = parsingMapOfPhotoFace(*cache, m_photo, smallest.box);
    ASSERT_TRUE(pointed) << pointed.error().message;
    EXPECT_EQ(pointed->box, smallest.box);
    EXPECT_EQ(pointed->faceCount, static_cast<int>(faces->size()));
    EXPECT_EQ(pointed->detector, "dlib");
    auto alignment = computeFaceAlignment(smallest.landmarks, kFaceMapSize);
    ASSERT_TRUE(alignment);
    auto crop = warpFaceToCrop(m_photo, *alignment);
    ASSERT_TRUE(crop);
    EXPECT_EQ(cv::norm(pointed->aligned, *crop, cv::NORM_INF), 0.0)
        << "aligned as a restore aligns it";
    ASSERT_EQ(pointed->map.size(), cv::Size(kFaceMapSize, kFaceMapSize));
    ASSERT_EQ(pointed->map.type(), CV_8UC3);
    EXPECT_EQ(snapToParsingColours(pointed->map).unknownShare, 0.0)
        << "every pixel is a class colour";

    auto unpointed = parsingMapOfPhotoFace(*cache, m_photo);
    ASSERT_TRUE(unpointed) << unpointed.error().message;
    EXPECT_EQ(unpointed->box, largest.box);
    auto nowhere = parsingMapOfPhotoFace(*cache, m_photo, cv::Rect2d(-500, -500, 10, 10));
    ASSERT_TRUE(nowhere);
    EXPECT_EQ(nowhere->box, largest.box) << "a pointer on no face: the largest";

    auto blank = parsingMapOfPhotoFace(*cache, cv::Mat(200, 200, CV_8UC3, cv::Scalar::all(128)));
    ASSERT_FALSE(blank);
    EXPECT_NE(blank.error().message.find("no face"), std::string::npos) << blank.error().message;
}

}  // namespace
}  // namespace gpen
