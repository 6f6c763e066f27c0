// SPDX-License-Identifier: Apache-2.0
// RRDBNet (kinds "rrdbnet" and "rrdbnet-keys" of ../shared/fixtures) and the reference tiling.

#include <chrono>
#include <ctime>
#include <stop_token>

#include <gtest/gtest.h>

#include "gpen/io/checkpoint.h"
#include "gpen/nn/network_builds.h"
#include "gpen/nn/reference_tiling.h"
#include "gpen/nn/rrdbnet.h"
#include "support/avx2_winograd_scope.h"
#include "support/fill_rule.h"
#include "support/fixtures.h"
#include "support/stop_at_operator.h"

namespace gpen {
namespace {

class RrdbNetTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }
};

RrdbArchitecture archFromConfig(const nlohmann::json& c) {
    RrdbArchitecture a;
    a.scale = c.at("scale");
    a.numFeat = c.at("num_feat");
    a.numBlock = c.at("num_block");
    a.numGrowCh = c.at("num_grow_ch");
    return a;
}

RrdbArchitecture released(int scale) {
    return {.scale = scale, .numFeat = 32, .numBlock = 23, .numGrowCh = 32};
}

// A state dict with the given entries and arbitrary values.
StateDict dictFromKeys(const nlohmann::json& keys) {
    StateDict dict;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        dict.insert(keys[k][0].get<std::string>(),
                    test::fillTensor(test::shapeFromJson(keys[k][1]), static_cast<std::int64_t>(k),
                                     0.0, 0.1));
    }
    return dict;
}

TEST_F(RrdbNetTest, SpecEqualsReleasedKeys) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("realesrnet-keys");
    ASSERT_NE(c, nullptr);
    for (int scale : {1, 2, 4}) {
        const auto& keys = c->at("keys").at("realesrnet_x" + std::to_string(scale));
        const auto spec = rrdbStateDictSpec(released(scale));
        ASSERT_EQ(spec.size(), keys.size()) << "x" << scale;
        for (std::size_t i = 0; i < spec.size(); ++i) {
            EXPECT_EQ(spec[i].name, keys[i][0].get<std::string>())
                << "x" << scale << " entry " << i;
            EXPECT_EQ(spec[i].shape, test::shapeFromJson(keys[i][1])) << spec[i].name;
        }
    }
}

TEST_F(RrdbNetTest, InfersReleasedArchitectures) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("realesrnet-keys");
    ASSERT_NE(c, nullptr);
    for (int scale : {1, 2, 4}) {
        const std::string name = "realesrnet_x" + std::to_string(scale);
        auto arch = inferRrdbArchitecture(dictFromKeys(c->at("keys").at(name)), name);
        ASSERT_TRUE(arch) << arch.error().message;
        EXPECT_EQ(*arch, released(scale)) << arch->describe();
        EXPECT_EQ(arch->unshuffleFactor(), 4 / scale);
    }
}

TEST_F(RrdbNetTest, RejectsAWrongShapeNamingTheEntry) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("realesrnet-keys");
    ASSERT_NE(c, nullptr);
    StateDict dict = dictFromKeys(c->at("keys").at("realesrnet_x2"));
    dict.insert("body.7.rdb2.conv4.weight", FloatTensor({32, 120, 3, 3}));
    auto net = RrdbNet::create(dict, "realesrnet_x2.pth");
    ASSERT_FALSE(net);
    EXPECT_EQ(net.error().code, ErrorCode::ShapeMismatch);
    EXPECT_NE(net.error().message.find("realesrnet_x2.pth"), std::string::npos)
        << net.error().message;
    EXPECT_NE(net.error().message.find("body.7.rdb2.conv4.weight"), std::string::npos)
        << net.error().message;
}

