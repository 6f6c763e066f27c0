// The embedded upscaler in the pipeline: found through the catalog, run on the tiled path, the
// package's own sample reproduced, better than nearest and bilinear upscaling on a real photo, and
// the background model whenever neither a realesrnet file nor Real-ESRGAN is installed.

#include <cmath>
#include <iostream>
#include <utility>

#include <gtest/gtest.h>
#include <opencv2/imgproc.hpp>

#include "gpen/engine/embedded_upscaler.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/restore_job.h"
#include "support/image_quality.h"
#include "support/temp_models_dir.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;

using test::meanGradient;
using test::psnr;

class EmbeddedUpscalerTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (embeddedUpscalerDir().empty()) {
            GTEST_SKIP() << "the embedded upscaler is absent: the build could not fetch @upscalerjs with npm "
                            "(cmake/GpenEmbeddedUpscaler.cmake)";
        }
        const fs::path solvay = test::sampleImagesDir() / "Solvay_conference_1927.png";
        if (!fs::exists(solvay)) GTEST_SKIP() << "sample photo not found at " << solvay;
        auto photo = readImageBgr8(solvay);
        ASSERT_TRUE(photo) << photo.error().message;
        // Faces, a suit and a wall of the second row: edges and texture.
        m_original = (*photo)(cv::Rect(640, 120, 256, 192)).clone();
    }

    std::unique_ptr<ModelCache> makeCache() {
        ModelCacheParams p;
        p.search.commandLineDir = m_dir.dir("models");
        p.search.useEnvironment = false;
        p.search.userDir = m_dir.dir("user");
        p.search.installedDir = m_dir.dir("installed");
        p.loaders = pipelineModelLoaders({});
        p.preload.clear();
        p.warmup.enabled = false;
        auto cache = std::make_unique<ModelCache>(std::move(p));
        cache->start();
        return cache;
    }

    test::TempModelsDir m_dir{"embedded-upscaler"};
    cv::Mat m_original;
};

// The photo halved, then brought back to its size by the network and by plain interpolation.
// Halved two ways: by averaging 2 x 2 blocks (what a smaller scan of the same print gives; close
// to DIV2K's anti-aliased bicubic x2, the degradation the network was trained on) and by bicubic
// sampling without anti-aliasing (aliased). Either way the network is closer to the original than
// nearest-neighbour and sharper than bilinear upscaling. It is NOT sharper than bicubic (mean
// gradient: bicubic's overshoot wins) and only matches it in PSNR on the aliased input (34.1 vs
// 34.0 dB; 32.2 vs 33.4 dB averaged): measured on this crop and on two colour photos for slim and
// medium alike (tests/tools/upscaler_quality.cpp), so this is what the test holds it to.
TEST_F(EmbeddedUpscalerTest, AHalvedPhotoRestoredX2IsCloserThanNearestAndSharperThanBilinear) {
    auto cache = makeCache();
    auto model = cache->acquireAs<BackgroundModel>(embeddedUpscalerId(2));
    ASSERT_TRUE(model) << model.error().message;
    EXPECT_EQ((*model)->scale(), 2);
    for (const auto& [how, interpolation] : {std::pair{"2x2 average", cv::INTER_AREA}, std::pair{"bicubic sampling", cv::INTER_CUBIC}}) {
        SCOPED_TRACE(how);
        cv::Mat half, nearest, bilinear, bicubic;
        cv::resize(m_original, half, cv::Size(), 0.5, 0.5, interpolation);
        cv::resize(half, nearest, m_original.size(), 0, 0, cv::INTER_NEAREST);
        cv::resize(half, bilinear, m_original.size(), 0, 0, cv::INTER_LINEAR);
        cv::resize(half, bicubic, m_original.size(), 0, 0, cv::INTER_CUBIC);
        // Tiles smaller than the photo, so that the blended tiled path is what is measured.
        auto restored = (*model)->upscale(half, {.tileSize = 64, .overlap = 16, .padding = 10}, {}, nullptr);
        ASSERT_TRUE(restored) << restored.error().message;
        ASSERT_EQ(restored->size(), m_original.size());
        const double pNet = psnr(*restored, m_original), pNearest = psnr(nearest, m_original);
        const double pBilinear = psnr(bilinear, m_original), pBicubic = psnr(bicubic, m_original);
        const double gNet = meanGradient(*restored), gBilinear = meanGradient(bilinear);
        std::cout << embeddedUpscalerId(2) << ", halved by " << how << ": PSNR " << pNet << " dB (nearest " << pNearest
                  << ", bilinear " << pBilinear << ", bicubic " << pBicubic << "); mean gradient " << gNet << " (nearest "
                  << meanGradient(nearest) << ", bilinear " << gBilinear << ", bicubic " << meanGradient(bicubic)
                  << ", original " << meanGradient(m_original) << ")\n";
        EXPECT_GT(pNet, pNearest + 3.0);
        EXPECT_GT(pNet, pBilinear);
        EXPECT_GT(gNet, gBilinear);
    }
}

