// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"

namespace gpen {

// A rectangle of pixels: columns [x, x + width), rows [y, y + height).
struct PixelRect {
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;
    friend bool operator==(const PixelRect&, const PixelRect&) = default;
};

// Real-ESRGAN's RealESRGANer.tile_process: square tiles of tileSize input pixels, each read with
// tilePad pixels of context on every side (clipped at the image border) and pasted back, scaled,
// without blending. tileSize 0 means no tiling. (The pipeline's feathered tiling is elsewhere.)
struct ReferenceTiling {
    int tileSize = 0;
    int tilePad = 10;
};

struct ReferenceTile {
    PixelRect core;  // the input pixels this tile is responsible for: its part of the output
    PixelRect read;  // the pixels it reads: core grown by tilePad, clipped to the image
};

// The tiles in the reference's order: rows of tiles top to bottom, each left to right.
// Empty when the image is empty or tileSize < 1.
std::vector<ReferenceTile> referenceTileGrid(int width, int height, const ReferenceTiling& tiling);

// Runs a network on one tile: `tile` is [N, C, h, w]; the result must be [N, C', h * scale,
// w * scale]. index counts from 0 to count - 1, so that a caller can report progress and check its
// cancel token; an error returned (Cancelled included) stops the tiling and is passed on as is.
using TileRunner = std::function<Expected<FloatTensor>(const FloatTensor& tile, std::size_t index,
                                                       std::size_t count)>;

// The reference tiling of `image` ([N, C, H, W]) through `run`, pasted into [N, C', H * scale,
// W * scale]. Pure: no state, no torch; safe from any thread when `run` is.
Expected<FloatTensor> referenceTileProcess(const FloatTensor& image, int scale,
                                           const ReferenceTiling& tiling, const TileRunner& run);

// Crops rect out of every image of an NCHW tensor (the rect must lie inside the image).
FloatTensor cropNchw(const FloatTensor& image, const PixelRect& rect);

}  // namespace gpen
