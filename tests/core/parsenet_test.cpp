// SPDX-License-Identifier: Apache-2.0
// ParseNet (kind "parsenet" of ../shared/fixtures) and the parsing-to-paste-mask mapping.

#include <chrono>
#include <ctime>
#include <string>

#include <gtest/gtest.h>

#include "gpen/nn/parsenet.h"
#include "support/avx2_winograd_scope.h"
#include "support/fill_rule.h"
#include "support/fixtures.h"

namespace gpen {
namespace {

constexpr const char* kCase = "parsenet-fill";

class ParseNetTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }
};

// The fast kernels as this CPU prefers them, or forced onto our AVX2 Winograd ones (which an
// AVX-512 CPU leaves to oneDNN): both paths are checked on every machine that can run them.
struct Kernels {
    ParseNetKernels kernels;
    bool avx2Winograd = false;
    std::string name() const {
        return kernels == ParseNetKernels::Reference ? "Reference"
               : avx2Winograd                        ? "FastAvx2Winograd"
                                                     : "Fast";
    }
};

// The case's weights by the fill rule, built once for the whole file (the fixtures must be there).
const StateDict& fixtureWeights() {
    static const StateDict weights = test::fillStateDict(*test::findCase(kCase), StateDict{});
    return weights;
}

ParseNetArchitecture archFromConfig(const nlohmann::json& c) {
    ParseNetArchitecture a;
    a.inSize = c.at("in_size");
    a.outSize = c.at("out_size");
    a.minFeatSize = c.at("min_feat_size");
    a.baseCh = c.at("base_ch");
    a.parsingCh = c.at("parsing_ch");
    a.minCh = c.at("ch_range")[0];
    a.maxCh = c.at("ch_range")[1];
    return a;
}

TEST_F(ParseNetTest, SpecEqualsReferenceKeys) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(kCase);
    ASSERT_NE(c, nullptr);
    ASSERT_EQ(c->at("config").at("norm_type"), "bn");
    ASSERT_EQ(c->at("config").at("relu_type"), "LeakyReLU");
    const auto spec = parseNetStateDictSpec(archFromConfig(c->at("config")));
    const auto& keys = c->at("keys");
    ASSERT_EQ(spec.size(), keys.size());
    for (std::size_t i = 0; i < spec.size(); ++i) {
        EXPECT_EQ(spec[i].name, keys[i][0].get<std::string>()) << "entry " << i;
        EXPECT_EQ(spec[i].shape, test::shapeFromJson(keys[i][1])) << spec[i].name;
    }
}

class ParseNetParity : public ParseNetTest, public ::testing::WithParamInterface<Kernels> {};

TEST_P(ParseNetParity, MatchesReference) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(kCase);
    ASSERT_NE(c, nullptr);
    const Kernels k = GetParam();
    if (k.avx2Winograd && !test::Avx2WinogradScope::available()) {
        GTEST_SKIP() << "this CPU has no AVX2 and FMA";
    }
    auto net = [&] {
        test::Avx2WinogradScope scope(k.avx2Winograd);
        return ParseNet::create(fixtureWeights(), kCase, {.kernels = k.kernels});
    }();
    ASSERT_TRUE(net) << net.error().message;
    EXPECT_EQ((*net)->architecture(), archFromConfig(c->at("config")))
        << (*net)->architecture().describe();
    const FloatTensor input = test::loadTensorEntry(c->at("inputs")[0]);
    const auto t0 = std::chrono::steady_clock::now();
    auto out = (*net)->forward(input);
    const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
    ASSERT_TRUE(out) << out.error().message;
    const double tol = test::relativeTolerance(*c);
    const auto mask =
        test::compare(out->maskLogits, test::loadTensorEntry(c->at("outputs")[0]), tol);
    const auto img = test::compare(out->image, test::loadTensorEntry(c->at("outputs")[1]), tol);
    EXPECT_TRUE(mask.ok) << "mask: " << mask.describe();
    EXPECT_TRUE(img.ok) << "image: " << img.describe();
    std::cout << k.name() << " kernels (" << (*net)->weightBytes() / 1e6 << " MB held), forward "
              << dt.count() << " s\n  mask: " << mask.describe() << "\n  image: " << img.describe()
              << "\n";
}

