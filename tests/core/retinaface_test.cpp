// SPDX-License-Identifier: Apache-2.0
// RetinaFace-R50 (kind "retinaface" of ../shared/fixtures), its prior boxes, decoding and NMS.

#include <chrono>
#include <ctime>

#include <gtest/gtest.h>

#include "gpen/nn/retinaface.h"
#include "gpen/nn/retinaface_postprocess.h"
#include "support/fill_rule.h"
#include "support/fixtures.h"

namespace gpen {
namespace {

constexpr const char* kCase = "retinaface-r50-fill-240x320";

class RetinaFaceTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }
};

// The case's weights by the fill rule, built once for the whole file (the fixtures must be there).
const StateDict& fixtureWeights() {
    static const StateDict weights = test::fillStateDict(*test::findCase(kCase), StateDict{});
    return weights;
}

void expectClose(const FloatTensor& out, const nlohmann::json& entry, const nlohmann::json& c,
                 const char* what) {
    const auto a = test::compare(out, test::loadTensorEntry(entry), test::relativeTolerance(c));
    EXPECT_TRUE(a.ok) << what << ": " << a.describe();
    std::cout << "  " << what << ": " << a.describe() << "\n";
}

TEST_F(RetinaFaceTest, SpecEqualsReferenceKeys) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(kCase);
    ASSERT_NE(c, nullptr);
    const auto spec = retinaFaceStateDictSpec({});
    const auto& keys = c->at("keys");
    ASSERT_EQ(spec.size(), keys.size());
    for (std::size_t i = 0; i < spec.size(); ++i) {
        EXPECT_EQ(spec[i].name, keys[i][0].get<std::string>()) << "entry " << i;
        EXPECT_EQ(spec[i].shape, test::shapeFromJson(keys[i][1])) << spec[i].name;
    }
}

class RetinaFaceParity : public RetinaFaceTest, public ::testing::WithParamInterface<bool> {};

TEST_P(RetinaFaceParity, HeadsPriorsAndDecodingMatchReference) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(kCase);
    ASSERT_NE(c, nullptr);
    auto net = RetinaFace::create(fixtureWeights(), kCase, {.foldBatchNorm = GetParam()});
    ASSERT_TRUE(net) << net.error().message;
    EXPECT_EQ((*net)->architecture(), RetinaFaceArchitecture{});
    const FloatTensor input = test::loadTensorEntry(c->at("inputs")[0]);
    const auto& outs = c->at("outputs");
    auto heads = (*net)->forward(input);
    ASSERT_TRUE(heads) << heads.error().message;
    std::cout << (GetParam() ? "batch norm folded\n" : "batch norm separate\n");
    expectClose(heads->loc, outs[0], *c, "loc");
    expectClose(heads->conf, outs[1], *c, "conf");
    expectClose(heads->landms, outs[2], *c, "landms");

    const FloatTensor priors =
        retinaFacePriors(static_cast<int>(input.shape[2]), static_cast<int>(input.shape[3]));
    expectClose(priors, outs[3], *c, "priors");
    auto boxes = decodeRetinaFaceBoxes(heads->loc, priors);
    ASSERT_TRUE(boxes) << boxes.error().message;
    expectClose(*boxes, outs[4], *c, "boxes");
    auto points = decodeRetinaFaceLandmarks(heads->landms, priors);
    ASSERT_TRUE(points) << points.error().message;
    expectClose(*points, outs[5], *c, "landm_points");
}

INSTANTIATE_TEST_SUITE_P(BatchNorm, RetinaFaceParity, ::testing::Values(true, false),
                         [](const auto& p) {
                             return p.param ? std::string("Folded") : std::string("Separate");
                         });

TEST_F(RetinaFaceTest, DecodingAloneMatchesReference) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(kCase);
    ASSERT_NE(c, nullptr);
    const auto& outs = c->at("outputs");
    const FloatTensor priors = test::loadTensorEntry(outs[3]);
    auto boxes = decodeRetinaFaceBoxes(test::loadTensorEntry(outs[0]), priors);
    ASSERT_TRUE(boxes);
    const auto b = test::compare(*boxes, test::loadTensorEntry(outs[4]), 1e-6);
    EXPECT_TRUE(b.ok) << b.describe();
    auto points = decodeRetinaFaceLandmarks(test::loadTensorEntry(outs[2]), priors);
    ASSERT_TRUE(points);
    const auto p = test::compare(*points, test::loadTensorEntry(outs[5]), 1e-6);
    EXPECT_TRUE(p.ok) << p.describe();
    EXPECT_FALSE(decodeRetinaFaceBoxes(FloatTensor({1, 10, 4}), priors));
}

