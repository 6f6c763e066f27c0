// SPDX-License-Identifier: Apache-2.0
// restorePhoto end to end through the model cache, with every optional stage on: the RRDBNet
// background pass (x2, tiled), dlib detection, a small GPEN, and ParseNet masks. The networks'
// numbers are checked by their own parity suites; this checks what the pipeline does with them.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/engine/embedded_upscaler.h"
#include "gpen/engine/model_cache.h"
#include "gpen/face/paste_mask.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/pipeline_models.h"
#include "gpen/pipeline/restore_pipeline.h"
#include "support/checkpoint_file.h"
#include "support/fill_rule.h"
#include "support/fixtures.h"
#include "support/pipeline_test_cache.h"
#include "support/temp_models_dir.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;

class RestorePipelineTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }

    void SetUp() override {
        if (!test::manifest()) GTEST_SKIP() << "fixtures not found at " << test::fixturesDir();
        // Three faces of the second and third rows (ParseNet costs seconds per face).
        m_photo = test::solvayThreeFaces();
        if (m_photo.empty())
            GTEST_SKIP() << "sample photo not found in " << test::sampleImagesDir();

        m_models = m_dir.dir("models");
        test::copyFixture("rrdb-x2-f8-b2-g4.pth", m_models / "realesrnet_x2.pth");
        test::copyFixture("gpen-64-cm1-n0.0625.pth", m_models / "tiny-gpen.pth");
        // ParseNet at its released size, weights by the fixtures' fill rule, under its released
        // name.
        test::writeStateDictCheckpoint(
            m_models / "ParseNet-latest.pth",
            test::fillStateDict(*test::findCase("parsenet-fill"), StateDict{}));
    }

    // withEmbedded false: a build without the built-in upscalers (they could not be fetched).
    std::unique_ptr<ModelCache> makeCache(bool withEmbedded = true) const {
        return makeCache(pipelineModelLoaders({}), withEmbedded);
    }
    std::unique_ptr<ModelCache> makeCache(ModelLoaderRegistry loaders, bool withEmbedded = true,
                                          Precision precision = Precision::Fp32) const {
        ModelCacheParams p;
        p.precision = precision;
        if (!withEmbedded) {
            p.catalog = ModelCatalog();
            const ModelCatalog released = ModelCatalog::released();
            for (const auto& e : released.entries()) {
                if (!(e.kind == ModelKind::Background && e.builtIn)) p.catalog.add(e);
            }
        }
        p.search.commandLineDir = m_models;
        p.search.useEnvironment = false;
        p.search.userDir = m_dir.dir("user");
        p.search.installedDir = m_dir.dir("installed");
        p.loaders = std::move(loaders);
        p.preload.clear();
        auto cache = std::make_unique<ModelCache>(std::move(p));
        cache->start();
        return cache;
    }

    test::TempModelsDir m_dir{"restore-pipeline"};
    fs::path m_models;
    cv::Mat m_photo;
};

