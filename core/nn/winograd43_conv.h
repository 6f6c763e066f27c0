// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: 3x3 stride-1 convolutions by Winograd F(4x4, 3x3) on our own AVX2/FMA kernels
// (nn/winograd43_kernels). oneDNN has Winograd kernels for AVX-512 only (nn/winograd_conv), and
// its direct AVX2 kernels already run near the FMA peak, so on AVX2 machines doing fewer
// multiplications is the one way left to go faster: 36 per 4x4 outputs instead of 144.
// Float32 on the CPU only; results match at::conv2d to about 1e-6 of the output's scale.

#include <memory>
#include <optional>

#include <ATen/core/Tensor.h>

namespace gpen::nn {

class Winograd43Conv {
  public:
    // Whether to use these kernels where a network may: the CPU has AVX2 and FMA, and oneDNN has
    // no Winograd kernels for it (those, and its direct kernels on AVX-512, would be as fast).
    static bool preferred();
    // Tests: run these kernels in the networks built after the call wherever the CPU has AVX2
    // and FMA (true), nowhere (false), or where preferred() decides (nullopt), so that their
    // paths are checked on AVX-512 machines too (where oneDNN's kernels are preferred).
    static void overridePreference(std::optional<bool> use);

    // Null where the CPU has no AVX2 and FMA, or `weight` is not a [Cout, Cin, 3, 3] float32 CPU
    // tensor. `bias` [Cout] may be undefined. The weights are transformed now (about 50 ns per
    // weight value).
    static std::shared_ptr<const Winograd43Conv> create(const at::Tensor& weight,
                                                        const at::Tensor& bias);

    // What a call adds to the plain convolution, all inside the kernel's own passes.
    struct Options {
        int pad = 0;                       // padding on every side: 0 or 1
        bool reflect = false;              // pad 1 by reflection, not zeros (H, W >= 2):
                                           // what a reflection pad's copy would give
        std::optional<double> leakySlope;  // leaky ReLU last, slope in [0, 1]
        at::Tensor inputScale;             // [N, Cin]: x's channels scaled first
        at::Tensor outputScale;            // [N, Cout]: the conv's channels scaled
        at::Tensor bias;                   // [Cout]: in place of create()'s bias
        // Where to write, in place of a new tensor: [N, Cout, H', W'] float32 whose samples are
        // each NCHW-contiguous (a channel slice of a larger NCHW tensor will do). It must not
        // overlap x.
        at::Tensor output;
    };

    // conv2d(x * inputScale, weight, stride 1, padding pad) * outputScale + bias, then the leaky
    // ReLU. `x` [N, Cin, H, W] float32 on the CPU, any memory layout (NCHW saves a copy); the
    // result is NCHW-contiguous, or options.output. Throws c10::Error on a wrong input.
    at::Tensor operator()(const at::Tensor& x, const Options& options) const;

    std::int64_t outputChannels() const;
    // The transformed weights' bytes (36 values for each 9 of the weight) and the bias's.
    std::int64_t bytes() const;

    struct Impl;
    explicit Winograd43Conv(std::unique_ptr<Impl> impl);
    ~Winograd43Conv();

  private:
    std::unique_ptr<Impl> m_impl;
};

}  // namespace gpen::nn
