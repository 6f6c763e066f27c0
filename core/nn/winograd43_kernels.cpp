// SPDX-License-Identifier: Apache-2.0
#include "nn/winograd43_kernels.h"

#include <algorithm>
#include <cstring>

#include <immintrin.h>

// Each function that uses AVX2 says so itself: the file is compiled with the library's flags.
#define GPEN_AVX2 __attribute__((target("avx2,fma")))

namespace gpen::nn::wino43 {

namespace {

// Input columns one group of 8 tiles reads: 4 per tile, plus the patch's 2 extra columns, rounded
// up to whole registers (the shifted load of positions 4 and 5 reads 4 columns past the 32).
constexpr int kGroupFloats = 4 * kLanes + kLanes;

// How far ahead (in input channels) the GEMM prefetches the transformed weights: 512 bytes.
constexpr std::int64_t kPrefetchChannels = 32;
// How far ahead (in channel planes) the input transform prefetches its rows: far enough to cover
// a memory access (a plane's group takes some 100 cycles to transform).
constexpr std::int64_t kPrefetchPlanes = 16;

constexpr std::size_t roundUp(std::size_t n, std::size_t unit) {
    return (n + unit - 1) / unit * unit;
}

// Floats from one point's slice of V to the next: cin * tiles, plus a cache line so that the 36
// slices do not start at multiples of 4 KB apart (they would share one L1 set, and the input
// transform's 36 stores per channel would evict each other).
std::int64_t pointStride(const Geometry& g) {
    return g.cin * g.itemGroups * kLanes + 16;
}

struct ScratchLayout {
    std::size_t lines, rows, v, m, tail, total;
};

ScratchLayout layoutOf(const Geometry& g) {
    constexpr std::size_t kAlign = 16;  // floats: 64 bytes
    const auto tiles = static_cast<std::size_t>(g.itemGroups * kLanes);
    ScratchLayout s{};
    s.lines = 0;
    s.rows = s.lines + roundUp(kAlpha * kGroupFloats, kAlign);
    s.v = s.rows + roundUp(kAlpha * kGroupFloats, kAlign);
    s.m = s.v + roundUp(kPoints * static_cast<std::size_t>(pointStride(g)), kAlign);
    s.tail = s.m + roundUp(kPoints * static_cast<std::size_t>(g.coutPadded) * tiles, kAlign);
    s.total = s.tail + roundUp(4 * kLanes, kAlign);
    return s;
}

// B^T d for one column of six values (F(4x4, 3x3) with points 0, +-1, +-2 and infinity).
GPEN_AVX2 inline void inputTransform(const __m256 (&d)[kAlpha], __m256 (&v)[kAlpha]) {
    const __m256 two = _mm256_set1_ps(2.0f);
    const __m256 four = _mm256_set1_ps(4.0f);
    const __m256 five = _mm256_set1_ps(5.0f);
    v[0] = _mm256_fmadd_ps(four, d[0], _mm256_fnmadd_ps(five, d[2], d[4]));
    v[1] = _mm256_fnmadd_ps(four, _mm256_add_ps(d[1], d[2]), _mm256_add_ps(d[3], d[4]));
    v[2] = _mm256_fmadd_ps(four, _mm256_sub_ps(d[1], d[2]), _mm256_sub_ps(d[4], d[3]));
    v[3] = _mm256_fmadd_ps(two, _mm256_sub_ps(d[3], d[1]), _mm256_sub_ps(d[4], d[2]));
    v[4] = _mm256_fnmadd_ps(two, _mm256_sub_ps(d[3], d[1]), _mm256_sub_ps(d[4], d[2]));
    v[5] = _mm256_fmadd_ps(four, d[1], _mm256_fnmadd_ps(five, d[3], d[5]));
}

// A^T m for one column of six values.
GPEN_AVX2 inline void outputTransform(const __m256 (&m)[kAlpha], __m256 (&o)[4]) {
    const __m256 sum12 = _mm256_add_ps(m[1], m[2]);
    const __m256 diff12 = _mm256_sub_ps(m[1], m[2]);
    const __m256 sum34 = _mm256_add_ps(m[3], m[4]);
    const __m256 diff34 = _mm256_sub_ps(m[3], m[4]);
    o[0] = _mm256_add_ps(_mm256_add_ps(m[0], sum12), sum34);
    o[1] = _mm256_fmadd_ps(_mm256_set1_ps(2.0f), diff34, diff12);
    o[2] = _mm256_fmadd_ps(_mm256_set1_ps(4.0f), sum34, sum12);
    o[3] = _mm256_add_ps(_mm256_fmadd_ps(_mm256_set1_ps(8.0f), diff34, diff12), m[5]);
}

// 32 consecutive floats, 4 per tile for 8 tiles, into 4 registers by position in the tile.
// Lanes 0-3 hold tiles 0, 2, 4, 6 and lanes 4-7 tiles 1, 3, 5, 7 (each 128-bit half is transposed
// on its own); interleave() undoes exactly this.
GPEN_AVX2 inline void deinterleave(const float* p, __m256 (&q)[4]) {
    const __m256 a = _mm256_loadu_ps(p);
    const __m256 b = _mm256_loadu_ps(p + 8);
    const __m256 c = _mm256_loadu_ps(p + 16);
    const __m256 d = _mm256_loadu_ps(p + 24);
    const __m256 t0 = _mm256_unpacklo_ps(a, b);
    const __m256 t1 = _mm256_unpackhi_ps(a, b);
    const __m256 t2 = _mm256_unpacklo_ps(c, d);
    const __m256 t3 = _mm256_unpackhi_ps(c, d);
    q[0] = _mm256_shuffle_ps(t0, t2, 0x44);
    q[1] = _mm256_shuffle_ps(t0, t2, 0xEE);
    q[2] = _mm256_shuffle_ps(t1, t3, 0x44);
    q[3] = _mm256_shuffle_ps(t1, t3, 0xEE);
}

// `Stream`: non-temporal stores (p 32-byte aligned), for outputs far larger than the caches,
// which would otherwise be read from memory before being overwritten.
template <bool Stream>
GPEN_AVX2 inline void interleave(const __m256 (&q)[4], float* p) {
    const __m256 t0 = _mm256_unpacklo_ps(q[0], q[1]);
    const __m256 t1 = _mm256_unpackhi_ps(q[0], q[1]);
    const __m256 t2 = _mm256_unpacklo_ps(q[2], q[3]);
    const __m256 t3 = _mm256_unpackhi_ps(q[2], q[3]);
    const __m256 r[4] = {_mm256_shuffle_ps(t0, t2, 0x44), _mm256_shuffle_ps(t0, t2, 0xEE),
                         _mm256_shuffle_ps(t1, t3, 0x44), _mm256_shuffle_ps(t1, t3, 0xEE)};
#pragma GCC unroll 4
    for (int i = 0; i < 4; ++i) {
        if constexpr (Stream) {
            _mm256_stream_ps(p + i * kLanes, r[i]);
        } else {
            _mm256_storeu_ps(p + i * kLanes, r[i]);
        }
    }
}

// Where a group of 8 tiles lies: its tile row and its first input column.
struct GroupPlace {
    std::int64_t y0, x0;      // input coordinates of the group's top-left patch pixel (may be < 0)
    std::int64_t outY, outX;  // its first output pixel
};

GroupPlace placeOf(const Geometry& g, std::int64_t group) {
    const std::int64_t tileRow = group / g.tileGroups;
    const std::int64_t firstTile = group % g.tileGroups * kLanes;
    return {4 * tileRow - g.pad, 4 * firstTile - g.pad, 4 * tileRow, 4 * firstTile};
}

// The six input rows of a group for one channel, kGroupFloats wide from input column x0: the
// image's own rows where they lie wholly inside it, else copies into `lines` with the padding
// outside the image (zeros, or the reflection of the one pixel next to the border).
void fillLines(const Geometry& g, const float* channel, const GroupPlace& at, float* lines,
               const float* (&line)[kAlpha]) {
    const std::int64_t from = std::clamp<std::int64_t>(-at.x0, 0, kGroupFloats);
    const std::int64_t to = std::clamp<std::int64_t>(g.width - at.x0, from, kGroupFloats);
#pragma GCC unroll 6
    for (int i = 0; i < kAlpha; ++i) {
        std::int64_t y = at.y0 + i;
        if (g.reflect) {
            // Rows further out feed only outputs past the image's, which are never written.
            y = y == -1 ? 1 : y == g.height ? g.height - 2 : y;
        }
        const bool rowInside = y >= 0 && y < g.height;
        if (rowInside && from == 0 && to == kGroupFloats) {
            line[i] = channel + y * g.width + at.x0;
            continue;
        }
        float* copy = lines + i * kGroupFloats;
        line[i] = copy;
        if (!rowInside || to <= from) {
            std::memset(copy, 0, sizeof(float) * kGroupFloats);
            continue;
        }
        std::memset(copy, 0, sizeof(float) * static_cast<std::size_t>(from));
        std::memcpy(copy + from, channel + y * g.width + at.x0 + from,
                    sizeof(float) * static_cast<std::size_t>(to - from));
        std::memset(copy + to, 0, sizeof(float) * static_cast<std::size_t>(kGroupFloats - to));
        if (g.reflect) {
            const float* row = channel + y * g.width;
            if (from == 1) {
                copy[0] = row[1];  // column -1
            }
            if (to < kGroupFloats && at.x0 + to == g.width) {
                copy[to] = row[g.width - 2];  // column width
            }
        }
    }
}

// The next channel's rows for the same group, into L1 while this channel is transformed: each
// channel plane is read only a few short rows at a time, too little for the hardware prefetcher
// to follow (the input of a large layer comes from memory).
GPEN_AVX2 void prefetchLines(const Geometry& g, const float* channel, const GroupPlace& at) {
    const std::int64_t from = std::max<std::int64_t>(at.x0, 0);
    const std::int64_t to = std::min<std::int64_t>(at.x0 + kGroupFloats, g.width);
    if (to <= from) {
        return;
    }
    constexpr std::int64_t kLineFloats = 16;  // one 64-byte cache line
#pragma GCC unroll 6
    for (int i = 0; i < kAlpha; ++i) {
        const std::int64_t y = at.y0 + i;
        if (y < 0 || y >= g.height) {
            continue;
        }
        const float* row = channel + y * g.width;
        for (std::int64_t x = from; x < to + kLineFloats - 1; x += kLineFloats) {
            _mm_prefetch(reinterpret_cast<const char*>(row + std::min(x, to - 1)), _MM_HINT_T0);
        }
    }
}

// Step 1 for one channel of one group: rows first (B^T d, across the columns at once), then
// columns, written to V[xi][c][tile] (`v` points at the group's first tile).
GPEN_AVX2 void transformInput(const float* const (&line)[kAlpha], float scale,
                              std::int64_t vPointStride, float* rows, float* v) {
    const __m256 factor = _mm256_set1_ps(scale);
    for (int k = 0; k < kGroupFloats; k += kLanes) {
        __m256 d[kAlpha];
        __m256 r[kAlpha];
#pragma GCC unroll 6
        for (int i = 0; i < kAlpha; ++i) {
            d[i] = _mm256_loadu_ps(line[i] + k);
        }
        inputTransform(d, r);
#pragma GCC unroll 6
        for (int i = 0; i < kAlpha; ++i) {
            _mm256_store_ps(rows + i * kGroupFloats + k, r[i]);
        }
    }
#pragma GCC unroll 6
    for (int i = 0; i < kAlpha; ++i) {
        const float* row = rows + i * kGroupFloats;
        __m256 d[kAlpha];
        __m256 q[4];
        deinterleave(row, q);
        d[0] = q[0];
        d[1] = q[1];
        d[2] = q[2];
        d[3] = q[3];
        deinterleave(row + 4, q);  // positions 4 and 5 are the next tile's 0 and 1
        d[4] = q[0];
        d[5] = q[1];
        __m256 out[kAlpha];
        inputTransform(d, out);
#pragma GCC unroll 6
        for (int j = 0; j < kAlpha; ++j) {
            _mm256_store_ps(v + (i * kAlpha + j) * vPointStride, _mm256_mul_ps(out[j], factor));
        }
    }
}

// Step 2 for one point, kCoutBlock output channels and Groups * 8 tiles:
// m[r][tile] = sum_c u[c][r] v[c][tile]. `tiles` is the row length of V and M; M's channels are
// kPoints rows apart (M is [cout][xi][tile], so that one channel's 36 points lie together for the
// output transform).
template <int Groups>
GPEN_AVX2 inline void multiplyBlock(const float* v, const float* u, std::int64_t cin,
                                    std::int64_t tiles, float* m) {
    __m256 acc[kCoutBlock][Groups];
#pragma GCC unroll 4
    for (int r = 0; r < kCoutBlock; ++r) {
#pragma GCC unroll 3
        for (int j = 0; j < Groups; ++j) {
            acc[r][j] = _mm256_setzero_ps();
        }
    }
    for (std::int64_t c = 0; c < cin; ++c) {
        // U streams through once per block (4 KB at 256 channels: a page, where the hardware
        // prefetcher stops); fetching a few lines ahead keeps the loop from waiting on it.
        if (c % 4 == 0) {
            _mm_prefetch(reinterpret_cast<const char*>(u + (c + kPrefetchChannels) * kCoutBlock),
                         _MM_HINT_T0);
        }
        __m256 x[Groups];
#pragma GCC unroll 3
        for (int j = 0; j < Groups; ++j) {
            x[j] = _mm256_load_ps(v + c * tiles + j * kLanes);
        }
#pragma GCC unroll 4
        for (int r = 0; r < kCoutBlock; ++r) {
            const __m256 w = _mm256_broadcast_ss(u + c * kCoutBlock + r);
#pragma GCC unroll 3
            for (int j = 0; j < Groups; ++j) {
                acc[r][j] = _mm256_fmadd_ps(w, x[j], acc[r][j]);
            }
        }
    }
#pragma GCC unroll 4
    for (int r = 0; r < kCoutBlock; ++r) {
#pragma GCC unroll 3
        for (int j = 0; j < Groups; ++j) {
            _mm256_store_ps(m + r * kPoints * tiles + j * kLanes, acc[r][j]);
        }
    }
}

// Step 2 for all points: per point, the V slice (cin x tiles) and the U slice (cin x cout) are
// what the GEMM reuses, and both stay in L2; the register blocks are 3 groups, with a remainder
// of 2 + 2 rather than 3 + 1 (one group alone loads as much as it multiplies).
GPEN_AVX2 void multiply(const Geometry& g, std::int64_t groups, const float* v, const float* packed,
                        float* m) {
    const std::int64_t blocks = g.coutPadded / kCoutBlock;
    const std::int64_t tiles = g.itemGroups * kLanes;
    for (int xi = 0; xi < kPoints; ++xi) {
        const float* vx = v + xi * pointStride(g);
        const float* ux = packed + xi * blocks * g.cin * kCoutBlock;
        for (std::int64_t b = 0; b < blocks; ++b) {
            const float* ub = ux + b * g.cin * kCoutBlock;
            float* mb = m + (b * kCoutBlock * kPoints + xi) * tiles;
            std::int64_t done = 0;
            while (done < groups) {
                const std::int64_t left = groups - done;
                const float* vs = vx + done * kLanes;
                float* ms = mb + done * kLanes;
                if (left >= 3 && left != 4) {
                    multiplyBlock<3>(vs, ub, g.cin, tiles, ms);
                    done += 3;
                } else if (left >= 2) {
                    multiplyBlock<2>(vs, ub, g.cin, tiles, ms);
                    done += 2;
                } else {
                    multiplyBlock<1>(vs, ub, g.cin, tiles, ms);
                    done += 1;
                }
            }
        }
    }
}

// Step 3 for one output channel and one group of 8 tiles: 4 output rows of 32 pixels.
GPEN_AVX2 void transformOutput(const Geometry& g, const float* m, std::int64_t tiles,
                               std::int64_t co, const Epilogue& epilogue, const GroupPlace& at,
                               float* tail, float* output) {
    __m256 t[4][kAlpha];
#pragma GCC unroll 6
    for (int j = 0; j < kAlpha; ++j) {
        __m256 col[kAlpha];
#pragma GCC unroll 6
        for (int i = 0; i < kAlpha; ++i) {
            col[i] = _mm256_load_ps(m + (co * kPoints + i * kAlpha + j) * tiles);
        }
        __m256 o[4];
        outputTransform(col, o);
#pragma GCC unroll 6
        for (int a = 0; a < 4; ++a) {
            t[a][j] = o[a];
        }
    }
    const __m256 bias = _mm256_set1_ps(epilogue.bias != nullptr ? epilogue.bias[co] : 0.0f);
    const __m256 scale = _mm256_set1_ps(epilogue.scale != nullptr ? epilogue.scale[co] : 1.0f);
    const __m256 slope = _mm256_set1_ps(epilogue.slope);
    const std::int64_t columns = std::min<std::int64_t>(4 * kLanes, g.outWidth - at.outX);
    float* plane = output + co * g.outHeight * g.outWidth;
#pragma GCC unroll 6
    for (int a = 0; a < 4; ++a) {
        const std::int64_t y = at.outY + a;
        if (y >= g.outHeight) {
            break;
        }
        __m256 o[4];
        outputTransform(t[a], o);
        for (auto& value : o) {
            value = _mm256_fmadd_ps(value, scale, bias);
            if (epilogue.leakyRelu) {
                // For a slope in [0, 1], max(x, slope * x) is x where x >= 0, slope * x elsewhere.
                value = _mm256_max_ps(value, _mm256_mul_ps(value, slope));
            }
        }
        float* dst = plane + y * g.outWidth + at.outX;
        if (columns == 4 * kLanes && g.streamOutput &&
            reinterpret_cast<std::uintptr_t>(dst) % sizeof(__m256) == 0) {
            interleave<true>(o, dst);
        } else if (columns == 4 * kLanes) {
            interleave<false>(o, dst);
        } else {
            interleave<false>(o, tail);
            std::memcpy(dst, tail, sizeof(float) * static_cast<std::size_t>(columns));
        }
    }
}

GPEN_AVX2 bool detectAvx2Fma() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

}  // namespace

bool cpuHasAvx2Fma() {
    static const bool has = detectAvx2Fma();
    return has;
}

Geometry Geometry::of(std::int64_t cin, std::int64_t cout, std::int64_t height, std::int64_t width,
                      int pad, bool reflect, int workers) {
    Geometry g;
    g.reflect = reflect && pad == 1;
    g.cin = cin;
    g.cout = cout;
    g.coutPadded = (cout + kCoutBlock - 1) / kCoutBlock * kCoutBlock;
    g.height = height;
    g.width = width;
    g.pad = pad;
    g.outHeight = height + 2 * pad - 2;
    g.outWidth = width + 2 * pad - 2;
    const std::int64_t tileRows = (g.outHeight + 3) / 4;
    const std::int64_t tileColumns = (g.outWidth + 3) / 4;
    g.tileGroups = (tileColumns + kLanes - 1) / kLanes;
    g.groups = tileRows * g.tileGroups;
    // Up to kMaxItemGroups groups per item, in a multiple of the workers' count of items where
    // that is few (32 groups in 3 items kept one of two threads waiting a third of the time).
    const std::int64_t ways = std::max(workers, 1);
    std::int64_t items = (g.groups + kMaxItemGroups - 1) / kMaxItemGroups;
    items = (items + ways - 1) / ways * ways;
    g.itemGroups = std::max<std::int64_t>(1, (g.groups + items - 1) / items);
    g.items = (g.groups + g.itemGroups - 1) / g.itemGroups;
    constexpr std::int64_t kStreamBytes = 16 << 20;  // half the L3 of the machines we measured
    g.streamOutput =
        cout * g.outHeight * g.outWidth * static_cast<std::int64_t>(sizeof(float)) >= kStreamBytes;
    return g;
}

std::size_t Geometry::scratchFloats() const {
    return layoutOf(*this).total;
}

void transformWeights(const float* weight, const Geometry& g, float* packed) {
    static constexpr double kG[kAlpha][3] = {
        {1.0 / 4, 0, 0},
        {-1.0 / 6, -1.0 / 6, -1.0 / 6},
        {-1.0 / 6, 1.0 / 6, -1.0 / 6},
        {1.0 / 24, 1.0 / 12, 1.0 / 6},
        {1.0 / 24, -1.0 / 12, 1.0 / 6},
        {0, 0, 1},
    };
    const std::int64_t blocks = g.coutPadded / kCoutBlock;
    std::fill(packed, packed + kPoints * g.coutPadded * g.cin, 0.0f);
    for (std::int64_t co = 0; co < g.cout; ++co) {
        for (std::int64_t ci = 0; ci < g.cin; ++ci) {
            const float* w = weight + (co * g.cin + ci) * 9;
            double gw[kAlpha][3];  // G w
#pragma GCC unroll 6
            for (int i = 0; i < kAlpha; ++i) {
                for (int k = 0; k < 3; ++k) {
                    gw[i][k] = kG[i][0] * w[k] + kG[i][1] * w[3 + k] + kG[i][2] * w[6 + k];
                }
            }
#pragma GCC unroll 6
            for (int i = 0; i < kAlpha; ++i) {
#pragma GCC unroll 6
                for (int j = 0; j < kAlpha; ++j) {
                    const double u =
                        gw[i][0] * kG[j][0] + gw[i][1] * kG[j][1] + gw[i][2] * kG[j][2];
                    const std::int64_t xi = i * kAlpha + j;
                    packed[((xi * blocks + co / kCoutBlock) * g.cin + ci) * kCoutBlock +
                           co % kCoutBlock] = static_cast<float>(u);
                }
            }
        }
    }
}

GPEN_AVX2 void runItem(const Geometry& g, const float* input, const float* inputScale,
                       const float* packedWeights, const Epilogue& epilogue, std::int64_t item,
                       float* scratch, float* output) {
    const ScratchLayout s = layoutOf(g);
    float* lines = scratch + s.lines;
    float* rows = scratch + s.rows;
    float* v = scratch + s.v;
    float* m = scratch + s.m;
    float* tail = scratch + s.tail;
    const std::int64_t first = item * g.itemGroups;
    const std::int64_t groups = std::min(g.itemGroups, g.groups - first);
    const std::int64_t tiles = g.itemGroups * kLanes;
    // Channel by channel, so that the input is read a few whole rows at a time (group by group,
    // each group would touch a page of every channel plane).
    for (std::int64_t c = 0; c < g.cin; ++c) {
        for (std::int64_t k = 0; k < groups; ++k) {
            const GroupPlace at = placeOf(g, first + k);
            if (c + kPrefetchPlanes < g.cin) {
                prefetchLines(g, input + (c + kPrefetchPlanes) * g.height * g.width, at);
            }
            const float* line[kAlpha];
            fillLines(g, input + c * g.height * g.width, at, lines, line);
            transformInput(line, inputScale != nullptr ? inputScale[c] : 1.0f, pointStride(g), rows,
                           v + c * tiles + k * kLanes);
        }
    }
    multiply(g, groups, v, packedWeights, m);
    for (std::int64_t co = 0; co < g.cout; ++co) {
        for (std::int64_t k = 0; k < groups; ++k) {
            transformOutput(g, m + k * kLanes, tiles, co, epilogue, placeOf(g, first + k), tail,
                            output);
        }
    }
    if (g.streamOutput) {
        _mm_sfence();  // the streamed stores are seen before the item counts as done
    }
}

}  // namespace gpen::nn::wino43