INSTANTIATE_TEST_SUITE_P(Kernels, ParseNetParity,
                         ::testing::Values(Kernels{ParseNetKernels::Fast},
                                           Kernels{ParseNetKernels::Fast, true},
                                           Kernels{ParseNetKernels::Reference}),
                         [](const auto& p) { return p.param.name(); });

TEST_F(ParseNetTest, FastAndReferenceKernelsAgreeOnOddSizes) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(kCase);
    ASSERT_NE(c, nullptr);
    const StateDict weights = fixtureWeights();
    auto ref = ParseNet::create(weights, "ref", {.kernels = ParseNetKernels::Reference});
    ASSERT_TRUE(ref);
    // Not square, not a power of two: the phase decomposition's borders are exercised on both axes.
    const FloatTensor input = test::fillTensor({2, 3, 48, 80}, 99, 0.0, 1.0);
    auto b = (*ref)->forward(input);
    ASSERT_TRUE(b);
    ASSERT_EQ(b->maskLogits.shape, (Shape{2, 19, 48, 80}));
    const bool avx2 = test::Avx2WinogradScope::available();
    for (bool force : {false, true}) {
        if (force && !avx2) {
            continue;
        }
        SCOPED_TRACE(force ? "AVX2 Winograd kernels" : "fast kernels as preferred");
        auto fast = [&] {
            test::Avx2WinogradScope scope(force);
            return ParseNet::create(weights, "fast", {.kernels = ParseNetKernels::Fast});
        }();
        ASSERT_TRUE(fast);
        if (force) {
            // Their transformed weights (36 values for each 9) say the forced kernels run.
            EXPECT_GT((*fast)->weightBytes(), 3 * (*ref)->weightBytes() / 2);
        }
        auto a = (*fast)->forward(input);
        ASSERT_TRUE(a);
        const auto m = test::compare(a->maskLogits, b->maskLogits, 1e-4);
        EXPECT_TRUE(m.ok) << m.describe();
        const auto i = test::compare(a->image, b->image, 1e-4);
        EXPECT_TRUE(i.ok) << i.describe();

        auto wrong = (*fast)->forward(FloatTensor({1, 3, 40, 64}));
        ASSERT_FALSE(wrong);
        EXPECT_EQ(wrong.error().code, ErrorCode::InvalidArgument);
    }
}

TEST_F(ParseNetTest, WorksWithoutBatchCountersAndRejectsBadDicts) {
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
    auto arch = inferParseNetArchitecture(noCounters, "ParseNet-latest.pth");
    ASSERT_TRUE(arch) << arch.error().message;
    EXPECT_EQ(*arch, ParseNetArchitecture{});

    StateDict wrong = noCounters;
    wrong.insert("decoder.2.conv1.norm.norm.running_var", FloatTensor({256}));
    auto bad = ParseNet::create(wrong, "ParseNet-latest.pth");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().code, ErrorCode::ShapeMismatch);
    EXPECT_NE(bad.error().message.find("decoder.2.conv1.norm.norm.running_var"), std::string::npos)
        << bad.error().message;

    StateDict other;
    other.insert("conv_first.weight", FloatTensor({8, 3, 3, 3}));
    auto none = ParseNet::create(other, "x.pth");
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().code, ErrorCode::UnsupportedArchitecture);
}