// End to end against UpscalerJS itself: the package's own sample, its fixture.png upscaled x2 by
// UpscalerJS with the model's pre- and post-processing (input and output in [0, 255], clipped),
// is what the pipeline gives for the same photo on the tiled path.
TEST_F(EmbeddedUpscalerTest, ReproducesThePackagesOwnX2Sample) {
    const fs::path samples = GPEN_UPSCALER_SAMPLES_DIR;
    if (!fs::exists(samples / "x2.png")) GTEST_SKIP() << "the package's sample is not in the build tree: " << samples;
    auto fixture = readImageBgr8(samples / "fixture.png");
    auto expected = readImageBgr8(samples / "x2.png");
    ASSERT_TRUE(fixture) << fixture.error().message;
    ASSERT_TRUE(expected) << expected.error().message;
    auto cache = makeCache();
    auto model = cache->acquireAs<BackgroundModel>(embeddedUpscalerId(2));
    ASSERT_TRUE(model) << model.error().message;
    auto restored = (*model)->upscale(*fixture, {.tileSize = 64, .overlap = 16, .padding = 10}, {}, nullptr);
    ASSERT_TRUE(restored) << restored.error().message;
    ASSERT_EQ(restored->size(), expected->size());
    cv::Mat diff;
    cv::absdiff(*restored, *expected, diff);
    double worst = 0;
    cv::minMaxLoc(diff.reshape(1), nullptr, &worst);
    const double p = psnr(*restored, *expected);
    std::cout << "the package's x2 sample: PSNR " << p << " dB, largest difference " << worst << " levels\n";
    EXPECT_GT(p, 60.0);  // rounding: a few pixels one level apart
    EXPECT_LE(worst, 2.0);
}

// The background network resolveModels() picks for a scale; "" where it refuses the scale.
std::string backgroundFor(const ModelCache& cache, int scale) {
    RestoreParams p;
    p.faceModel.clear();
    p.backgroundScale = scale;
    auto m = resolveModels(cache, p);
    return m ? m->background : std::string();
}

std::string defaultBackground(int scale) { return builtInUpscalerId(scale); }

TEST_F(EmbeddedUpscalerTest, WithNoFaceModelRestoreUpscalesWithTheDefaultNetworkAndSaysSo) {
    auto cache = makeCache();
    const std::string expected = defaultBackground(2);
    EXPECT_EQ(backgroundFor(*cache, 2), expected);
    RestoreParams p;
    p.faceModel.clear();
    p.backgroundScale = 2;
    p.tiles.tileSize = 128;
    cv::Mat small;
    cv::resize(m_original, small, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
    auto r = restorePhoto(*cache, small, p);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->image.size(), cv::Size(small.cols * 2, small.rows * 2));
    EXPECT_EQ(r->backgroundUsed, expected);
    EXPECT_TRUE(r->faces.empty());
    EXPECT_EQ(cv::norm(r->image, r->background, cv::NORM_INF), 0.0);
    std::string notes;
    for (const auto& n : r->notes) notes += n + "\n";
    EXPECT_NE(notes.find("no face model"), std::string::npos) << notes;
    EXPECT_NE(notes.find(expected), std::string::npos) << notes;
}

TEST_F(EmbeddedUpscalerTest, AnInstalledRealesrnetFileWinsOverTheEmbeddedNetwork) {
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found at " << test::fixturesDir();
    test::copyFixture("rrdb-x2-f8-b2-g4.pth", m_dir.dir("models") / "realesrnet_x2.pth");
    auto cache = makeCache();
    EXPECT_EQ(backgroundFor(*cache, 2), "realesrnet_x2");
    EXPECT_EQ(backgroundFor(*cache, 4), defaultBackground(4));  // no realesrnet_x4 here
    EXPECT_EQ(backgroundFor(*cache, 5), "");
}

TEST(EmbeddedUpscalerCatalog, EveryScaleIsABuiltInBackgroundModelUnderMit) {
    const ModelCatalog c = ModelCatalog::released();
    for (const int scale : embeddedUpscalerScales()) {
        const ModelEntry* e = c.find(embeddedUpscalerId(scale));
        ASSERT_NE(e, nullptr) << scale;
        EXPECT_EQ(e->kind, ModelKind::Background);
        EXPECT_TRUE(e->builtIn);
        EXPECT_EQ(e->scale, scale);
        EXPECT_TRUE(e->fileName.empty());
        EXPECT_NE(e->licence.find("MIT"), std::string::npos);
        EXPECT_EQ(e->systemFile.filename(), "model.json");
    }
}

}  // namespace
}  // namespace gpen