// realesrnet_x2 must be an x2 network: an x4 file is refused on its shapes, before anything is
// built (networksBuilt() counts each build that starts).
TEST_F(RrdbNetTest, AFileOfAnotherScaleIsRefusedBeforeAnythingIsBuilt) {
    GPEN_REQUIRE_FIXTURES();
    auto ckpt = readCheckpoint(test::fixturesDir() / "rrdb-x4-f8-b2-g4.pth");
    ASSERT_TRUE(ckpt) << ckpt.error().message;
    const std::uint64_t before = networksBuilt();
    auto wrong = RrdbNet::create(ckpt->tensors, "realesrnet_x2.pth", {.expectedScale = 2});
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().code, ErrorCode::UnsupportedArchitecture);
    EXPECT_NE(wrong.error().message.find("realesrnet_x2.pth: holds RRDBNet x4"), std::string::npos)
        << wrong.error().message;
    EXPECT_NE(wrong.error().message.find("where an x2 network is needed"), std::string::npos)
        << wrong.error().message;
    EXPECT_EQ(networksBuilt(), before);
    ASSERT_TRUE(RrdbNet::create(ckpt->tensors, "realesrnet_x4.pth", {.expectedScale = 4}));
    EXPECT_EQ(networksBuilt(), before + 1);
}

TEST_F(RrdbNetTest, RejectsAnotherNetwork) {
    StateDict dict;
    dict.insert("generator.style.1.weight", FloatTensor({4, 4}));
    auto net = RrdbNet::create(dict, "other.pth");
    ASSERT_FALSE(net);
    EXPECT_EQ(net.error().code, ErrorCode::UnsupportedArchitecture);
}

class RrdbFixtureParity : public RrdbNetTest, public ::testing::WithParamInterface<const char*> {
  protected:
    std::unique_ptr<RrdbNet> load(const nlohmann::json& c) {
        auto ckpt = readCheckpoint(test::fixturesDir() / c.at("checkpoint").get<std::string>());
        EXPECT_TRUE(ckpt) << ckpt.error().message;
        if (!ckpt) return nullptr;
        EXPECT_EQ(ckpt->nestedKey, c.at("checkpoint_key").get<std::string>());
        auto net = RrdbNet::create(ckpt->tensors, c.at("checkpoint"));
        EXPECT_TRUE(net) << net.error().message;
        if (!net) return nullptr;
        EXPECT_EQ((*net)->architecture(), archFromConfig(c.at("config")));
        std::vector<std::string> names;
        for (const auto& e : (*net)->entries()) {
            names.push_back(e.name);
        }
        EXPECT_EQ(names, ckpt->tensors.names());
        EXPECT_GE((*net)->weightBytes(), ckpt->tensors.byteSize());
        return std::move(*net);
    }
};

TEST_P(RrdbFixtureParity, ForwardMatchesReference) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(GetParam());
    ASSERT_NE(c, nullptr);
    auto net = load(*c);
    ASSERT_NE(net, nullptr);
    const FloatTensor input = test::loadTensorEntry(c->at("inputs")[0]);
    auto out = net->forward(input);
    ASSERT_TRUE(out) << out.error().message;
    const auto a = test::compare(*out, test::loadTensorEntry(c->at("outputs")[0]),
                                 test::relativeTolerance(*c));
    EXPECT_TRUE(a.ok) << GetParam() << ": " << a.describe();
    RecordProperty("max_abs_diff", std::to_string(a.maxAbsDiff));
    std::cout << GetParam() << " forward: " << a.describe() << "\n";
}

TEST_P(RrdbFixtureParity, TiledMatchesReferenceTiling) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase(GetParam());
    ASSERT_NE(c, nullptr);
    auto net = load(*c);
    ASSERT_NE(net, nullptr);
    const auto& t = c->at("tiled");
    const ReferenceTiling tiling{t.at("tile_size"), t.at("tile_pad")};
    const FloatTensor input = test::loadTensorEntry(c->at("inputs")[0]);
    std::size_t calls = 0;
    auto out = net->forwardTiled(
        input, tiling, [&](std::size_t index, std::size_t count) -> Expected<void> {
            EXPECT_EQ(index, calls);
            EXPECT_EQ(count, referenceTileGrid(static_cast<int>(input.shape[3]),
                                               static_cast<int>(input.shape[2]), tiling)
                                 .size());
            ++calls;
            return {};
        });
    ASSERT_TRUE(out) << out.error().message;
    EXPECT_GT(calls, 1U);
    const FloatTensor ref = test::loadTensorEntry(t.at("output"));
    const auto a = test::compare(*out, ref, test::relativeTolerance(*c));
    EXPECT_TRUE(a.ok) << GetParam() << " tiled: " << a.describe();
    std::cout << GetParam() << " tiled: " << a.describe() << "\n";
    // The tiles differ from the whole-image pass (no blending): the comparison has teeth.
    auto whole = net->forward(input);
    ASSERT_TRUE(whole);
    EXPECT_FALSE(test::compare(*whole, ref, test::relativeTolerance(*c)).ok);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, RrdbFixtureParity,
                         ::testing::Values("rrdb-x1-f8-b1-g4", "rrdb-x2-f8-b2-g4",
                                           "rrdb-x4-f8-b2-g4"),
                         [](const auto& p) {
                             std::string n = p.param;
                             for (auto& ch : n) {
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             }
                             return n;
                         });

