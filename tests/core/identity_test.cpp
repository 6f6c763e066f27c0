// SPDX-License-Identifier: Apache-2.0
// The identity descriptor (faceres, cmake/GpenIdentity.cmake): the TF.js graph reader and the
// network built from it match the TF.js reference (tfjs-converter + tfjs-backend-cpu 4.22.0,
// tests/tools/make_identity_fixtures.js) on stored crops; on the Solvay photo's faces a face
// re-shot (shifted, JPEG q30) still scores as itself and different people do not; a damaged or
// foreign graph is refused with an error that names it.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/engine/embedded_identity.h"
#include "gpen/face/dlib_face_detector.h"
#include "gpen/face/face_alignment.h"
#include "gpen/io/tfjs_graph_model.h"
#include "gpen/nn/face_descriptor_net.h"
#include "gpen/pipeline/identity_model.h"
#include "support/fixtures.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;

const fs::path kData = fs::path(GPEN_TEST_DATA_DIR) / "identity";

std::vector<float> normalised(std::vector<float> v) {
    double n = 0;
    for (float x : v) n += double(x) * x;
    for (float& x : v) x = static_cast<float>(x / std::sqrt(n));
    return v;
}

class IdentityTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }
    void SetUp() override {
        m_dir = identityModelDir();
        if (m_dir.empty()) {
            GTEST_SKIP() << "the identity descriptor is absent: the build could not fetch "
                            "@vladmandic/human with npm "
                            "(cmake/GpenIdentity.cmake)";
        }
    }
    std::unique_ptr<IdentityModel> model() const {
        auto graph = readTfjsGraphModel(m_dir / "faceres.json");
        EXPECT_TRUE(graph) << graph.error().message;
        auto net = FaceDescriptorNet::fromTfjs(*graph, kIdentityDescriptorNode, "faceres.json");
        EXPECT_TRUE(net) << net.error().message;
        return std::make_unique<IdentityModel>(std::move(*net));
    }
    // A copy of the model in a folder of its own, its JSON passed through `edit`.
    fs::path editedCopy(const std::function<void(nlohmann::json&)>& edit) const {
        const fs::path dir =
            fs::path(::testing::TempDir()) / ("identity-" + std::to_string(++m_copies));
        fs::remove_all(dir);
        fs::create_directories(dir);
        fs::copy_file(m_dir / "faceres.bin", dir / "faceres.bin");
        std::ifstream in(m_dir / "faceres.json");
        nlohmann::json j = nlohmann::json::parse(in);
        edit(j);
        std::ofstream(dir / "faceres.json") << j.dump();
        return dir;
    }

    fs::path m_dir;
    mutable int m_copies = 0;
};

TEST_F(IdentityTest, TheReaderGivesTheGraphAndItsWeightsDequantised) {
    auto graph = readTfjsGraphModel(m_dir / "faceres.json");
    ASSERT_TRUE(graph) << graph.error().message;
    EXPECT_EQ(graph->nodes.size(), 283U);
    EXPECT_EQ(graph->weights.size(), 127U);  // stored as fp16
    EXPECT_EQ(graph->integers.at("global_pooling/Mean/reduction_indices"),
              (std::vector<std::int64_t>{1, 2}));
    EXPECT_EQ(graph->weights.at("conv1/convolution/merged_input").shape, (Shape{3, 3, 3, 32}));
    const TfjsNode* conv = graph->node("conv1_bn/batchnorm_1/mul_1");
    ASSERT_NE(conv, nullptr);
    EXPECT_EQ(conv->op, "Conv2D");
    EXPECT_EQ(conv->padding, "SAME");
    EXPECT_EQ(conv->dataFormat, "NHWC");
    EXPECT_EQ(conv->strides, (std::vector<std::int64_t>{1, 2, 2, 1}));
    EXPECT_EQ(graph->node("input_1")->shape, (Shape{-1, 224, 224, 3}));
}