TEST_F(RestorePipelineTest, BackgroundPassDetectionGpenAndParseNetMasksEndToEnd) {
    auto cache = makeCache();
    std::vector<Progress> progress;
    RestoreParams p;
    p.faceModel = "tiny-gpen";
    p.detector = "dlib";
    p.backgroundScale = 2;
    p.tiles.tileSize = 96;  // several tiles, cross-faded
    p.tiles.overlap = 16;
    p.progress = [&](const Progress& pr) { progress.push_back(pr); };

    auto r = restorePhoto(*cache, m_photo, p);
    ASSERT_TRUE(r) << r.error().message;
    for (const auto& t : r->timings) std::printf("  %s: %.0f ms\n", t.stage.c_str(), t.ms);

    // Output = input x scale, the background is the x2 network's (not a resize), masks from
    // ParseNet.
    EXPECT_EQ(r->image.size(), cv::Size(400, 300));
    EXPECT_EQ(r->background.size(), r->image.size());
    EXPECT_EQ(r->maskSource, "ParseNet-latest");
    // The cache counts what the parser holds (it once said 0 bytes): at least its weights.
    EXPECT_GE(cache->status("ParseNet-latest").residentBytes,
              fs::file_size(m_models / "ParseNet-latest.pth") * 9 / 10);
    EXPECT_EQ(r->detectorUsed, "dlib");
    ASSERT_GE(r->faces.size(), 3U);
    auto background = cache->acquireAs<BackgroundModel>("realesrnet_x2");
    ASSERT_TRUE(background) << background.error().message;
    auto direct = (*background)->upscale(m_photo, p.tiles, {}, {});
    ASSERT_TRUE(direct) << direct.error().message;
    // The photo is gray, so the canvas is the network's output made gray.
    ASSERT_TRUE(r->grayscale);
    cv::Mat gray;
    cv::cvtColor(*direct, gray, cv::COLOR_BGR2GRAY);
    cv::cvtColor(gray, gray, cv::COLOR_GRAY2BGR);
    EXPECT_EQ(cv::norm(gray, r->background, cv::NORM_INF), 0);
    cv::Mat resized;
    cv::resize(m_photo, resized, r->image.size(), 0, 0, cv::INTER_LINEAR);
    EXPECT_GT(cv::norm(resized, r->background, cv::NORM_L1) / static_cast<double>(resized.total()),
              1.0)
        << "the background must be the network's output, not a plain resize";

    // ParseNet's masks, not the rectangle: each one differs from it and covers part of the crop.
    auto rectangle = rectanglePasteMask(64);
    ASSERT_TRUE(rectangle);
    for (const auto& f : r->faces) {
        ASSERT_EQ(f.mask.size(), rectangle->size());
        EXPECT_GT(cv::norm(f.mask, *rectangle, cv::NORM_L1), 1.0);
        const double covered = cv::sum(f.mask)[0] / static_cast<double>(f.mask.total());
        EXPECT_GT(covered, 0.01);
        EXPECT_LT(covered, 1.0);
    }

    // Outside every face's neighbourhood the output is the background pass, pixel for pixel; the
    // faces changed it.
    cv::Mat nearFaces = cv::Mat::zeros(r->image.size(), CV_8U);
    for (const auto& f : r->faces) {
        const auto& b = f.detection.box;
        cv::rectangle(nearFaces,
                      cv::Rect(cv::Point(int(b.x - b.width), int(b.y - b.height)),
                               cv::Point(int(b.x + 2 * b.width), int(b.y + 2 * b.height))),
                      cv::Scalar(255), cv::FILLED);
    }
    cv::Mat diff, changed;
    cv::absdiff(r->image, r->background, diff);
    cv::cvtColor(diff, changed, cv::COLOR_BGR2GRAY);
    EXPECT_GT(cv::countNonZero(changed), 200);
    changed.setTo(0, nearFaces);
    EXPECT_EQ(cv::countNonZero(changed), 0);

    // Every stage reported, in the pipeline's order, each ending complete.
    std::vector<std::string> stages;
    for (const auto& pr : progress) {
        if (stages.empty() || stages.back() != pr.stage) stages.push_back(pr.stage);
    }
    const std::vector<std::string> expected = {"background", "detection", "faces", "mask"};
    EXPECT_EQ(stages, expected);
    for (const auto& stage : expected) {
        const auto last = std::find_if(progress.rbegin(), progress.rend(),
                                       [&](const Progress& pr) { return pr.stage == stage; });
        ASSERT_NE(last, progress.rend());
        EXPECT_EQ(last->done, last->total) << stage;
        EXPECT_GT(last->total, 0) << stage;
    }
    for (const char* stage :
         {"background", "detection", "alignment", "faces", "mask", "paste-back"}) {
        EXPECT_TRUE(std::any_of(r->timings.begin(), r->timings.end(), [&](const StageTiming& t) {
            return t.stage == stage;
        })) << stage;
    }
}

// Each loaded model says what it computes in (the model list's tooltip shows it): the cache's
// precision for the networks, nothing for dlib's HOG detector.
TEST_F(RestorePipelineTest, EveryLoadedModelSaysWhatItComputesIn) {
    for (const Precision precision : {Precision::Fp32, Precision::Bf16}) {
        auto cache = makeCache(pipelineModelLoaders({}), true, precision);
        RestoreParams p;
        p.faceModel = "tiny-gpen";
        p.detector = "dlib";
        p.identity = false;
        auto r = restorePhoto(*cache, m_photo, p);
        ASSERT_TRUE(r) << r.error().message;
        for (const char* id : {"tiny-gpen", "ParseNet-latest"}) {
            EXPECT_EQ(cache->status(id).state, ModelState::Ready) << id;
            EXPECT_EQ(cache->status(id).precision, precision) << id;
        }
        EXPECT_EQ(cache->status("dlib").precision, std::nullopt);
    }
}

TEST_F(RestorePipelineTest, ToneMatchingBringsEachFaceToItsInputsBrightness) {
    auto cache = makeCache();
    RestoreParams p;
    p.faceModel = "tiny-gpen";
    p.detector = "dlib";
    p.parser.clear();  // the rectangle mask: this test is about tone
    auto plain = restorePhoto(*cache, m_photo, p);
    p.matchTone = true;
    auto matched = restorePhoto(*cache, m_photo, p);
    ASSERT_TRUE(plain && matched);
    ASSERT_EQ(plain->faces.size(), matched->faces.size());
    ASSERT_FALSE(matched->faces.empty());
    const auto meanIn = [](const cv::Mat& bgr, const cv::Mat& mask) {
        cv::Mat gray, m8;
        cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
        mask.convertTo(m8, CV_8U, 255.0);
        return cv::mean(gray, m8 > 128)[0];
    };
    for (std::size_t i = 0; i < matched->faces.size(); ++i) {
        const auto& f = matched->faces[i];
        const double want = meanIn(f.aligned, f.mask);
        EXPECT_LT(std::abs(meanIn(f.restored, f.mask) - want), 2.0) << "face " << i;
        EXPECT_LT(std::abs(meanIn(f.restored, f.mask) - want),
                  std::abs(meanIn(plain->faces[i].restored, f.mask) - want) + 1e-9)
            << "face " << i;
    }
}

