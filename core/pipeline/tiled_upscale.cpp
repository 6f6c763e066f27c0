// SPDX-License-Identifier: Apache-2.0
#include "gpen/pipeline/tiled_upscale.h"

#include <algorithm>
#include <new>

#include "gpen/base/log.h"

namespace gpen {
namespace {

// Starts of the cores along one axis of `length`.
std::vector<int> axisStarts(int length, int tile, int overlap) {
    if (tile <= 0 || tile >= length) {
        return {0};
    }
    const int stride = std::max(1, tile - overlap);
    std::vector<int> starts;
    for (int s = 0;; s += stride) {
        if (s + tile >= length) {
            starts.push_back(length - tile);  // the last core ends at the border
            break;
        }
        starts.push_back(s);
    }
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
    return starts;
}

// Cross-fade weights of each core along one axis, at output resolution: a linear ramp over the
// part shared with the previous core and over the part shared with the next, 1 elsewhere.
std::vector<std::vector<float>> axisWeights(const std::vector<int>& starts, int tile, int length,
                                            int scale) {
    const int size = std::min(tile <= 0 ? length : tile, length);
    std::vector<std::vector<float>> weights;
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const int begin = starts[i];
        const int end = begin + size;
        const int rampIn = i > 0 ? (starts[i - 1] + size - begin) * scale : 0;
        const int rampOut = i + 1 < starts.size() ? (end - starts[i + 1]) * scale : 0;
        std::vector<float> w(static_cast<std::size_t>(size * scale), 1.0F);
        for (int u = 0; u < size * scale; ++u) {
            float v = 1.0F;
            if (rampIn > 0)
                v = std::min(v, (static_cast<float>(u) + 0.5F) / static_cast<float>(rampIn));
            if (rampOut > 0)
                v = std::min(
                    v, (static_cast<float>(size * scale - u) - 0.5F) / static_cast<float>(rampOut));
            w[static_cast<std::size_t>(u)] = v;
        }
        weights.push_back(std::move(w));
    }
    return weights;
}

// Per output pixel along the axis: the sum of the weights of the cores covering it.
std::vector<float> axisWeightSums(const std::vector<int>& starts,
                                  const std::vector<std::vector<float>>& weights, int tile,
                                  int length, int scale) {
    const int size = std::min(tile <= 0 ? length : tile, length);
    std::vector<float> sums(static_cast<std::size_t>(length) * static_cast<std::size_t>(scale),
                            0.0F);
    for (std::size_t i = 0; i < starts.size(); ++i) {
        for (int u = 0; u < size * scale; ++u) {
            sums[static_cast<std::size_t>(starts[i] * scale + u)] +=
                weights[i][static_cast<std::size_t>(u)];
        }
    }
    return sums;
}

FloatTensor crop(const FloatTensor& image, const TileRect& r) {
    const auto c = image.shape[1];
    const auto h = image.shape[2];
    const auto w = image.shape[3];
    FloatTensor out({1, c, r.height, r.width});
    for (std::int64_t ch = 0; ch < c; ++ch) {
        for (int y = 0; y < r.height; ++y) {
            const float* src = image.data.data() + (ch * h + r.y + y) * w + r.x;
            std::copy_n(src, r.width, out.data.data() + (ch * r.height + y) * r.width);
        }
    }
    return out;
}

}  // namespace

Expected<void> validateTileParams(const TileParams& params) {
    const auto bad = [](const std::string& why) {
        return makeError(ErrorCode::InvalidArgument, "tiles: " + why);
    };
    if (params.tileSize < 0 || (params.tileSize > 0 && params.tileSize < kMinTileSide)) {
        return bad("tile size " + std::to_string(params.tileSize) +
                   " must be 0 (no tiling) or at least " + std::to_string(kMinTileSide));
    }
    if (params.overlap < 0 || params.padding < 0)
        return bad("overlap and padding must not be negative");
    if (params.tileSize > 0 && params.overlap >= params.tileSize) {
        return bad("overlap " + std::to_string(params.overlap) +
                   " must be smaller than the tile size " + std::to_string(params.tileSize));
    }
    return {};
}

std::vector<Tile> planTiles(int width, int height, const TileParams& params) {
    const auto xs = axisStarts(width, params.tileSize, params.overlap);
    const auto ys = axisStarts(height, params.tileSize, params.overlap);
    const int tw = params.tileSize <= 0 ? width : std::min(params.tileSize, width);
    const int th = params.tileSize <= 0 ? height : std::min(params.tileSize, height);
    std::vector<Tile> tiles;
    for (const int y : ys) {
        for (const int x : xs) {
            Tile t;
            t.core = {x, y, tw, th};
            const int rx = std::max(0, x - params.padding);
            const int ry = std::max(0, y - params.padding);
            t.read = {rx, ry, std::min(width, x + tw + params.padding) - rx,
                      std::min(height, y + th + params.padding) - ry};
            tiles.push_back(t);
        }
    }
    return tiles;
}

