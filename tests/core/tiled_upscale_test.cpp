// SPDX-License-Identifier: Apache-2.0
// Tile planning and the feathered tiled runner, with small real functions standing in for the
// network (the RRDBNet parity of tiling is in rrdbnet_test).

#include <cmath>

#include <gtest/gtest.h>

#include "gpen/pipeline/tiled_upscale.h"

namespace gpen {
namespace {

FloatTensor ramp(int c, int h, int w) {
    FloatTensor t({1, c, h, w});
    for (std::size_t i = 0; i < t.data.size(); ++i) {
        t.data[i] = static_cast<float>(std::sin(0.37 * static_cast<double>(i)) * 0.5 + 0.5);
    }
    return t;
}

// Nearest-neighbour upscaling: depends on no context, so any tiling must reproduce it exactly.
Expected<FloatTensor> nearest(const FloatTensor& in, int s) {
    const auto c = in.shape[1], h = in.shape[2], w = in.shape[3];
    FloatTensor out({1, c, h * s, w * s});
    for (std::int64_t ch = 0; ch < c; ++ch)
        for (std::int64_t y = 0; y < h * s; ++y)
            for (std::int64_t x = 0; x < w * s; ++x)
                out.data[static_cast<std::size_t>((ch * h * s + y) * w * s + x)] =
                    in.data[static_cast<std::size_t>((ch * h + y / s) * w + x / s)];
    return out;
}

// A 5x5 box blur with zero padding at the tile's edge: depends on context, like a network.
Expected<FloatTensor> boxBlur(const FloatTensor& in) {
    const auto c = in.shape[1], h = in.shape[2], w = in.shape[3];
    FloatTensor out(in.shape);
    for (std::int64_t ch = 0; ch < c; ++ch)
        for (std::int64_t y = 0; y < h; ++y)
            for (std::int64_t x = 0; x < w; ++x) {
                float sum = 0;
                for (int dy = -2; dy <= 2; ++dy)
                    for (int dx = -2; dx <= 2; ++dx) {
                        const auto yy = y + dy, xx = x + dx;
                        if (yy >= 0 && yy < h && xx >= 0 && xx < w)
                            sum += in.data[static_cast<std::size_t>((ch * h + yy) * w + xx)];
                    }
                out.data[static_cast<std::size_t>((ch * h + y) * w + x)] = sum / 25.0F;
            }
    return out;
}

double maxDiff(const FloatTensor& a, const FloatTensor& b) {
    double m = 0;
    for (std::size_t i = 0; i < a.data.size(); ++i)
        m = std::max(m, std::fabs(static_cast<double>(a.data[i]) - b.data[i]));
    return m;
}

TEST(PlanTiles, CoversTheImageWithOverlapAndEndsAtTheBorders) {
    const auto tiles = planTiles(250, 130, {.tileSize = 100, .overlap = 20, .padding = 8});
    ASSERT_EQ(tiles.size(), 6U);  // x: 0, 80, 150; y: 0, 30
    EXPECT_EQ(tiles[0].core, (TileRect{0, 0, 100, 100}));
    EXPECT_EQ(tiles[2].core, (TileRect{150, 0, 100, 100}));
    EXPECT_EQ(tiles[5].core, (TileRect{150, 30, 100, 100}));
    EXPECT_EQ(tiles[1].read, (TileRect{72, 0, 116, 108}));  // context clipped at the top
    std::vector<int> covered(250 * 130, 0);
    for (const auto& t : tiles)
        for (int y = t.core.y; y < t.core.y + t.core.height; ++y)
            for (int x = t.core.x; x < t.core.x + t.core.width; ++x)
                covered[static_cast<std::size_t>(y * 250 + x)] = 1;
    EXPECT_EQ(std::count(covered.begin(), covered.end(), 0), 0);
}

TEST(PlanTiles, ZeroOrLargeTileIsOneTile) {
    EXPECT_EQ(planTiles(300, 200, {.tileSize = 0}).size(), 1U);
    EXPECT_EQ(planTiles(300, 200, {.tileSize = 512}).size(), 1U);
}

TEST(RunTiled, ContextFreeFunctionIsReproducedExactly) {
    const FloatTensor img = ramp(3, 90, 130);
    auto tiled = runTiled(img, [](const FloatTensor& t) { return nearest(t, 2); },
                          {.tiles = {.tileSize = 40, .overlap = 12, .padding = 4}, .scale = 2});
    ASSERT_TRUE(tiled) << tiled.error().message;
    EXPECT_GT(tiled->tiles, 1);
    EXPECT_LE(maxDiff(tiled->output, *nearest(img, 2)), 1e-6);
}

TEST(RunTiled, FeatheredTilesMatchTheUntiledResultWithinOneLevel) {
    const FloatTensor img = ramp(3, 96, 120);
    const auto whole = boxBlur(img);
    auto feathered = runTiled(img, boxBlur,
                              {.tiles = {.tileSize = 32, .overlap = 16, .padding = 2}, .scale = 1});
    ASSERT_TRUE(feathered);
    EXPECT_LE(maxDiff(feathered->output, *whole) * 255.0, 1.0);
    // Without enough context or blending the seams show: the same tiles with no overlap differ
    // more.
    auto hard =
        runTiled(img, boxBlur, {.tiles = {.tileSize = 32, .overlap = 0, .padding = 0}, .scale = 1});
    ASSERT_TRUE(hard);
    EXPECT_GT(maxDiff(hard->output, *whole), maxDiff(feathered->output, *whole));
}

TEST(RunTiled, HalvesTheTileWhenMemoryRunsOut) {
    const FloatTensor img = ramp(3, 200, 200);
    std::vector<Progress> notes;
    int calls = 0;
    auto r = runTiled(img,
                      [&calls](const FloatTensor& t) -> Expected<FloatTensor> {
                          ++calls;
                          if (t.shape[2] > 120 || t.shape[3] > 120)
                              return makeError(ErrorCode::OutOfMemory, "simulated");
                          return nearest(t, 2);
                      },
                      {.tiles = {.tileSize = 200, .overlap = 8, .padding = 4},
                       .scale = 2,
                       .progress = [&notes](const Progress& p) {
                           if (!p.note.empty()) notes.push_back(p);
                       }});
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->tileSizeUsed, 100);
    ASSERT_EQ(notes.size(), 1U);
    EXPECT_NE(notes[0].note.find("halved to 100"), std::string::npos);
    EXPECT_LE(maxDiff(r->output, *nearest(img, 2)), 1e-6);  // never a silently un-upscaled image
}

TEST(RunTiled, GivesUpBelowTheMinimumTile) {
    auto r = runTiled(ramp(3, 100, 100),
                      [](const FloatTensor&) -> Expected<FloatTensor> {
                          return makeError(ErrorCode::OutOfMemory, "always");
                      },
                      {.tiles = {.tileSize = 100, .minTileSize = 64}, .scale = 2});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ErrorCode::OutOfMemory);
}

TEST(RunTiled, StopsBetweenTilesWhenCancelled) {
    std::stop_source cancel;
    int calls = 0;
    auto r =
        runTiled(ramp(3, 100, 100),
                 [&](const FloatTensor& t) {
                     if (++calls == 2) cancel.request_stop();
                     return nearest(t, 1);
                 },
                 {.tiles = {.tileSize = 30, .overlap = 4}, .scale = 1, .stop = cancel.get_token()});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ErrorCode::Cancelled);
    EXPECT_EQ(calls, 2);
}

}  // namespace
}  // namespace gpen