// Bottom/right reflection padding of an NCHW tensor, as torch's F.pad(x, (0, pw, 0, ph),
// 'reflect').
FloatTensor reflectPad(const FloatTensor& x, int ph, int pw) {
    const auto planes = x.shape[0] * x.shape[1];
    const auto h = x.shape[2];
    const auto w = x.shape[3];
    FloatTensor out({x.shape[0], x.shape[1], h + ph, w + pw});
    for (std::int64_t p = 0; p < planes; ++p) {
        for (std::int64_t y = 0; y < h + ph; ++y) {
            const std::int64_t sy = y < h ? y : 2 * (h - 1) - y;
            for (std::int64_t xx = 0; xx < w + pw; ++xx) {
                const std::int64_t sx = xx < w ? xx : 2 * (w - 1) - xx;
                out.data[static_cast<std::size_t>((p * (h + ph) + y) * (w + pw) + xx)] =
                    x.data[static_cast<std::size_t>((p * h + sy) * w + sx)];
            }
        }
    }
    return out;
}

TEST_F(RrdbNetTest, SizesNotDivisibleByTheUnshuffleFactorAreModPadded) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("rrdb-x1-f8-b1-g4");
    ASSERT_NE(c, nullptr);
    auto ckpt = readCheckpoint(test::fixturesDir() / c->at("checkpoint").get<std::string>());
    ASSERT_TRUE(ckpt);
    auto net = RrdbNet::create(ckpt->tensors, "x1");
    ASSERT_TRUE(net) << net.error().message;
    const FloatTensor input = test::fillTensor({1, 3, 13, 18}, 1234, 0.5, 0.5);  // unshuffle by 4
    auto out = (*net)->forward(input);
    ASSERT_TRUE(out) << out.error().message;
    ASSERT_EQ(out->shape, (Shape{1, 3, 13, 18}));
    auto padded = (*net)->forward(reflectPad(input, 3, 2));
    ASSERT_TRUE(padded);
    const FloatTensor expected = cropNchw(*padded, {0, 0, 18, 13});
    const auto a = test::compare(*out, expected, 1e-6);
    EXPECT_TRUE(a.ok) << a.describe();
    // Tiled: the whole image is padded first, then tiled, then cropped.
    auto tiled = (*net)->forwardTiled(input, {8, 4});
    ASSERT_TRUE(tiled) << tiled.error().message;
    auto tiledPadded = (*net)->forwardTiled(reflectPad(input, 3, 2), {8, 4});
    ASSERT_TRUE(tiledPadded);
    EXPECT_TRUE(test::compare(*tiled, cropNchw(*tiledPadded, {0, 0, 18, 13}), 1e-6).ok);
    // Edges too short to reflect still work (replicated).
    auto tiny = (*net)->forward(FloatTensor({1, 3, 1, 2}));
    ASSERT_TRUE(tiny) << tiny.error().message;
    EXPECT_EQ(tiny->shape, (Shape{1, 3, 1, 2}));
}

