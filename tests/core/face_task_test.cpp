// SPDX-License-Identifier: Apache-2.0
// GPEN's other heads as the reference wrappers run them (../shared/fixtures/heads:
// FaceColorization, FaceInpainting and Segmentation2Face over FaceGAN, on the stored 64-pixel
// checkpoint): each output within 1 level on at least 99.9 % of its values and 2 anywhere.

#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/engine/model_catalog.h"
#include "gpen/face/parsing_palette.h"
#include "gpen/io/checkpoint.h"
#include "gpen/nn/gpen_generator.h"
#include "gpen/pipeline/face_map.h"
#include "gpen/pipeline/face_restorer.h"
#include "support/fixtures.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;

class FaceTaskHeads : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }

    void SetUp() override {
        GPEN_REQUIRE_FIXTURES();
        std::ifstream in(test::fixturesDir() / "heads" / "heads.json");
        ASSERT_TRUE(in) << "heads/heads.json missing";
        m_heads = nlohmann::json::parse(in);
        auto ckpt =
            readCheckpoint(test::fixturesDir() / m_heads.at("checkpoint").get<std::string>());
        ASSERT_TRUE(ckpt) << ckpt.error().message;
        auto net = GpenGenerator::create(ckpt->tensors, "heads");
        ASSERT_TRUE(net) << net.error().message;
        m_net = std::move(*net);
    }

    nlohmann::json m_heads;
    std::unique_ptr<GpenGenerator> m_net;
};

TEST_F(FaceTaskHeads, EveryCaseMatchesTheReferenceWrapper) {
    int cases = 0;
    for (const auto& c : m_heads.at("cases")) {
        const std::string name = c.at("input").get<std::string>();
        const auto task = parseFaceTask(c.at("task").get<std::string>());
        ASSERT_TRUE(task) << c.at("task");
        const cv::Mat input =
            cv::imread((test::fixturesDir() / "heads" / name).string(), cv::IMREAD_COLOR);
        const cv::Mat expected = cv::imread(
            (test::fixturesDir() / "heads" / c.at("expected").get<std::string>()).string(),
            cv::IMREAD_COLOR);
        ASSERT_FALSE(input.empty() || expected.empty()) << name;
        auto out = runFaceTask(*m_net, *task, {input});
        ASSERT_TRUE(out) << name << ": " << out.error().message;
        ASSERT_EQ(out->front().size(), expected.size()) << name;
        cv::Mat diff;
        cv::absdiff(out->front(), expected, diff);
        double worst = 0;
        cv::minMaxLoc(diff.reshape(1), nullptr, &worst);
        const double within1 = 1.0 - static_cast<double>(cv::countNonZero(diff.reshape(1) > 1)) /
                                         static_cast<double>(diff.total() * 3);
        EXPECT_LE(worst, 2.0) << name;
        EXPECT_GE(within1, 0.999) << name;
        ++cases;
    }
    EXPECT_EQ(cases, 6);
}

// The task a model does comes from the catalog: the three heads are not restorers.
TEST(FaceTask, TheCatalogSaysWhatEachGpenModelDoes) {
    const ModelCatalog c = ModelCatalog::released();
    EXPECT_EQ(c.find("GPEN-BFR-512")->task, FaceTask::Restore);
    EXPECT_EQ(c.find("GPEN-Colorization-1024")->task, FaceTask::Colorize);
    EXPECT_EQ(c.find("GPEN-Inpainting-1024")->task, FaceTask::Inpaint);
    EXPECT_EQ(c.find("GPEN-Seg2face-512")->task, FaceTask::Seg2face);
    for (FaceTask t :
         {FaceTask::Restore, FaceTask::Colorize, FaceTask::Inpaint, FaceTask::Seg2face}) {
        EXPECT_EQ(parseFaceTask(faceTaskName(t)), t);
    }
    EXPECT_FALSE(parseFaceTask("sharpen"));
}

