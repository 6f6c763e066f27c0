// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the AVX2/FMA kernels of nn/winograd43_conv (Winograd F(4x4, 3x3)) on plain float
// arrays. Only these functions use AVX2 (by function attribute, not by compiler flag), so the
// library still runs on CPUs without it: callers ask cpuHasAvx2Fma() first.
//
// Output tiles (4x4 pixels) go in groups of 8 side by side, one tile per AVX lane; one work item
// is up to kMaxItemGroups consecutive groups (row-major over the tile grid) of one sample. Its
// steps, in a per-thread scratch buffer that stays in L2/L3:
//  1. input transform  V[xi][cin][tile]  = B^T d B   for the 6x6 input patch d of every tile;
//  2. 36 small GEMMs   M[xi][cout][tile] = sum over cin of U[xi][cout][cin] V[xi][cin][tile];
//  3. output transform y = A^T m A (+ bias, optional leaky ReLU) for each tile's 4x4 pixels.
// The GEMM's register block is 4 output channels (one broadcast weight each) by 24 tiles.

#include <cstddef>
#include <cstdint>

namespace gpen::nn::wino43 {

constexpr int kAlpha = 6;                 // input patch side: 4 outputs + 3 taps - 1
constexpr int kPoints = kAlpha * kAlpha;  // 36 transformed values per patch
constexpr int kLanes = 8;                 // tiles per AVX register
constexpr int kMaxItemGroups = 12;        // 96 tiles per work item
constexpr int kCoutBlock = 4;             // output channels per GEMM register block

bool cpuHasAvx2Fma();

struct Geometry {
    std::int64_t cin = 0;
    std::int64_t cout = 0;
    std::int64_t coutPadded = 0;               // cout rounded up to kCoutBlock
    std::int64_t height = 0, width = 0;        // input
    std::int64_t outHeight = 0, outWidth = 0;  // height + 2 * pad - 2, likewise
    int pad = 0;                               // padding on every side: 0 or 1
    bool reflect = false;                      // pad 1 by reflection (needs height, width >= 2)
    std::int64_t tileGroups = 0;  // groups per tile row: ceil(ceil(outWidth / 4) / kLanes)
    std::int64_t groups = 0;      // per sample: tile rows * tileGroups
    std::int64_t itemGroups = 0;  // groups per work item
    std::int64_t items = 0;       // work items per sample
    bool streamOutput = false;    // the output is far larger than the caches: bypass them

    // `workers`: the threads that will share the items (each gets one at least).
    static Geometry of(std::int64_t cin, std::int64_t cout, std::int64_t height, std::int64_t width,
                       int pad, bool reflect, int workers);
    // Floats of scratch one work item needs (64-byte aligned by the caller).
    std::size_t scratchFloats() const;
};

// The transformed weights U, [kPoints][coutPadded / kCoutBlock][cin][kCoutBlock], from
// weight [cout][cin][3][3] (computed in double; padding channels are zero).
void transformWeights(const float* weight, const Geometry& g, float* packed);

// What the output transform does to each pixel y of output channel co after the GEMM:
// y * scale[co] + bias[co], then a leaky ReLU where asked.
struct Epilogue {
    const float* scale = nullptr;  // [cout], or null for 1
    const float* bias = nullptr;   // [cout], or null for 0
    bool leakyRelu = false;
    float slope = 0;  // in [0, 1]
};

// Work item `item` (< g.items) of one sample: `input` [cin][height][width], each channel times
// inputScale[c] (null: 1), `output` [cout][outHeight][outWidth]; `scratch` holds
// g.scratchFloats() floats, 64-byte aligned.
void runItem(const Geometry& g, const float* input, const float* inputScale,
             const float* packedWeights, const Epilogue& epilogue, std::int64_t item,
             float* scratch, float* output);

}  // namespace gpen::nn::wino43
