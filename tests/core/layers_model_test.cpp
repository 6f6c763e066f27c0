// The TensorFlow.js layers-model reader: parity of the embedded upscaler with @tensorflow/tfjs
// (fixtures made once by tests/tools/make_upscaler_fixtures.js), and clear errors for what it
// does not support.

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "gpen/engine/embedded_upscaler.h"
#include "gpen/nn/layers_model.h"
#include "support/fixtures.h"

namespace fs = std::filesystem;
using gpen::FloatTensor;
using gpen::LayersModel;
using nlohmann::json;

namespace {

const fs::path kData = fs::path(GPEN_TEST_DATA_DIR) / "upscaler";

// NHWC <-> NCHW for a [1, H, W, C] / [1, C, H, W] tensor.
FloatTensor nhwcToNchw(const FloatTensor& t) {
    const auto h = t.shape[1], w = t.shape[2], c = t.shape[3];
    FloatTensor out({1, c, h, w});
    for (std::int64_t y = 0; y < h; ++y)
        for (std::int64_t x = 0; x < w; ++x)
            for (std::int64_t k = 0; k < c; ++k)
                out.data[static_cast<std::size_t>((k * h + y) * w + x)] = t.data[static_cast<std::size_t>((y * w + x) * c + k)];
    return out;
}

// GCC 12 warns wrongly (-Wrestrict) on "literal" + std::string temporaries: a stream instead.
template <class... T>
std::string joined(const T&... parts) {
    std::ostringstream s;
    (s << ... << parts);
    return s.str();
}

gpen::Shape shapeOf(const json& j) { return j.get<gpen::Shape>(); }

// A folder with a one-layer-at-a-time model.json and its weights.
struct TempModel {
    fs::path dir = fs::temp_directory_path() / joined("gpen-layers-", ::getpid(), "-",
                                                      ::testing::UnitTest::GetInstance()->current_test_info()->name());
    TempModel(const json& layers, const json& weights, const std::vector<float>& data) {
        fs::create_directories(dir);
        json doc = {{"format", "layers-model"},
                    {"modelTopology",
                     {{"model_config",
                       {{"class_name", "Functional"},
                        {"config",
                         {{"name", "tiny"}, {"layers", layers}, {"input_layers", {{"in", 0, 0}}},
                          {"output_layers", {{layers.back()["name"], 0, 0}}}}}}}}},
                    {"weightsManifest", {{{"paths", {"w.bin"}}, {"weights", weights}}}}};
        std::ofstream(dir / "model.json") << doc.dump();
        std::ofstream(dir / "w.bin", std::ios::binary)
            .write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size() * sizeof(float)));
    }
    ~TempModel() { fs::remove_all(dir); }
};

json inputLayer() {
    return {{"class_name", "InputLayer"}, {"name", "in"}, {"config", {{"batch_input_shape", {nullptr, nullptr, nullptr, 1}}}},
            {"inbound_nodes", json::array()}};
}
json layer(const std::string& cls, const std::string& name, json config, const std::vector<std::string>& from) {
    json edges = json::array();
    for (const auto& f : from) edges.push_back({f, 0, 0, json::object()});
    return {{"class_name", cls}, {"name", name}, {"config", std::move(config)}, {"inbound_nodes", {edges}}};
}

}  // namespace

