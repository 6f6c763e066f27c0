// SPDX-License-Identifier: Apache-2.0
// Parity of the GPEN generator with the reference implementation (../shared/fixtures, kind "gpen").

#include <limits>
#include <stop_token>

#include <gtest/gtest.h>

#include "gpen/bench/gpen_benchmark.h"
#include "gpen/io/checkpoint.h"
#include "gpen/nn/gpen_generator.h"
#include "gpen/nn/network_builds.h"
#include "gpen/nn/synthetic_weights.h"
#include "support/avx2_winograd_scope.h"
#include "support/fill_rule.h"
#include "support/fixtures.h"
#include "support/stop_at_operator.h"

namespace gpen {
namespace {

GpenArchitecture archFromConfig(const nlohmann::json& c) {
    return test::gpenArchitectureOf(c);
}

class GpenGeneratorTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }
};

void expectParity(const GpenGenerator& net, const nlohmann::json& testCase) {
    const FloatTensor input = test::loadTensorEntry(testCase.at("inputs")[0]);
    const FloatTensor ref = test::loadTensorEntry(testCase.at("outputs")[0]);
    auto out = net.forward(input);
    ASSERT_TRUE(out) << out.error().message;
    const auto agreement = test::compare(*out, ref, test::relativeTolerance(testCase));
    EXPECT_TRUE(agreement.ok) << testCase.at("name") << ": " << agreement.describe();
}

TEST_F(GpenGeneratorTest, SpecEqualsReferenceKeysForReleasedConfigurations) {
    GPEN_REQUIRE_FIXTURES();
    for (const auto* c : test::casesOfKind("gpen")) {
        if (!c->contains("keys")) {
            continue;
        }
        const auto spec = gpenStateDictSpec(archFromConfig(c->at("config")));
        const auto& keys = c->at("keys");
        ASSERT_EQ(spec.size(), keys.size()) << c->at("name");
        for (std::size_t i = 0; i < spec.size(); ++i) {
            EXPECT_EQ(spec[i].name, keys[i][0].get<std::string>()) << "entry " << i;
            EXPECT_EQ(spec[i].shape, test::shapeFromJson(keys[i][1])) << spec[i].name;
        }
    }
}

TEST_F(GpenGeneratorTest, InfersReleasedArchitecturesFromTheirEntries) {
    GPEN_REQUIRE_FIXTURES();
    for (const auto* c : test::casesOfKind("gpen")) {
        if (!c->contains("keys")) {
            continue;
        }
        const GpenArchitecture expected = archFromConfig(c->at("config"));
        const StateDict dict = test::fillStateDict(*c, gpenBuiltBuffers(expected));
        auto arch = inferGpenArchitecture(dict, c->at("name"));
        ASSERT_TRUE(arch) << arch.error().message;
        EXPECT_EQ(*arch, expected) << arch->describe();
    }
}

struct FillCase {
    const char* name;
    bool avx2Winograd;  // our AVX2 Winograd kernels forced (an AVX-512 CPU leaves them to oneDNN)
};

class GpenFillRuleParity : public GpenGeneratorTest,
                           public ::testing::WithParamInterface<FillCase> {};

TEST_P(GpenFillRuleParity, MatchesReference) {
    GPEN_REQUIRE_FIXTURES();
    const FillCase fc = GetParam();
    const auto* c = test::findCase(fc.name);
    ASSERT_NE(c, nullptr) << "no case " << fc.name << " in the manifest";
    if (fc.avx2Winograd && !test::Avx2WinogradScope::available()) {
        GTEST_SKIP() << "this CPU has no AVX2 and FMA";
    }
    const GpenArchitecture arch = archFromConfig(c->at("config"));
    auto net = [&] {
        test::Avx2WinogradScope scope(fc.avx2Winograd);
        return GpenGenerator::create(test::fillStateDict(*c, gpenBuiltBuffers(arch)), fc.name);
    }();
    ASSERT_TRUE(net) << net.error().message;
    if (fc.avx2Winograd) {
        // Their transformed weights say the forced kernels run.
        EXPECT_GT((*net)->extraKernelBytes(), 0u);
    }
    // The built network's entries are the released names, shapes and order.
    const auto infos = (*net)->entries();
    const auto& keys = c->at("keys");
    ASSERT_EQ(infos.size(), keys.size());
    for (std::size_t i = 0; i < infos.size(); ++i) {
        EXPECT_EQ(infos[i].name, keys[i][0].get<std::string>());
        EXPECT_EQ(infos[i].shape, test::shapeFromJson(keys[i][1])) << infos[i].name;
    }
    expectParity(**net, *c);
}