namespace {

// One tile through the network. The crop is ours to allocate: its failure is the same
// out-of-memory as the network's, so the caller halves the tile for both.
Expected<FloatTensor> runTile(const FloatTensor& image, const TileRect& read, const TileFn& fn) {
    try {
        return fn(crop(image, read));
    } catch (const std::bad_alloc&) {
        return makeError(ErrorCode::OutOfMemory, "background pass: out of memory for a tile");
    }
}

Expected<TiledRunResult> runTiledAt(const FloatTensor& image, const TileFn& fn,
                                    const TiledRunParams& params) {
    if (image.shape.size() != 4 || image.shape[0] != 1 || params.scale < 1) {
        return makeError(ErrorCode::InvalidArgument,
                         "tiled run: expected a [1, C, H, W] image and scale >= 1");
    }
    const auto c = image.shape[1];
    const int h = static_cast<int>(image.shape[2]);
    const int w = static_cast<int>(image.shape[3]);
    const int s = params.scale;
    if (auto ok = validateTileParams(params.tiles); !ok) return tl::unexpected(ok.error());
    TileParams tp = params.tiles;
    for (;;) {
        const auto tiles = planTiles(w, h, tp);
        const auto xs = axisStarts(w, tp.tileSize, tp.overlap);
        const auto ys = axisStarts(h, tp.tileSize, tp.overlap);
        const auto wx = axisWeights(xs, tp.tileSize, w, s);
        const auto wy = axisWeights(ys, tp.tileSize, h, s);
        const std::int64_t oh = static_cast<std::int64_t>(h) * s;
        const std::int64_t ow = static_cast<std::int64_t>(w) * s;
        FloatTensor out({1, c, oh, ow});
        // Tile (i, j) weighs pixel (x, y) by wx_i(x) * wy_j(y), and the tiles form a grid: the
        // weights at a pixel sum to (sum_i wx_i(x)) * (sum_j wy_j(y)), two axis sums, no canvas.
        const auto sumX = axisWeightSums(xs, wx, tp.tileSize, w, s);
        const auto sumY = axisWeightSums(ys, wy, tp.tileSize, h, s);
        bool retry = false;
        for (std::size_t i = 0; i < tiles.size(); ++i) {
            if (params.stop.stop_requested()) {
                return makeError(ErrorCode::Cancelled, "Cancelled");
            }
            const Tile& t = tiles[i];
            auto result = runTile(image, t.read, fn);
            // Halving stops where the grid would stop being valid (see validateTileParams).
            if (!result && result.error().code == ErrorCode::OutOfMemory &&
                tp.tileSize / 2 >= tp.minTileSize && tp.tileSize / 2 >= kMinTileSide &&
                tp.tileSize / 2 > tp.overlap &&
                (tp.tileSize > 0 || std::max(w, h) / 2 >= tp.minTileSize)) {
                const int from = tp.tileSize > 0 ? tp.tileSize : std::max(w, h);
                tp.tileSize = from / 2;
                const std::string note =
                    std::string(kProgressTileHalvedPrefix) + std::to_string(from) +
                    std::string(kProgressTileHalvedMiddle) + std::to_string(tp.tileSize) +
                    std::string(kProgressTileHalvedSuffix);
                log(LogLevel::Warning, "background pass: " + note);
                if (params.progress) params.progress({"background", 0, 0, note});
                retry = true;
                break;
            }
            if (!result) {
                return tl::unexpected(result.error());
            }
            const FloatTensor& r = *result;
            if (r.shape != Shape{1, c, static_cast<std::int64_t>(t.read.height) * s,
                                 static_cast<std::int64_t>(t.read.width) * s}) {
                return makeError(ErrorCode::Internal,
                                 "tiled run: the network returned " + shapeToString(r.shape));
            }
            const auto& wxi = wx[i % xs.size()];
            const auto& wyi = wy[i / xs.size()];
            const std::int64_t rw = static_cast<std::int64_t>(t.read.width) * s;
            const std::int64_t rh = static_cast<std::int64_t>(t.read.height) * s;
            const std::int64_t offX = static_cast<std::int64_t>(t.core.x - t.read.x) * s;
            const std::int64_t offY = static_cast<std::int64_t>(t.core.y - t.read.y) * s;
            const std::int64_t cw = static_cast<std::int64_t>(t.core.width) * s;
            const std::int64_t chh = static_cast<std::int64_t>(t.core.height) * s;
            for (std::int64_t y = 0; y < chh; ++y) {
                const std::int64_t gy = static_cast<std::int64_t>(t.core.y) * s + y;
                for (std::int64_t x = 0; x < cw; ++x) {
                    const std::int64_t gx = static_cast<std::int64_t>(t.core.x) * s + x;
                    const float wgt =
                        wxi[static_cast<std::size_t>(x)] * wyi[static_cast<std::size_t>(y)];
                    for (std::int64_t ch = 0; ch < c; ++ch) {
                        out.data[static_cast<std::size_t>((ch * oh + gy) * ow + gx)] +=
                            wgt *
                            r.data[static_cast<std::size_t>((ch * rh + offY + y) * rw + offX + x)];
                    }
                }
            }
            if (params.progress)
                params.progress(
                    {"background", static_cast<int>(i + 1), static_cast<int>(tiles.size()), {}});
        }
        if (retry) {
            continue;
        }
        for (std::int64_t ch = 0; ch < c; ++ch) {
            for (std::int64_t y = 0; y < oh; ++y) {
                float* row = out.data.data() + (ch * oh + y) * ow;
                for (std::int64_t x = 0; x < ow; ++x) {
                    row[x] /= sumX[static_cast<std::size_t>(x)] * sumY[static_cast<std::size_t>(y)];
                }
            }
        }
        return TiledRunResult{std::move(out), tp.tileSize, static_cast<int>(tiles.size())};
    }
}

}  // namespace

// The runner's own buffers (the output canvas, weights, crops) can fail to allocate as well as the
// network: every failure is reported as OutOfMemory, never thrown past the caller.
Expected<TiledRunResult> runTiled(const FloatTensor& image, const TileFn& fn,
                                  const TiledRunParams& params) {
    try {
        return runTiledAt(image, fn, params);
    } catch (const std::bad_alloc&) {
        return makeError(ErrorCode::OutOfMemory,
                         "background pass: out of memory for the output canvas");
    }
}

}  // namespace gpen
