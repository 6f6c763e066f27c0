// SPDX-License-Identifier: Apache-2.0
#include "nn/precision.h"

#include <ATen/ATen.h>

namespace gpen::nn {

at::ScalarType computeType(Precision precision) {
    return precision == Precision::Bf16 ? at::kBFloat16 : at::kFloat;
}

at::Tensor toCompute(const at::Tensor& t, Precision precision) {
    return t.defined() ? t.to(computeType(precision)) : t;
}

bool cpuConvolvesBf16() {
    // Asked of the CPU, as libtorch itself asks before it lets oneDNN convolve bf16
    // (mkldnn_bf16_device_check: AVX-512 BW, VL and DQ; libgcc checks that the OS saves the
    // AVX-512 state too). Trying a small convolution instead let oneDNN's vector loads read past
    // the probe's tiny buffers, which ASan turned into a SEGV once.
#if defined(__x86_64__) || defined(__i386__)
    static const bool yes = __builtin_cpu_supports("avx512bw") &&
                            __builtin_cpu_supports("avx512vl") &&
                            __builtin_cpu_supports("avx512dq");
    return yes;
#else
    return false;
#endif
}

at::Tensor convolveIn(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b,
                      const ConvFn& conv) {
    if (x.scalar_type() != at::kBFloat16 || !x.device().is_cpu() || cpuConvolvesBf16()) {
        return conv(x, w, b);
    }
    const at::Tensor wide = x.to(at::kFloat);
    return conv(wide, w.to(at::kFloat), b.defined() ? b.to(at::kFloat) : b).to(at::kBFloat16);
}

at::Tensor convolve(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b,
                    at::IntArrayRef stride, at::IntArrayRef padding, at::IntArrayRef dilation,
                    std::int64_t groups) {
    return convolveIn(
        x, w, b, [&](const at::Tensor& xc, const at::Tensor& wc, const at::Tensor& bc) {
            if (xc.device().is_cpu()) {
                return at::mkldnn_convolution(xc, wc, bc, padding, stride, dilation, groups);
            }
            return at::conv2d(xc, wc, bc, stride, padding, dilation, groups);
        });
}

}  // namespace gpen::nn