INSTANTIATE_TEST_SUITE_P(Released, GpenFillRuleParity,
                         ::testing::Values(FillCase{"GPEN-BFR-512-fill", false},
                                           FillCase{"GPEN-BFR-512-fill", true},
                                           FillCase{"GPEN-BFR-256-fill", false}),
                         [](const auto& p) {
                             std::string n = std::string(p.param.name) +
                                             (p.param.avx2Winograd ? "_avx2_winograd" : "");
                             for (auto& ch : n) {
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             }
                             return n;
                         });

struct StoredCase {
    const char* name;
    bool legacy;
    GpenKernels kernels;
};

class GpenStoredCheckpointParity : public GpenGeneratorTest,
                                   public ::testing::WithParamInterface<StoredCase> {};

TEST_P(GpenStoredCheckpointParity, LoadsAndMatchesReference) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(GetParam().name);
    ASSERT_NE(c, nullptr);
    const std::string file =
        c->at(GetParam().legacy ? "legacy_checkpoint" : "checkpoint").get<std::string>();
    auto ckpt = readCheckpoint(test::fixturesDir() / file);
    ASSERT_TRUE(ckpt) << ckpt.error().message;
    EXPECT_EQ(ckpt->format, GetParam().legacy ? CheckpointFormat::Legacy : CheckpointFormat::Zip);
    auto net = GpenGenerator::create(ckpt->tensors, file, {.kernels = GetParam().kernels});
    ASSERT_TRUE(net) << net.error().message;
    EXPECT_EQ((*net)->architecture(), archFromConfig(c->at("config")));
    std::vector<std::string> names;
    for (const auto& entry : (*net)->entries()) {
        names.push_back(entry.name);
    }
    EXPECT_EQ(names, ckpt->tensors.names());
    // The SR case too: its checkpoint's noise weights are zero in the layers where the reference
    // draws unseeded noise, so whatever noise those layers get, the output is the stored one.
    expectParity(**net, *c);
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, GpenStoredCheckpointParity,
    ::testing::Values(StoredCase{"gpen-64-cm1-n0.0625", false, GpenKernels::Fast},
                      StoredCase{"gpen-64-cm1-n0.0625", true, GpenKernels::Fast},
                      StoredCase{"gpen-64-cm1-n0.0625", false, GpenKernels::Reference},
                      StoredCase{"gpen-128-cm2-n0.0625", false, GpenKernels::Fast},
                      StoredCase{"gpen-128-cm2-n0.0625", false, GpenKernels::Reference},
                      StoredCase{"gpen-sr-64to128-cm1-n0.0625", false, GpenKernels::Fast},
                      StoredCase{"gpen-sr-64to128-cm1-n0.0625", false, GpenKernels::Reference}),
    [](const auto& p) {
        std::string n = std::string(p.param.name) + (p.param.legacy ? "_legacy" : "_zip") +
                        (p.param.kernels == GpenKernels::Fast ? "_fast" : "_reference");
        for (auto& ch : n) {
            if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
        }
        return n;
    });

TEST_F(GpenGeneratorTest, RejectsWrongInputShape) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("GPEN-BFR-256-fill");
    ASSERT_NE(c, nullptr);
    const GpenArchitecture arch = archFromConfig(c->at("config"));
    auto net = GpenGenerator::create(test::fillStateDict(*c, gpenBuiltBuffers(arch)), "256");
    ASSERT_TRUE(net);
    auto out = (*net)->forward(FloatTensor({1, 3, 128, 128}));
    ASSERT_FALSE(out);
    EXPECT_EQ(out.error().code, ErrorCode::InvalidArgument);
    EXPECT_NE(out.error().message.find("[1, 3, 128, 128]"), std::string::npos)
        << out.error().message;
}

TEST_F(GpenGeneratorTest, AStopIsSeenAtEveryLayerAndAnUnsetTokenChangesNothing) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("gpen-64-cm1-n0.0625");
    ASSERT_NE(c, nullptr);
    auto ckpt = readCheckpoint(test::fixturesDir() / c->at("checkpoint").get<std::string>());
    ASSERT_TRUE(ckpt) << ckpt.error().message;
    auto net = GpenGenerator::create(ckpt->tensors, "gpen-64");
    ASSERT_TRUE(net) << net.error().message;
    const FloatTensor input = test::loadTensorEntry(c->at("inputs")[0]);

    // Never stopped: the output is the reference's.
    auto out = (*net)->forward(input);
    ASSERT_TRUE(out) << out.error().message;
    const auto agreement = test::compare(*out, test::loadTensorEntry(c->at("outputs")[0]),
                                         test::relativeTolerance(*c));
    EXPECT_TRUE(agreement.ok) << agreement.describe();

    // Stopped from inside the forward, it ends with Cancelled at the next layer, never later:
    // 64 px looks 13 times (5 encoder stages, then two styled convs at each of 8, 16, 32, 64).
    const int checks = test::countStopChecks([&](std::stop_token stop) {
        auto r = (*net)->forward(input, stop);
        if (!r) {
            EXPECT_EQ(r.error().code, ErrorCode::Cancelled) << r.error().message;
        }
        return !r;
    });
    EXPECT_EQ(checks, 5 + 2 * 4);

    // Requested before the call: it ends at once, with Cancelled.
    std::stop_source before;
    before.request_stop();
    auto early = (*net)->forward(input, before.get_token());
    ASSERT_FALSE(early);
    EXPECT_EQ(early.error().code, ErrorCode::Cancelled);
}