TEST_F(RestorePipelineTest, CancelDuringTheBackgroundPassStopsBeforeTheFaces) {
    auto cache = makeCache();
    std::stop_source cancel;
    RestoreParams p;
    p.faceModel = "tiny-gpen";
    p.detector = "dlib";
    p.backgroundScale = 2;
    p.tiles.tileSize = 64;
    p.stop = cancel.get_token();
    bool sawFaces = false;
    p.progress = [&](const Progress& pr) {
        if (pr.stage == "background" && pr.done == 1) cancel.request_stop();
        if (pr.stage == "faces") sawFaces = true;
    };
    auto r = restorePhoto(*cache, m_photo, p);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ErrorCode::Cancelled);
    EXPECT_FALSE(sawFaces);
}

TEST_F(RestorePipelineTest, AMissingUpscalerIsAnErrorNotASilentlySmallerImage) {
    auto cache = makeCache(false);
    RestoreParams p;
    p.faceModel = "tiny-gpen";
    p.detector = "dlib";
    p.backgroundScale = 4;  // realesrnet_x4 is not installed here
    auto r = restorePhoto(*cache, m_photo, p);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("realesrnet_x4"), std::string::npos) << r.error().message;
}

// The real detector's faces, with one more at index 1 whose five landmarks coincide (as a
// detector can report for a face seen edge-on or a false positive): it cannot be aligned.
class WithADegenerateFace final : public FaceDetectorModel {
  public:
    explicit WithADegenerateFace(std::shared_ptr<const FaceDetectorModel> inner)
        : m_inner(std::move(inner)) {}
    std::string architecture() const override { return m_inner->architecture(); }
    std::uint64_t weightBytes() const override { return m_inner->weightBytes(); }
    Expected<std::vector<DetectedFace>> detect(const cv::Mat& bgr8,
                                               const FaceDetectParams& params) const override {
        auto faces = m_inner->detect(bgr8, params);
        if (!faces) return faces;
        DetectedFace bad;
        bad.box = cv::Rect2d(10, 10, 20, 20);
        bad.score = 1;
        bad.landmarks.fill(cv::Point2d(15, 15));
        faces->insert(faces->begin() +
                          std::min<std::ptrdiff_t>(1, static_cast<std::ptrdiff_t>(faces->size())),
                      bad);
        return faces;
    }

  private:
    std::shared_ptr<const FaceDetectorModel> m_inner;
};

TEST_F(RestorePipelineTest, ADegenerateFaceIsSkippedWithANoteAndTheOthersRestored) {
    ModelLoaderRegistry loaders = pipelineModelLoaders({});
    ModelLoaderSpec detector = *loaders.find(ModelKind::Detector);
    detector.load = [inner = detector.load](
                        const ModelLoadInput& in) -> Expected<std::shared_ptr<const LoadedModel>> {
        auto model = inner(in);
        if (!model) return model;
        auto real = std::dynamic_pointer_cast<const FaceDetectorModel>(*model);
        return std::shared_ptr<const LoadedModel>(
            std::make_shared<WithADegenerateFace>(std::move(real)));
    };
    loaders.add(ModelKind::Detector, detector);
    auto cache = makeCache(std::move(loaders));
    RestoreParams p;
    p.faceModel = "tiny-gpen";
    p.detector = "dlib";
    p.parser.clear();
    auto plain = restorePhoto(*makeCache(), m_photo, p);
    ASSERT_TRUE(plain) << plain.error().message;
    ASSERT_GE(plain->faces.size(), 1U);
    auto r = restorePhoto(*cache, m_photo, p);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->faces.size(), plain->faces.size());
    ASSERT_EQ(r->notes.size(), plain->notes.size() + 1);
    EXPECT_NE(
        std::find_if(r->notes.begin(), r->notes.end(),
                     [](const std::string& n) { return n.rfind("face 2 skipped: ", 0) == 0; }),
        r->notes.end());
    // The faces that could be aligned are restored as without the bad one.
    cv::Mat diff;
    cv::absdiff(r->image, plain->image, diff);
    EXPECT_EQ(cv::countNonZero(diff.reshape(1)), 0);
}

}  // namespace
}  // namespace gpen
