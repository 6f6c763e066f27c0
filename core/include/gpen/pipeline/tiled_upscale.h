// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <stop_token>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"
#include "gpen/engine/tile_defaults.h"
#include "gpen/pipeline/progress.h"

namespace gpen {

struct TileParams {
    int tileSize = kDefaultTileSize;  // core side in input pixels; 0: the whole image in one piece
    int overlap = kDefaultTileOverlap;  // neighbouring cores overlap by this much, cross-faded
    int padding = kDefaultTilePadding;  // context read around each tile, cut away after the network
    int minTileSize = 64;               // halving after an allocation failure stops here
};

// The smallest tile side accepted: below it a photo needs millions of tiles, each mostly padding.
inline constexpr int kMinTileSide = 16;

// Whether `params` plans a sane grid: tileSize 0 (one piece) or at least kMinTileSide, overlap
// and padding not negative, overlap smaller than the tile. InvalidArgument says which is wrong.
Expected<void> validateTileParams(const TileParams& params);

// One tile in input pixels: `core` is what it contributes (cross-faded with its neighbours over
// the overlap), `read` is core plus context, clipped to the image.
struct TileRect {
    int x = 0, y = 0, width = 0, height = 0;
    friend bool operator==(const TileRect&, const TileRect&) = default;
};
struct Tile {
    TileRect core;
    TileRect read;
};

// The tiles covering a width x height image: cores of tileSize with stride tileSize - overlap,
// the last row and column shifted back to end at the border. Pure geometry.
std::vector<Tile> planTiles(int width, int height, const TileParams& params);

// The network, applied to one [1, C, h, w] tile: returns [1, C, h*scale, w*scale]. An
// ErrorCode::OutOfMemory result makes the runner halve the tile and try again.
using TileFn = std::function<Expected<FloatTensor>(const FloatTensor& tile)>;

struct TiledRunParams {
    TileParams tiles;
    int scale = 2;
    ProgressFn progress;  // stage "background", one step per tile
    std::stop_token stop;
};

struct TiledRunResult {
    FloatTensor output;
    int tileSizeUsed = 0;  // smaller than asked when memory ran out
    int tiles = 0;
};

// Runs `fn` tile by tile over `image` ([1, C, H, W]) and blends the overlaps with linear
// feathered weights, so that seams vanish and the result equals the untiled one to within the
// network's sensitivity to far context. Memory beyond the input and output is one tile's.
Expected<TiledRunResult> runTiled(const FloatTensor& image, const TileFn& fn,
                                  const TiledRunParams& params);

}  // namespace gpen