TEST(LayersModel, MatchesTfjsOnTheEmbeddedUpscalerAtEveryScale) {
    if (gpen::embeddedUpscalerDir().empty()) {
        GTEST_SKIP() << "the embedded upscaler is absent: the build could not fetch @upscalerjs with npm "
                        "(cmake/GpenEmbeddedUpscaler.cmake)";
    }
    std::ifstream in(kData / "index.json");
    ASSERT_TRUE(in) << kData;
    const json index = json::parse(in);
    ASSERT_EQ(index["cases"].size(), gpen::embeddedUpscalerScales().size());
    for (const json& c : index["cases"]) {
        const int scale = c["scale"].get<int>();
        SCOPED_TRACE(joined("x", scale));
        std::string id = gpen::embeddedUpscalerId(scale);
        std::transform(id.begin(), id.end(), id.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
        ASSERT_EQ(id, joined(index["variant"].get<std::string>(), "-x", scale)) << "fixtures of another variant";
        auto model = LayersModel::load(gpen::embeddedUpscalerFile(scale));
        ASSERT_TRUE(model) << model.error().message;
        EXPECT_EQ((*model)->scale(), scale);
        const FloatTensor input = gpen::test::readF32(kData / c["input"].get<std::string>(), shapeOf(c["inputShape"]));
        const FloatTensor ref = gpen::test::readF32(kData / c["output"].get<std::string>(), shapeOf(c["outputShape"]));
        auto out = (*model)->forward(nhwcToNchw(input));
        ASSERT_TRUE(out) << out.error().message;
        const FloatTensor refNchw = nhwcToNchw(ref);
        ASSERT_EQ(out->shape, refNchw.shape);
        // In the pipeline's units ([0, 1]; the model's are [0, 255]).
        double maxDiff = 0;
        for (std::size_t i = 0; i < out->data.size(); ++i) {
            maxDiff = std::max(maxDiff, std::abs(static_cast<double>(out->data[i]) - refNchw.data[i]) / 255.0);
        }
        EXPECT_LE(maxDiff, 1e-4);
        std::cout << "x" << scale << ": max |C++ - tfjs| = " << maxDiff * 255.0 << " levels of 255\n";
    }
}

TEST(LayersModel, RunsConvConcatAddAndNearestUpsampling) {
    // out = up2(concat(x, relu(conv2x2_same(x))) summed over channels by a 1x1 conv) + nothing:
    // checked against the same arithmetic written out.
    const json layers = {inputLayer(),
                         layer("Conv2D", "c", {{"filters", 1}, {"kernel_size", {2, 2}}, {"padding", "same"}, {"activation", "relu"}}, {"in"}),
                         layer("Concatenate", "cat", {{"axis", -1}}, {"in", "c"}),
                         layer("Conv2D", "mix", {{"filters", 1}, {"kernel_size", {1, 1}}, {"padding", "valid"}, {"activation", "linear"}}, {"cat"}),
                         layer("Add", "sum", json::object(), {"mix", "in"}),
                         layer("Activation", "a", {{"activation", "linear"}}, {"sum"}),
                         layer("UpSampling2D", "up", {{"size", {2, 2}}, {"interpolation", "nearest"}}, {"a"})};
    const json weights = {{{"name", "c/kernel"}, {"shape", {2, 2, 1, 1}}, {"dtype", "float32"}},
                          {{"name", "c/bias"}, {"shape", {1}}, {"dtype", "float32"}},
                          {{"name", "mix/kernel"}, {"shape", {1, 1, 2, 1}}, {"dtype", "float32"}},
                          {{"name", "mix/bias"}, {"shape", {1}}, {"dtype", "float32"}}};
    // c: 2x2 kernel [[1, 2], [3, 4]], bias -1; mix: 0.5 * x + 2 * c + 0.25.
    TempModel m(layers, weights, {1, 2, 3, 4, -1, 0.5F, 2, 0.25F});
    auto model = LayersModel::load(m.dir / "model.json");
    ASSERT_TRUE(model) << model.error().message;
    EXPECT_EQ((*model)->scale(), 2);
    const FloatTensor x({1, 1, 2, 3}, {1, 2, 3, 4, 5, 6});
    auto out = (*model)->forward(x);
    ASSERT_TRUE(out) << out.error().message;
    ASSERT_EQ(out->shape, (gpen::Shape{1, 1, 4, 6}));
    // TensorFlow's 'same' for an even kernel pads 0 before and 1 after: c(y, x) = relu(
    // 1*x[y][x] + 2*x[y][x+1] + 3*x[y+1][x] + 4*x[y+1][x+1] - 1), zeros outside.
    auto at = [&](int y, int xx) { return y < 2 && xx < 3 ? x.data[static_cast<std::size_t>(y * 3 + xx)] : 0.0F; };
    for (int y = 0; y < 2; ++y) {
        for (int xx = 0; xx < 3; ++xx) {
            const float c = std::max(0.0F, at(y, xx) + 2 * at(y, xx + 1) + 3 * at(y + 1, xx) + 4 * at(y + 1, xx + 1) - 1);
            const float expected = 0.5F * at(y, xx) + 2 * c + 0.25F + at(y, xx);
            for (int dy = 0; dy < 2; ++dy)
                for (int dx = 0; dx < 2; ++dx)
                    EXPECT_FLOAT_EQ(out->data[static_cast<std::size_t>((2 * y + dy) * 6 + 2 * xx + dx)], expected) << y << "," << xx;
        }
    }
}

TEST(LayersModel, AnUnsupportedLayerIsAnErrorNamingIt) {
    TempModel m({inputLayer(), layer("Dense", "head", {{"units", 4}}, {"in"})}, json::array(), {});
    auto model = LayersModel::load(m.dir / "model.json");
    ASSERT_FALSE(model);
    EXPECT_EQ(model.error().code, gpen::ErrorCode::UnsupportedArchitecture);
    EXPECT_NE(model.error().message.find("model.json"), std::string::npos) << model.error().message;
    EXPECT_NE(model.error().message.find("'head'"), std::string::npos) << model.error().message;
    EXPECT_NE(model.error().message.find("'Dense'"), std::string::npos) << model.error().message;
}

TEST(LayersModel, ShortWeightsAndBadActivationsAreErrors) {
    const json conv = layer("Conv2D", "c", {{"filters", 1}, {"kernel_size", {1, 1}}, {"padding", "valid"}, {"activation", "relu"}}, {"in"});
    const json weights = {{{"name", "c/kernel"}, {"shape", {1, 1, 1, 1}}, {"dtype", "float32"}},
                          {{"name", "c/bias"}, {"shape", {1}}, {"dtype", "float32"}}};
    {
        TempModel m({inputLayer(), conv}, weights, {1});
        auto model = LayersModel::load(m.dir / "model.json");
        ASSERT_FALSE(model);
        EXPECT_EQ(model.error().code, gpen::ErrorCode::Truncated) << model.error().message;
    }
    {
        json bad = conv;
        bad["config"]["activation"] = "swish";
        TempModel m({inputLayer(), bad}, weights, {1, 0});
        auto model = LayersModel::load(m.dir / "model.json");
        ASSERT_FALSE(model);
        EXPECT_NE(model.error().message.find("'swish'"), std::string::npos) << model.error().message;
    }
    auto missing = LayersModel::load("/nonexistent/model.json");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("/nonexistent/model.json"), std::string::npos);
}