TEST(ParseMaskTest, ArgMaxThroughClassValues) {
    // 19 classes over a 4 x 1 image; pixel p's winner is set by hand.
    const std::vector<int> winners = {0, 1, 14, 18};
    FloatTensor logits({1, 19, 1, 4});
    for (std::size_t p = 0; p < winners.size(); ++p) {
        for (std::size_t k = 0; k < 19; ++k) {
            logits.data[k * 4 + p] = -static_cast<float>(k) * 0.01F;
        }
        logits.data[static_cast<std::size_t>(winners[p]) * 4 + p] = 5.0F;
    }
    auto masks = parseLogitsToPasteMask(logits);
    ASSERT_TRUE(masks) << masks.error().message;
    ASSERT_EQ(masks->size(), 1U);
    EXPECT_EQ((*masks)[0].width, 4);
    EXPECT_EQ((*masks)[0].height, 1);
    EXPECT_EQ((*masks)[0].values, (std::vector<std::uint8_t>{0, 255, 0, 0}));

    // Every class on its own, through both tables.
    FloatTensor each({19, 1, 19});
    for (std::size_t k = 0; k < 19; ++k) {
        each.data[k * 19 + k] = 1.0F;
    }
    auto paste = parseLogitsToPasteMask(each);
    ASSERT_TRUE(paste);
    EXPECT_EQ((*paste)[0].values, std::vector<std::uint8_t>(kPasteMaskClassValues.begin(),
                                                            kPasteMaskClassValues.end()));
    auto gpen = parseLogitsToMask(
        each, {kGpenFaceParseClassValues.begin(), kGpenFaceParseClassValues.end()});
    ASSERT_TRUE(gpen);
    EXPECT_EQ((*gpen)[0].values[13], 0);
    EXPECT_EQ((*gpen)[0].values[12], 255);

    // Ties go to the first class, as torch.argmax.
    FloatTensor tie({1, 19, 1, 1});
    tie.data[3] = 1.0F;
    tie.data[14] = 1.0F;
    auto t = parseLogitsToPasteMask(tie);
    ASSERT_TRUE(t);
    EXPECT_EQ((*t)[0].values[0], 255);

    EXPECT_FALSE(parseLogitsToMask(logits, {0, 255}));
    EXPECT_FALSE(parseLogitsToPasteMask(FloatTensor({19, 4})));
}

TEST_F(ParseNetTest, PasteMaskOfTheFixtureLogits) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(kCase);
    ASSERT_NE(c, nullptr);
    const FloatTensor logits = test::loadTensorEntry(c->at("outputs")[0]);
    auto masks = parseLogitsToPasteMask(logits);
    ASSERT_TRUE(masks);
    ASSERT_EQ(masks->size(), 1U);
    const auto& m = (*masks)[0];
    ASSERT_EQ(m.values.size(), 512U * 512U);
    // Recompute a few pixels by hand.
    for (std::size_t p : {std::size_t{0}, std::size_t{1234}, std::size_t{512 * 300 + 77},
                          std::size_t{512 * 512 - 1}}) {
        std::size_t best = 0;
        for (std::size_t k = 1; k < 19; ++k) {
            if (logits.data[k * 512 * 512 + p] > logits.data[best * 512 * 512 + p]) best = k;
        }
        EXPECT_EQ(m.values[p], kPasteMaskClassValues[best]) << "pixel " << p;
    }
}

// Timing at the released size; run with --gtest_also_run_disabled_tests.
TEST_F(ParseNetTest, DISABLED_Timing512) {
    GPEN_REQUIRE_FIXTURES();
    const FloatTensor input = test::fillTensor({1, 3, 512, 512}, 77, 0.0, 1.0);
    for (ParseNetKernels k : {ParseNetKernels::Fast, ParseNetKernels::Reference}) {
        auto net = ParseNet::create(fixtureWeights(), kCase, {.kernels = k});
        ASSERT_TRUE(net);
        ASSERT_TRUE((*net)->forward(input));  // warm-up
        for (int i = 0; i < 3; ++i) {
            const auto t0 = std::chrono::steady_clock::now();
            const std::clock_t c0 = std::clock();
            ASSERT_TRUE((*net)->forward(input));
            const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
            const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
            std::cout << (k == ParseNetKernels::Fast ? "fast" : "reference")
                      << " 512 forward: " << dt.count() << " s wall, " << cpu << " s CPU\n";
        }
    }
}

}  // namespace
}  // namespace gpen
