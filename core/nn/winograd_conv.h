// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: 3x3 stride-1 convolutions by oneDNN's Winograd kernels (F(4x4, 3x3)), which
// at::mkldnn_convolution never selects: it always asks oneDNN for the direct algorithm. On the
// large GPEN layers they take a third to a half of the direct kernels' time, within 1e-5 relative.
//
// Available when the build links oneDNN itself (GPEN_HAVE_ONEDNN, set by CMake when it finds
// libdnnl-dev); otherwise create() always answers null and the callers use at::conv2d.

#include <memory>

#include <ATen/core/Tensor.h>

namespace gpen::nn {

class WinogradConv {
  public:
    // Whether there are Winograd kernels for a float32 CPU input [1, cin, size, size] to cout
    // channels (oneDNN has them for AVX-512 only, and for some shapes only).
    static bool supported(const at::Tensor& weight, std::int64_t size);

    // `weight` [Cout, Cin, 3, 3] float32, transformed now for inputs of `size` x `size` (20-60 ns
    // per weight value: worth it per call only for small weights); null where unsupported.
    static std::shared_ptr<const WinogradConv> create(const at::Tensor& weight, std::int64_t size);

    // conv2d(x, weight, bias, stride 1, padding 1) in x's memory layout, sample by sample; `bias`
    // may be undefined. Throws c10::Error on failure.
    at::Tensor operator()(const at::Tensor& x, const at::Tensor& bias) const;

    struct Impl;
    explicit WinogradConv(std::unique_ptr<Impl> impl);
    ~WinogradConv();

  private:
    std::unique_ptr<Impl> m_impl;
};

}  // namespace gpen::nn
