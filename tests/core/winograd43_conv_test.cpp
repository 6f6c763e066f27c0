// SPDX-License-Identifier: Apache-2.0
// The AVX2 Winograd F(4x4, 3x3) convolution (core-internal nn/winograd43_conv) against
// at::conv2d: every size class of the tiling (whole and partial 4x4 tiles, groups of 8 tiles,
// chunks of 24), zero and reflection padding, output channels that do not fill a block of 4, a
// batch, and the fused bias and leaky ReLU.

#include <gtest/gtest.h>

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include "nn/winograd43_conv.h"

namespace gpen::nn {
namespace {

struct Case {
    std::int64_t n, cin, cout, height, width;
    int pad;
    bool bias;
    bool leaky;
    bool reflect = false;  // pad 1 by reflection
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << c.n << "x" << c.cin << "x" << c.height << "x" << c.width << " -> " << c.cout << " pad "
        << c.pad << (c.reflect ? " reflect" : "") << (c.bias ? " bias" : "")
        << (c.leaky ? " leaky" : "");
}

class Winograd43ConvTest : public ::testing::TestWithParam<Case> {};

TEST_P(Winograd43ConvTest, MatchesConv2d) {
    const Case c = GetParam();
    c10::InferenceMode guard;
    at::manual_seed(7);
    const at::Tensor x = at::randn({c.n, c.cin, c.height, c.width});
    // Weights at He scale, as trained convolutions have: the output keeps the input's scale.
    const at::Tensor w = at::randn({c.cout, c.cin, 3, 3}) * std::sqrt(2.0 / (9.0 * c.cin));
    const at::Tensor b = c.bias ? at::randn({c.cout}) : at::Tensor();
    const auto conv = Winograd43Conv::create(w, b);
    if (!conv) {
        GTEST_SKIP() << "this CPU has no AVX2 and FMA";
    }
    const std::int64_t stride[2] = {1, 1};
    const std::int64_t padding[2] = {c.reflect ? 0 : c.pad, c.reflect ? 0 : c.pad};
    const std::int64_t dilation[2] = {1, 1};
    // Reflection: the padded copy that the kernels do without.
    const at::Tensor xin = c.reflect ? at::reflection_pad2d(x, {1, 1, 1, 1}) : x;
    at::Tensor expected =
        at::conv2d(xin.to(at::kDouble), w.to(at::kDouble),
                   c.bias ? b.to(at::kDouble) : at::Tensor(), stride, padding, dilation, 1);
    if (c.leaky) {
        expected = at::leaky_relu(expected, 0.2);
    }
    Winograd43Conv::Options options;
    options.pad = c.pad;
    options.reflect = c.reflect;
    if (c.leaky) {
        options.leakySlope = 0.2;
    }
    const at::Tensor got = (*conv)(x, options);
    ASSERT_EQ(got.sizes(), expected.sizes());
    const double scale = expected.abs().max().item<double>();
    const double err = (got.to(at::kDouble) - expected).abs().max().item<double>();
    EXPECT_LT(err, 3e-5 * scale) << "max error " << err << " against max " << scale;
    // The reference's own float32 error, for scale: Winograd must not be far beyond it.
    const at::Tensor direct = at::conv2d(xin, w, b, stride, padding, dilation, 1);
    const double directErr =
        ((c.leaky ? at::leaky_relu(direct, 0.2) : direct).to(at::kDouble) - expected)
            .abs()
            .max()
            .item<double>();
    std::cout << "winograd error " << err / scale << ", direct float32 " << directErr / scale
              << " (relative to the output's max)\n";
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, Winograd43ConvTest,
    ::testing::Values(
        Case{1, 1, 1, 3, 3, 0, false, false},    // one output pixel
        Case{1, 3, 5, 4, 4, 1, true, false},     // one whole tile
        Case{2, 8, 6, 11, 13, 1, true, true},    // partial tiles, a batch
        Case{1, 16, 4, 34, 34, 0, false, true},  // 32x32 valid: 8 tiles, 1 group
        Case{1, 5, 7, 30, 70, 1, true, false},   // 18 tiles: 3 groups, last partial
        Case{1, 4, 9, 9, 130, 1, false, false},  // 33 tiles: a second chunk
        Case{1, 64, 22, 64, 200, 1, true, false}, Case{1, 256, 256, 32, 32, 1, true, true},
        // Reflection padding: the smallest input, partial tiles at both edges,
        // a group boundary inside a row, a second chunk.
        Case{1, 3, 4, 2, 2, 1, false, false, true}, Case{2, 8, 6, 11, 13, 1, true, true, true},
        Case{1, 5, 7, 30, 70, 1, true, false, true}, Case{1, 4, 9, 9, 130, 1, false, false, true},
        Case{1, 64, 22, 64, 64, 1, true, true, true}));

// GPEN's modulated convolution: each sample's style scales the input channels, its demodulation
// the output channels; the bias of the call replaces the built one.
TEST(Winograd43Conv, ScalesEachSampleAndTakesTheCallsBias) {
    c10::InferenceMode guard;
    at::manual_seed(11);
    const at::Tensor x = at::randn({2, 24, 20, 36}).contiguous(at::MemoryFormat::ChannelsLast);
    const at::Tensor w = at::randn({10, 24, 3, 3}) * std::sqrt(2.0 / (9.0 * 24));
    const at::Tensor inScale = at::rand({2, 24}) + 0.5;
    const at::Tensor outScale = at::rand({2, 10}) + 0.5;
    const at::Tensor bias = at::randn({10});
    const auto conv = Winograd43Conv::create(w, at::randn({10}));
    if (!conv) {
        GTEST_SKIP() << "this CPU has no AVX2 and FMA";
    }
    const at::Tensor got = (*conv)(x, {.pad = 1,
                                       .leakySlope = 0.2,
                                       .inputScale = inScale,
                                       .outputScale = outScale,
                                       .bias = bias});
    const std::int64_t one[2] = {1, 1};
    const at::Tensor xd = x.to(at::kDouble) * inScale.to(at::kDouble).view({2, 24, 1, 1});
    const at::Tensor expected =
        at::leaky_relu(at::conv2d(xd, w.to(at::kDouble), {}, one, one, one, 1) *
                               outScale.to(at::kDouble).view({2, 10, 1, 1}) +
                           bias.to(at::kDouble).view({1, 10, 1, 1}),
                       0.2);
    ASSERT_EQ(got.sizes(), expected.sizes());
    const double scale = expected.abs().max().item<double>();
    const double err = (got.to(at::kDouble) - expected).abs().max().item<double>();
    EXPECT_LT(err, 3e-5 * scale) << "max error " << err << " against max " << scale;
}

TEST(Winograd43Conv, RefusesWhatItCannotRun) {
    c10::InferenceMode guard;
    EXPECT_EQ(Winograd43Conv::create(at::zeros({4, 4, 5, 5}), {}), nullptr);
    EXPECT_EQ(Winograd43Conv::create(at::zeros({4, 4, 3, 3}, at::kDouble), {}), nullptr);
    const auto conv = Winograd43Conv::create(at::zeros({4, 4, 3, 3}), {});
    if (!conv) {
        GTEST_SKIP() << "this CPU has no AVX2 and FMA";
    }
    EXPECT_THROW((*conv)(at::zeros({1, 3, 8, 8}), {.pad = 1}), c10::Error);  // wrong channels
    EXPECT_THROW((*conv)(at::zeros({1, 4, 2, 2}), {}), c10::Error);  // smaller than the kernel
    EXPECT_THROW((*conv)(at::zeros({1, 4, 8, 8}), {.pad = 1, .leakySlope = 1.5}), c10::Error);
    EXPECT_THROW((*conv)(at::zeros({2, 4, 8, 8}), {.inputScale = at::ones({1, 4})}), c10::Error);
    EXPECT_THROW((*conv)(at::zeros({1, 4, 8, 8}), {.bias = at::ones({5})}), c10::Error);
    EXPECT_THROW((*conv)(at::zeros({1, 4, 8, 8}), {.pad = 0, .reflect = true}), c10::Error);
    EXPECT_THROW((*conv)(at::zeros({1, 4, 1, 8}), {.pad = 1, .reflect = true}),
                 c10::Error);  // nothing to reflect
}

}  // namespace
}  // namespace gpen::nn