TEST_F(RetinaFaceTest, WorksWithoutBatchCountersAndRejectsBadDicts) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(kCase);
    ASSERT_NE(c, nullptr);
    const StateDict full = fixtureWeights();
    StateDict noCounters;
    for (const auto& name : full.names()) {
        if (name.find("num_batches_tracked") == std::string::npos) {
            noCounters.insert(name, *full.tensor(name));
        }
    }
    ASSERT_LT(noCounters.size(), full.size());
    auto ok = RetinaFace::create(noCounters, "no counters");
    ASSERT_TRUE(ok) << ok.error().message;
    auto small = (*ok)->forward(FloatTensor({1, 3, 37, 45}));
    ASSERT_TRUE(small) << small.error().message;
    EXPECT_EQ(small->loc.shape[1], retinaFacePriors(37, 45).shape[0]);
    auto wrongInput = (*ok)->forward(FloatTensor({1, 1, 32, 32}));
    ASSERT_FALSE(wrongInput);
    EXPECT_EQ(wrongInput.error().code, ErrorCode::InvalidArgument);

    StateDict wrong = noCounters;
    wrong.insert("ssh2.conv7X7_2.0.weight", FloatTensor({64, 64, 1, 1}));
    auto bad = RetinaFace::create(wrong, "RetinaFace-R50.pth");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().code, ErrorCode::ShapeMismatch);
    EXPECT_NE(bad.error().message.find("ssh2.conv7X7_2.0.weight"), std::string::npos)
        << bad.error().message;

    StateDict mobile;
    mobile.insert("body.stage1.0.0.weight", FloatTensor({8, 3, 3, 3}));
    auto mob = RetinaFace::create(mobile, "mobilenet0.25_Final.pth");
    ASSERT_FALSE(mob);
    EXPECT_EQ(mob.error().code, ErrorCode::UnsupportedArchitecture);
}

TEST(RetinaFacePriorsTest, CountsAndLayout) {
    // 1000 x 1000: cells of 8, 16, 32 -> 125^2, 63^2, 32^2, two anchors each.
    const FloatTensor p = retinaFacePriors(1000, 1000);
    EXPECT_EQ(p.shape, (Shape{2 * (125 * 125 + 63 * 63 + 32 * 32), 4}));
    // First cell of the first level, both min sizes; then the second cell.
    const std::vector<float> head(p.data.begin(), p.data.begin() + 12);
    const std::vector<float> expected = {4.0F / 1000,  4.0F / 1000, 16.0F / 1000, 16.0F / 1000,
                                         4.0F / 1000,  4.0F / 1000, 32.0F / 1000, 32.0F / 1000,
                                         12.0F / 1000, 4.0F / 1000, 16.0F / 1000, 16.0F / 1000};
    for (std::size_t i = 0; i < head.size(); ++i) {
        EXPECT_FLOAT_EQ(head[i], expected[i]) << i;
    }
    PriorBoxConfig clipped;
    clipped.clip = true;
    for (float v : retinaFacePriors(100, 60, clipped).data) {
        EXPECT_LE(v, 1.0F);
    }
}

TEST(NonMaximumSuppressionTest, HandMadeBoxes) {
    // Box 1 overlaps box 0 heavily (IoU 0.68 in the +1 convention), box 2 overlaps box 0 a little
    // (IoU 0.14), box 3 is far away, box 4 is box 3 shifted by a pixel but scores better.
    const std::vector<std::array<float, 4>> boxes = {
        {0, 0, 9, 9}, {1, 1, 10, 10}, {6, 6, 15, 15}, {50, 50, 59, 59}, {51, 50, 60, 59}};
    const std::vector<float> scores = {0.9F, 0.95F, 0.8F, 0.7F, 0.75F};
    EXPECT_EQ(nonMaximumSuppression(boxes, scores, 0.4F), (std::vector<std::size_t>{1, 2, 4}));
    // A high threshold keeps everything, best score first.
    EXPECT_EQ(nonMaximumSuppression(boxes, scores, 0.99F),
              (std::vector<std::size_t>{1, 0, 2, 4, 3}));
    // A zero threshold keeps only boxes that do not touch a kept one.
    EXPECT_EQ(nonMaximumSuppression(boxes, scores, 0.0F), (std::vector<std::size_t>{1, 4}));
    // IoU exactly at the threshold is kept, as np.where(ovr <= thresh). Boxes 10 wide, overlap 5:
    // inter 50, union 150, IoU 1/3.
    const std::vector<std::array<float, 4>> edge = {{0, 0, 9, 4}, {5, 0, 14, 4}};
    EXPECT_EQ(nonMaximumSuppression(edge, {0.9F, 0.8F}, 1.0F / 3.0F).size(), 2U);
    EXPECT_EQ(nonMaximumSuppression(edge, {0.9F, 0.8F}, 0.33F).size(), 1U);
    EXPECT_TRUE(nonMaximumSuppression({}, {}, 0.4F).empty());
}

