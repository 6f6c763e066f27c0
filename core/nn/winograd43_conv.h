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
    // Null where the CPU has no AVX2 and FMA, or `weight` is not a [Cout, Cin, 3, 3] float32 CPU
    // tensor. `bias` [Cout] may be undefined. The weights are transformed now (about 50 ns per
    // weight value).
    static std::shared_ptr<const Winograd43Conv> create(const at::Tensor& weight,
                                                        const at::Tensor& bias);

    // conv2d(x, weight, bias, stride 1, zero padding `pad`), then leaky ReLU with `leakySlope`
    // (in [0, 1]) where given. `x` [N, Cin, H, W] float32 on the CPU, any memory layout; the
    // result is NCHW-contiguous. Throws c10::Error on a wrong input.
    at::Tensor operator()(const at::Tensor& x, int pad,
                          std::optional<double> leakySlope = std::nullopt) const;

    struct Impl;
    explicit Winograd43Conv(std::unique_ptr<Impl> impl);
    ~Winograd43Conv();

  private:
    std::unique_ptr<Impl> m_impl;
};

}  // namespace gpen::nn
