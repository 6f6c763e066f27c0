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
    static const bool native = [] {
        // A CPU that computes bf16 natively has AVX-512, where oneDNN always has the kernels. The
        // probe's tiny tensors also let oneDNN's vector loads read past their end, which ASan
        // turned into a SEGV in the sanitizer run once.
        if (cpuComputesBf16Natively()) return true;
        try {
            const auto options = at::TensorOptions().dtype(at::kBFloat16);
            const std::int64_t one[2] = {1, 1};
            at::mkldnn_convolution(at::ones({1, 8, 4, 4}, options), at::ones({8, 8, 3, 3}, options),
                                   {}, one, one, one, 1);
            return true;
        } catch (const c10::Error&) {
            return false;
        }
    }();
    return native;
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