TEST_F(GpenGeneratorTest, RejectsAStateDictWithOneWrongShape) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("GPEN-BFR-256-fill");
    ASSERT_NE(c, nullptr);
    const GpenArchitecture arch = archFromConfig(c->at("config"));
    StateDict dict = test::fillStateDict(*c, gpenBuiltBuffers(arch));
    dict.insert("generator.convs.3.conv.modulation.weight", FloatTensor({256, 500}));
    auto net = GpenGenerator::create(dict, "GPEN-BFR-256.pth");
    ASSERT_FALSE(net);
    EXPECT_EQ(net.error().code, ErrorCode::ShapeMismatch);
    EXPECT_NE(net.error().message.find("GPEN-BFR-256.pth"), std::string::npos);
    EXPECT_NE(net.error().message.find("generator.convs.3.conv.modulation.weight"),
              std::string::npos)
        << net.error().message;
}

// The architecture check runs once, before building: a file refused by it builds nothing
// (networksBuilt() counts every build that starts), whether the names and shapes are not the
// expected network's or a value is not finite.
TEST_F(GpenGeneratorTest, AWrongFileIsRefusedBeforeAnythingIsBuilt) {
    GPEN_REQUIRE_FIXTURES();
    auto ckpt = readCheckpoint(test::fixturesDir() / "gpen-128-cm2-n0.0625.pth");
    ASSERT_TRUE(ckpt) << ckpt.error().message;
    const std::uint64_t before = networksBuilt();

    const GpenLoadParams as512{.expected =
                                   GpenExpectation{"GPEN-BFR-512", releasedGpenArchitecture(512)}};
    auto wrong = GpenGenerator::create(ckpt->tensors, "GPEN-BFR-512.pth", as512);
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().code, ErrorCode::UnsupportedArchitecture);
    EXPECT_NE(wrong.error().message.find("GPEN-BFR-512.pth: holds FullGenerator 128"),
              std::string::npos)
        << wrong.error().message;
    EXPECT_NE(wrong.error().message.find("but GPEN-BFR-512 is FullGenerator 512"),
              std::string::npos)
        << wrong.error().message;
    EXPECT_EQ(networksBuilt(), before);

    StateDict damaged = ckpt->tensors;
    const std::string last = damaged.names().back();
    FloatTensor nan = *damaged.tensor(last);
    nan.data.back() = std::numeric_limits<float>::quiet_NaN();
    damaged.insert(last, nan);
    auto corrupt = GpenGenerator::create(damaged, "gpen-128.pth");
    ASSERT_FALSE(corrupt);
    EXPECT_EQ(corrupt.error().code, ErrorCode::NonFinite) << corrupt.error().message;
    EXPECT_EQ(networksBuilt(), before);

    // The same count sees a build: the file as it is, under its own architecture.
    const GpenArchitecture own = *inferGpenArchitecture(ckpt->tensors, "gpen-128.pth");
    auto good = GpenGenerator::create(ckpt->tensors, "gpen-128.pth",
                                      {.expected = GpenExpectation{"gpen-128", own}});
    ASSERT_TRUE(good) << good.error().message;
    EXPECT_EQ(networksBuilt(), before + 1);
}

}  // namespace
}  // namespace gpen

namespace gpen {
namespace {

// The benchmark builds its networks with the core's own fill rule: it must be the fixtures' rule.
TEST_F(GpenGeneratorTest, CoreFillRuleWeightsReproduceTheReference256) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("GPEN-BFR-256-fill");
    ASSERT_NE(c, nullptr);
    auto net =
        GpenGenerator::create(fillRuleGpenWeights(archFromConfig(c->at("config"))), "fill 256");
    ASSERT_TRUE(net) << net.error().message;
    expectParity(**net, *c);
}

}  // namespace
}  // namespace gpen