TEST_F(RrdbNetTest, RejectsWrongInputShape) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("rrdb-x2-f8-b2-g4");
    ASSERT_NE(c, nullptr);
    auto ckpt = readCheckpoint(test::fixturesDir() / c->at("checkpoint").get<std::string>());
    ASSERT_TRUE(ckpt);
    auto net = RrdbNet::create(ckpt->tensors, "x2");
    ASSERT_TRUE(net);
    auto out = (*net)->forward(FloatTensor({1, 4, 8, 8}));
    ASSERT_FALSE(out);
    EXPECT_EQ(out.error().code, ErrorCode::InvalidArgument);
    EXPECT_NE(out.error().message.find("[1, 4, 8, 8]"), std::string::npos) << out.error().message;
}

// ---- the tiling on its own, without a network ----

TEST(ReferenceTilingTest, GridFollowsTileProcess) {
    // 28 x 20 image, tiles of 8 with 4 of context: 4 x 3 tiles, the last column and row shorter.
    const auto tiles = referenceTileGrid(28, 20, {8, 4});
    ASSERT_EQ(tiles.size(), 12U);
    EXPECT_EQ(tiles[0].core, (PixelRect{0, 0, 8, 8}));
    EXPECT_EQ(tiles[0].read, (PixelRect{0, 0, 12, 12}));
    EXPECT_EQ(tiles[1].core, (PixelRect{8, 0, 8, 8}));
    EXPECT_EQ(tiles[1].read, (PixelRect{4, 0, 16, 12}));
    EXPECT_EQ(tiles[3].core, (PixelRect{24, 0, 4, 8}));
    EXPECT_EQ(tiles[3].read, (PixelRect{20, 0, 8, 12}));
    EXPECT_EQ(tiles[11].core, (PixelRect{24, 16, 4, 4}));
    EXPECT_EQ(tiles[11].read, (PixelRect{20, 12, 8, 8}));
    EXPECT_TRUE(referenceTileGrid(28, 20, {0, 4}).empty());
    EXPECT_EQ(referenceTileGrid(5, 5, {64, 10}).size(), 1U);
}

// Nearest-neighbour upscaling by 2 plus the tile's read origin, so that every pasted pixel shows
// where it came from.
Expected<FloatTensor> nearest2x(const FloatTensor& t) {
    const auto planes = t.shape[0] * t.shape[1];
    const auto h = t.shape[2];
    const auto w = t.shape[3];
    FloatTensor out({t.shape[0], t.shape[1], 2 * h, 2 * w});
    for (std::int64_t p = 0; p < planes; ++p) {
        for (std::int64_t y = 0; y < 2 * h; ++y) {
            for (std::int64_t x = 0; x < 2 * w; ++x) {
                out.data[static_cast<std::size_t>((p * 2 * h + y) * 2 * w + x)] =
                    t.data[static_cast<std::size_t>((p * h + y / 2) * w + x / 2)];
            }
        }
    }
    return out;
}

TEST(ReferenceTilingTest, PastesEveryCoreOnceAndStopsOnError) {
    const FloatTensor image = test::fillTensor({2, 3, 11, 17}, 5, 0.0, 1.0);
    const auto whole = nearest2x(image);
    auto tiled = referenceTileProcess(
        image, 2, {5, 2},
        [](const FloatTensor& t, std::size_t, std::size_t) { return nearest2x(t); });
    ASSERT_TRUE(tiled) << tiled.error().message;
    EXPECT_EQ(tiled->data, whole->data);  // a pointwise network: tiles change nothing

    std::size_t calls = 0;
    auto cancelled = referenceTileProcess(
        image, 2, {5, 2}, [&](const FloatTensor& t, std::size_t i, std::size_t) {
            ++calls;
            return i == 2 ? tl::unexpected(Error{ErrorCode::Cancelled, "stop"}) : nearest2x(t);
        });
    ASSERT_FALSE(cancelled);
    EXPECT_EQ(cancelled.error().code, ErrorCode::Cancelled);
    EXPECT_EQ(calls, 3U);

    auto wrong = referenceTileProcess(
        image, 4, {5, 2},
        [](const FloatTensor& t, std::size_t, std::size_t) { return nearest2x(t); });
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().code, ErrorCode::Internal);
}

}  // namespace
}  // namespace gpen