// The acceptance: cosine >= 0.9999 and max |difference| <= 1e-3 after L2 normalisation, on the
// eight stored crops (six real faces, one mirrored, from the Solvay photo).
TEST_F(IdentityTest, DescriptorsMatchTheTfjsReference) {
    std::ifstream in(kData / "faceres-descriptors.f32", std::ios::binary);
    std::vector<float> golden(8 * 1024);
    ASSERT_TRUE(in.read(reinterpret_cast<char*>(golden.data()),
                        static_cast<std::streamsize>(golden.size() * 4)));
    auto graph = readTfjsGraphModel(m_dir / "faceres.json");
    ASSERT_TRUE(graph);
    auto net = FaceDescriptorNet::fromTfjs(*graph, kIdentityDescriptorNode, "faceres.json");
    ASSERT_TRUE(net) << net.error().message;
    EXPECT_EQ((*net)->inputSize(), 224);
    EXPECT_EQ((*net)->descriptorSize(), 1024);
    FloatTensor input({8, 3, 224, 224});
    const std::size_t plane = 224 * 224;
    for (int i = 0; i < 8; ++i) {
        const cv::Mat crop = cv::imread(
            (kData / ("crop-" + std::to_string(i + 1) + ".png")).string(), cv::IMREAD_COLOR);
        ASSERT_EQ(crop.size(), cv::Size(224, 224));
        for (int y = 0; y < 224; ++y) {
            for (int x = 0; x < 224; ++x) {
                const auto p = crop.at<cv::Vec3b>(y, x);
                for (int c = 0; c < 3; ++c)
                    input.data[(i * 3 + c) * plane + y * 224 + x] = p[2 - c];
            }
        }
    }
    auto out = (*net)->forward(input);
    ASSERT_TRUE(out) << out.error().message;
    ASSERT_EQ(out->shape, (Shape{8, 1024}));
    double lowest = 1, largest = 0;
    for (int i = 0; i < 8; ++i) {
        const auto at = [&](const std::vector<float>& v) {
            return normalised(std::vector<float>(v.begin() + i * 1024, v.begin() + (i + 1) * 1024));
        };
        const auto ours = at(out->data), ref = at(golden);
        double worst = 0;
        for (std::size_t k = 0; k < ours.size(); ++k)
            worst = std::max(worst, double(std::abs(ours[k] - ref[k])));
        EXPECT_GE(descriptorCosine(ours, ref), 0.9999) << "crop " << i + 1;
        EXPECT_LE(worst, 1e-3) << "crop " << i + 1;
        lowest = std::min(lowest, descriptorCosine(ours, ref));
        largest = std::max(largest, worst);
    }
    std::cout << "[ parity ] lowest cosine " << lowest << ", largest |difference| " << largest
              << "\n";
}

