// SPDX-License-Identifier: Apache-2.0
#pragma once

// The background pass's tiles, by default: one place for the warm-up (which meets the sizes the
// work uses), the pass itself, the app's settings and panel, and the command line.

namespace gpen {

// A tile's core side in input pixels (a 1600 px piece of output at x4).
inline constexpr int kDefaultTileSize = 400;
// Neighbouring cores overlap by this much and are cross-faded there.
inline constexpr int kDefaultTileOverlap = 32;
// Context read around each tile and cut away after the network.
inline constexpr int kDefaultTilePadding = 10;

}  // namespace gpen