// The class colours are the fixtures' (their maps hold nothing else), and a map with in-between
// colours (scaled, antialiased) snaps back to them, counting what was no class's.
TEST_F(FaceTaskHeads, ParsingMapsSnapToTheClassColours) {
    const cv::Mat map = cv::imread((test::fixturesDir() / "heads" / "seg2face-64.in.png").string(),
                                   cv::IMREAD_COLOR);
    ASSERT_FALSE(map.empty());
    const SnappedParsingMap exact = snapToParsingColours(map);
    EXPECT_EQ(exact.unknownShare, 0.0);
    EXPECT_EQ(cv::norm(exact.bgr8, map, cv::NORM_INF), 0.0);
    cv::Mat blurred;
    cv::resize(map, blurred, cv::Size(), 1.37, 1.37, cv::INTER_LINEAR);
    const SnappedParsingMap snapped = snapToParsingColours(blurred);
    EXPECT_GT(snapped.unknownShare, 0.0);
    EXPECT_LT(snapped.unknownShare, 0.5);
    cv::Mat nearest;
    cv::resize(map, nearest, blurred.size(), 0, 0, cv::INTER_NEAREST);
    cv::Mat same;
    cv::compare(snapped.bgr8.reshape(1), nearest.reshape(1), same, cv::CMP_EQ);
    EXPECT_GT(cv::countNonZero(same), static_cast<int>(same.total() * 9 / 10))
        << "the classes stay where they were";
    // Class numbers drawn and snapped back are the same picture.
    cv::Mat classes(2, 19, CV_8U);
    for (int i = 0; i < 19; ++i)
        classes.at<unsigned char>(0, i) = classes.at<unsigned char>(1, i) =
            static_cast<unsigned char>(i);
    const cv::Mat drawn = drawParsingMap(classes);
    EXPECT_EQ(cv::norm(snapToParsingColours(drawn).bgr8, drawn, cv::NORM_INF), 0.0);
    EXPECT_EQ(parsingClasses()[13].name, "hair");
}

// The map editor's Seg2face: a map whose colours drifted (a JPEG, a scaled drawing) draws the
// face of its snapped classes, and says how much of it was no class's colour.
TEST_F(FaceTaskHeads, AFaceIsDrawnFromTheMapsSnappedColours) {
    const cv::Mat map = cv::imread((test::fixturesDir() / "heads" / "seg2face-64.in.png").string(),
                                   cv::IMREAD_COLOR);
    const cv::Mat expected = cv::imread(
        (test::fixturesDir() / "heads" / "seg2face-64.out.png").string(), cv::IMREAD_COLOR);
    ASSERT_FALSE(map.empty() || expected.empty());
    cv::Mat drifted;
    cv::Mat noise(map.size(), CV_16SC3);
    cv::RNG rng(7);
    rng.fill(noise, cv::RNG::UNIFORM, -6, 7);
    map.convertTo(drifted, CV_16SC3);
    drifted += noise;
    drifted.convertTo(drifted, CV_8UC3);
    auto face = drawFaceFromMap(*m_net, drifted);
    ASSERT_TRUE(face) << face.error().message;
    EXPECT_EQ(face->unknownShare, 0.0);
    EXPECT_LE(cv::norm(face->face, expected, cv::NORM_INF), 2.0)
        << "the reference's face of the clean map";

    cv::Mat painted = map.clone();
    painted(cv::Rect(0, 0, 8, 8)).setTo(cv::Scalar(10, 90, 200));  // no class is near orange
    auto odd = drawFaceFromMap(*m_net, painted);
    ASSERT_TRUE(odd);
    EXPECT_DOUBLE_EQ(odd->unknownShare, 64.0 / static_cast<double>(map.total()));
}

// Colourising keeps the input's luma wherever it is asked to (the photo flow): the network adds
// colour only.
TEST_F(FaceTaskHeads, ColorizingWithTheLumaKeptChangesOnlyColour) {
    cv::Mat face = cv::imread((test::fixturesDir() / "heads" / "colorize-64-b.in.png").string(),
                              cv::IMREAD_COLOR);
    ASSERT_FALSE(face.empty());
    auto out = runFaceTask(*m_net, FaceTask::Colorize, {face}, {}, /*keepLuma=*/true);
    ASSERT_TRUE(out);
    cv::Mat inYuv, outYuv;
    cv::cvtColor(face, inYuv, cv::COLOR_BGR2YUV);
    cv::cvtColor(out->front(), outYuv, cv::COLOR_BGR2YUV);
    cv::Mat inY, outY;
    cv::extractChannel(inYuv, inY, 0);
    cv::extractChannel(outYuv, outY, 0);
    // Where no channel clipped going back to BGR (this test network's colours are loud), the luma
    // is the input's up to the rounding of YUV -> BGR -> YUV.
    cv::Mat unclipped;
    cv::inRange(out->front(), cv::Scalar::all(1), cv::Scalar::all(254), unclipped);
    ASSERT_GT(cv::countNonZero(unclipped), static_cast<int>(unclipped.total() / 4));
    EXPECT_LE(cv::norm(inY, outY, cv::NORM_INF, unclipped), 2.0);
    cv::Mat u;
    cv::extractChannel(outYuv, u, 1);
    double lo = 0, hi = 0;
    cv::minMaxLoc(u, &lo, &hi);
    EXPECT_GT(hi - lo, 2.0) << "the face gained chroma";
}

}  // namespace
}  // namespace gpen