TEST_F(IdentityTest, TheSameFaceReshotScoresAsItselfAndOtherPeopleDoNot) {
    const cv::Mat photo = cv::imread(
        (test::sampleImagesDir() / "Solvay_conference_1927.png").string(), cv::IMREAD_COLOR);
    if (photo.empty()) GTEST_SKIP() << "the sample photo is absent";
    auto detector = DlibFaceDetector::create();
    ASSERT_TRUE(detector) << detector.error().message;
    auto faces = detector->detect(photo);
    ASSERT_TRUE(faces);
    ASSERT_GE(faces->size(), 20U);
    const auto identity = model();
    std::vector<cv::Mat> aligned, reshot;
    for (const auto& f : *faces) {
        auto a = computeFaceAlignment(f.landmarks, 512);
        ASSERT_TRUE(a);
        auto crop = warpFaceToCrop(photo, *a);
        ASSERT_TRUE(crop);
        aligned.push_back(*crop);
        // The same face a few pixels off and through a JPEG at quality 30.
        cv::Mat shifted, decoded;
        const cv::Matx23d shift(1, 0, 4, 0, 1, -3);
        cv::warpAffine(*crop, shifted, shift, crop->size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
        std::vector<uchar> jpeg;
        cv::imencode(".jpg", shifted, jpeg, {cv::IMWRITE_JPEG_QUALITY, 30});
        reshot.push_back(cv::imdecode(jpeg, cv::IMREAD_COLOR));
    }
    auto a = identity->describe(aligned);
    auto b = identity->describe(reshot);
    ASSERT_TRUE(a && b);
    double same = 1, others = 0;
    int pairs = 0;
    for (std::size_t i = 0; i < a->size(); ++i) {
        same = std::min(same, descriptorCosine((*a)[i], (*b)[i]));
        for (std::size_t j = i + 1; j < a->size(); ++j, ++pairs)
            others += descriptorCosine((*a)[i], (*a)[j]);
    }
    std::cout << "[ identity ] " << a->size() << " faces: lowest self score " << same
              << ", different people average " << others / pairs << "\n";
    EXPECT_GE(same, 0.85);
    EXPECT_LE(others / pairs, 0.55);
    EXPECT_EQ(identityBand(same), IdentityBand::Consistent);
}

TEST_F(IdentityTest, DamagedOrForeignGraphsAreRefusedNamingTheFile) {
    {  // weights that end early
        const fs::path dir = editedCopy([](nlohmann::json&) {});
        fs::resize_file(dir / "faceres.bin", fs::file_size(dir / "faceres.bin") - 2);
        auto g = readTfjsGraphModel(dir / "faceres.json");
        ASSERT_FALSE(g);
        EXPECT_EQ(g.error().code, ErrorCode::Truncated);
        EXPECT_NE(g.error().message.find("faceres.json"), std::string::npos) << g.error().message;
    }
    {  // bytes over
        const fs::path dir = editedCopy([](nlohmann::json&) {});
        std::ofstream(dir / "faceres.bin", std::ios::app | std::ios::binary) << "xxxx";
        auto g = readTfjsGraphModel(dir / "faceres.json");
        ASSERT_FALSE(g);
        EXPECT_NE(g.error().message.find("left over"), std::string::npos) << g.error().message;
    }
    {  // a shard named outside the folder
        const fs::path dir = editedCopy(
            [](nlohmann::json& j) { j["weightsManifest"][0]["paths"][0] = "../faceres.bin"; });
        auto g = readTfjsGraphModel(dir / "faceres.json");
        ASSERT_FALSE(g);
        EXPECT_NE(g.error().message.find("not a plain file name"), std::string::npos)
            << g.error().message;
    }
    {  // a quantisation the reader does not know
        const fs::path dir = editedCopy([](nlohmann::json& j) {
            j["weightsManifest"][0]["weights"][0]["quantization"]["dtype"] = "uint8";
        });
        auto g = readTfjsGraphModel(dir / "faceres.json");
        ASSERT_FALSE(g);
        EXPECT_EQ(g.error().code, ErrorCode::UnsupportedArchitecture);
    }
    {  // a value that is not finite (fp16 NaN in the first weight)
        const fs::path dir = editedCopy([](nlohmann::json&) {});
        std::fstream bin(dir / "faceres.bin", std::ios::in | std::ios::out | std::ios::binary);
        const char nan[2] = {0x00, 0x7E};
        bin.write(nan, 2);
        bin.close();
        auto g = readTfjsGraphModel(dir / "faceres.json");
        ASSERT_FALSE(g);
        EXPECT_EQ(g.error().code, ErrorCode::NonFinite);
    }
    {  // not JSON
        const fs::path dir = editedCopy([](nlohmann::json&) {});
        std::ofstream(dir / "faceres.json") << "{\"modelTopology\": [";
        auto g = readTfjsGraphModel(dir / "faceres.json");
        ASSERT_FALSE(g);
        EXPECT_EQ(g.error().code, ErrorCode::Malformed);
    }
    {  // an op the descriptor does not run, on the way to the output: refused naming the node
        const fs::path dir = editedCopy([](nlohmann::json& j) {
            for (auto& n : j["modelTopology"]["node"]) {
                if (n["name"] == "conv_dw_3/depthwise") n["op"] = "Conv3D";
            }
        });
        auto g = readTfjsGraphModel(dir / "faceres.json");
        ASSERT_TRUE(g) << g.error().message;
        auto net = FaceDescriptorNet::fromTfjs(*g, kIdentityDescriptorNode, "faceres.json");
        ASSERT_FALSE(net);
        EXPECT_EQ(net.error().code, ErrorCode::UnsupportedArchitecture);
        EXPECT_NE(net.error().message.find("conv_dw_3/depthwise (Conv3D)"), std::string::npos)
            << net.error().message;
    }
}

}  // namespace
}  // namespace gpen
