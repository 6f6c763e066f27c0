// SPDX-License-Identifier: Apache-2.0
#include "gpen/nn/reference_tiling.h"

#include <algorithm>
#include <string>

namespace gpen {

std::vector<ReferenceTile> referenceTileGrid(int width, int height, const ReferenceTiling& tiling) {
    std::vector<ReferenceTile> tiles;
    const int size = tiling.tileSize;
    const int pad = std::max(0, tiling.tilePad);
    if (size < 1 || width < 1 || height < 1) {
        return tiles;
    }
    const int tilesX = (width + size - 1) / size;
    const int tilesY = (height + size - 1) / size;
    tiles.reserve(static_cast<std::size_t>(tilesX) * static_cast<std::size_t>(tilesY));
    for (int ty = 0; ty < tilesY; ++ty) {
        for (int tx = 0; tx < tilesX; ++tx) {
            const int x0 = tx * size;
            const int y0 = ty * size;
            const int x1 = std::min(x0 + size, width);
            const int y1 = std::min(y0 + size, height);
            const int rx0 = std::max(x0 - pad, 0);
            const int ry0 = std::max(y0 - pad, 0);
            const int rx1 = std::min(x1 + pad, width);
            const int ry1 = std::min(y1 + pad, height);
            tiles.push_back({{x0, y0, x1 - x0, y1 - y0}, {rx0, ry0, rx1 - rx0, ry1 - ry0}});
        }
    }
    return tiles;
}

FloatTensor cropNchw(const FloatTensor& image, const PixelRect& rect) {
    const auto n = image.shape[0];
    const auto c = image.shape[1];
    const auto h = image.shape[2];
    const auto w = image.shape[3];
    FloatTensor out({n, c, rect.height, rect.width});
    auto dst = out.data.begin();
    for (std::int64_t plane = 0; plane < n * c; ++plane) {
        for (int y = 0; y < rect.height; ++y) {
            const auto src = image.data.begin() + (plane * h + rect.y + y) * w + rect.x;
            dst = std::copy(src, src + rect.width, dst);
        }
    }
    return out;
}

Expected<FloatTensor> referenceTileProcess(const FloatTensor& image, int scale,
                                           const ReferenceTiling& tiling, const TileRunner& run) {
    if (image.shape.size() != 4 || image.numel() == 0) {
        return makeError(
            ErrorCode::InvalidArgument,
            "tiling needs a non-empty [N, C, H, W] image, got " + shapeToString(image.shape));
    }
    if (scale < 1 || tiling.tileSize < 1 || tiling.tilePad < 0) {
        return makeError(ErrorCode::InvalidArgument,
                         "tiling needs scale >= 1, tile size >= 1 and padding >= 0");
    }
    const auto n = image.shape[0];
    const auto h = image.shape[2];
    const auto w = image.shape[3];
    const auto tiles = referenceTileGrid(static_cast<int>(w), static_cast<int>(h), tiling);
    FloatTensor out;
    std::int64_t outC = 0;
    const std::int64_t outH = h * scale;
    const std::int64_t outW = w * scale;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const ReferenceTile& t = tiles[i];
        auto result = run(cropNchw(image, t.read), i, tiles.size());
        if (!result) {
            return tl::unexpected(result.error());
        }
        const FloatTensor& r = *result;
        const std::int64_t rh = std::int64_t{t.read.height} * scale;
        const std::int64_t rw = std::int64_t{t.read.width} * scale;
        if (r.shape.size() != 4 || r.shape[0] != n || r.shape[2] != rh || r.shape[3] != rw ||
            (i > 0 && r.shape[1] != outC)) {
            return makeError(ErrorCode::Internal, "tile " + std::to_string(i) + " came back as " +
                                                      shapeToString(r.shape) + " for an input of " +
                                                      std::to_string(t.read.height) + "x" +
                                                      std::to_string(t.read.width) + " at scale " +
                                                      std::to_string(scale));
        }
        if (i == 0) {
            outC = r.shape[1];
            out = FloatTensor({n, outC, outH, outW});
        }
        // The core's place inside the tile's result, and inside the output.
        const std::int64_t offX = std::int64_t{t.core.x - t.read.x} * scale;
        const std::int64_t offY = std::int64_t{t.core.y - t.read.y} * scale;
        const std::int64_t coreW = std::int64_t{t.core.width} * scale;
        const std::int64_t coreH = std::int64_t{t.core.height} * scale;
        for (std::int64_t plane = 0; plane < n * outC; ++plane) {
            for (std::int64_t y = 0; y < coreH; ++y) {
                const auto src = r.data.begin() + (plane * rh + offY + y) * rw + offX;
                const auto dst = out.data.begin() +
                                 (plane * outH + std::int64_t{t.core.y} * scale + y) * outW +
                                 std::int64_t{t.core.x} * scale;
                std::copy(src, src + coreW, dst);
            }
        }
    }
    return out;
}

}  // namespace gpen