TEST(SelectFaceDetectionsTest, ThresholdTopKNmsAndScaling) {
    // Five candidates in [0, 1] units of a 200 x 100 image.
    const FloatTensor boxes({5, 4}, {0.0F, 0.0F, 0.1F,  0.2F,    // 0: 20 x 20 px at the origin
                                     0.0F, 0.0F, 0.1F,  0.2F,    // 1: the same box, lower score
                                     0.5F, 0.5F, 0.6F,  0.7F,    // 2
                                     0.8F, 0.1F, 0.9F,  0.3F,    // 3: below the threshold
                                     0.3F, 0.3F, 0.35F, 0.4F});  // 4
    FloatTensor landmarks({5, 10});
    for (std::size_t i = 0; i < landmarks.data.size(); ++i) {
        landmarks.data[i] = 0.5F;
    }
    const FloatTensor conf({1, 5, 2},
                           {0.05F, 0.95F, 0.08F, 0.92F, 0.1F, 0.91F, 0.5F, 0.5F, 0.02F, 0.98F});
    auto dets = selectFaceDetections(boxes, landmarks, conf, 200, 100);
    ASSERT_TRUE(dets) << dets.error().message;
    ASSERT_EQ(dets->size(), 3U);
    EXPECT_FLOAT_EQ((*dets)[0].score, 0.98F);
    EXPECT_FLOAT_EQ((*dets)[1].score, 0.95F);
    EXPECT_FLOAT_EQ((*dets)[2].score, 0.91F);
    EXPECT_FLOAT_EQ((*dets)[1].box[2], 20.0F);
    EXPECT_FLOAT_EQ((*dets)[1].box[3], 20.0F);
    EXPECT_FLOAT_EQ((*dets)[0].landmarks[0], 100.0F);
    EXPECT_FLOAT_EQ((*dets)[0].landmarks[1], 50.0F);

    auto top1 = selectFaceDetections(boxes, landmarks, conf, 200, 100, {.topK = 1});
    ASSERT_TRUE(top1);
    EXPECT_EQ(top1->size(), 1U);
    auto keep2 = selectFaceDetections(boxes, landmarks, conf, 200, 100, {.keepTopK = 2});
    ASSERT_TRUE(keep2);
    EXPECT_EQ(keep2->size(), 2U);
    auto loose = selectFaceDetections(boxes, landmarks, conf, 200, 100, {.scoreThreshold = 0.4F});
    ASSERT_TRUE(loose);
    EXPECT_EQ(loose->size(), 4U);
    EXPECT_FALSE(selectFaceDetections(boxes, landmarks, FloatTensor({4, 2}), 200, 100));
}

// Timing at a realistic size; run with --gtest_also_run_disabled_tests.
TEST_F(RetinaFaceTest, DISABLED_Timing1000x1000) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(kCase);
    ASSERT_NE(c, nullptr);
    for (bool fold : {true, false}) {
        auto net = RetinaFace::create(fixtureWeights(), kCase, {.foldBatchNorm = fold});
        ASSERT_TRUE(net);
        const FloatTensor input = test::fillTensor({1, 3, 1000, 1000}, 7, 0.0, 100.0);
        ASSERT_TRUE((*net)->forward(input));  // warm-up
        for (int i = 0; i < 3; ++i) {
            const auto t0 = std::chrono::steady_clock::now();
            const std::clock_t c0 = std::clock();
            ASSERT_TRUE((*net)->forward(input));
            const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
            const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
            std::cout << (fold ? "folded" : "separate") << " 1000x1000 forward: " << dt.count()
                      << " s wall, " << cpu << " s CPU\n";
        }
    }
}

}  // namespace
}  // namespace gpen