namespace gpen {
namespace {

// Timing of the released size (realesrnet_x2: 32 features, 23 blocks) on a 128 x 128 input; run
// with --gtest_also_run_disabled_tests.
// The fixtures' networks are too narrow for the Winograd kernels (8 features, growth 4): at the
// released widths, the fast kernels agree with oneDNN's direct convolutions.
TEST_F(RrdbNetTest, FastKernelsAgreeWithDirectAtReleasedWidths) {
    const RrdbArchitecture arch{.scale = 2, .numFeat = 64, .numBlock = 2, .numGrowCh = 32};
    StateDict dict;
    std::int64_t seed = 0;
    for (const auto& spec : rrdbStateDictSpec(arch)) {
        // Weights at about He scale for their fan-in, so that activations keep their size.
        const double fanIn =
            spec.shape.size() == 4
                ? static_cast<double>(spec.shape[1] * spec.shape[2] * spec.shape[3])
                : 1.0;
        dict.insert(spec.name, test::fillTensor(spec.shape, ++seed, 0.0, 1.5 / std::sqrt(fanIn)));
    }
    if (!test::Avx2WinogradScope::available()) {
        GTEST_SKIP() << "this CPU has no AVX2 and FMA";
    }
    // Forced: an AVX-512 CPU would leave these layers to oneDNN.
    auto fast = [&] {
        test::Avx2WinogradScope scope(true);
        return RrdbNet::create(dict, "fast", {.kernels = RrdbKernels::Fast});
    }();
    auto direct = RrdbNet::create(dict, "direct", {.kernels = RrdbKernels::Direct});
    ASSERT_TRUE(fast && direct);
    // The transformed weights take 36 values for each 9: that they are held says the fast path
    // is the Winograd one.
    EXPECT_GT((*fast)->weightBytes(), 3 * (*direct)->weightBytes());
    const FloatTensor input = test::fillTensor({2, 3, 36, 52}, 5, 0.5, 0.5);
    auto a = (*fast)->forward(input);
    auto b = (*direct)->forward(input);
    ASSERT_TRUE(a && b);
    const auto diff = test::compare(*a, *b, 1e-4);
    EXPECT_TRUE(diff.ok) << diff.describe();
    std::cout << "fast against direct: " << diff.describe() << "\n";
}

TEST_F(RrdbNetTest, DISABLED_TimingReleasedX2At128) {
    GPEN_REQUIRE_FIXTURES();
    const auto* c = test::findCase("realesrnet-keys");
    ASSERT_NE(c, nullptr);
    auto net = RrdbNet::create(dictFromKeys(c->at("keys").at("realesrnet_x2")), "x2");
    ASSERT_TRUE(net) << net.error().message;
    const FloatTensor input = test::fillTensor({1, 3, 128, 128}, 3, 0.5, 0.5);
    ASSERT_TRUE((*net)->forward(input));
    for (int i = 0; i < 3; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        const std::clock_t c0 = std::clock();
        ASSERT_TRUE((*net)->forward(input));
        const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
        const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
        std::cout << "realesrnet_x2 128x128 forward: " << dt.count() << " s wall, " << cpu
                  << " s CPU\n";
    }
}

// The stop is looked at before each residual block, and nowhere else: stopped from inside the
// forward, it ends with Cancelled at the next block.
TEST_F(RrdbNetTest, AStopIsLookedAtBeforeEachBlock) {
    GPEN_REQUIRE_FIXTURES();
    auto ckpt = readCheckpoint(test::fixturesDir() / "rrdb-x2-f8-b2-g4.pth");
    ASSERT_TRUE(ckpt) << ckpt.error().message;
    auto net = RrdbNet::create(ckpt->tensors, "x2");
    ASSERT_TRUE(net) << net.error().message;
    ASSERT_EQ((*net)->architecture().numBlock, 2);
    const FloatTensor input = test::fillTensor({1, 3, 16, 16}, 7, 0.5, 0.5);
    const int checks = test::countStopChecks([&](std::stop_token stop) {
        auto r = (*net)->forward(input, stop);
        if (!r) {
            EXPECT_EQ(r.error().code, ErrorCode::Cancelled) << r.error().message;
        }
        return !r;
    });
    EXPECT_EQ(checks, 2);
}

}  // namespace
}  // namespace gpen
