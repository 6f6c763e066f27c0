// SPDX-License-Identifier: Apache-2.0
#include "nn/winograd43_conv.h"

#include <atomic>

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "nn/winograd43_kernels.h"
#include "nn/winograd_conv.h"

namespace gpen::nn {

struct Winograd43Conv::Impl {
    std::int64_t cin = 0;
    std::int64_t cout = 0;
    at::Tensor packed;  // wino43::transformWeights' layout
    at::Tensor bias;    // [cout]; undefined for none
};

namespace {
// Winograd43Conv::overridePreference's: -1 none, 0 never, 1 wherever the CPU can.
std::atomic<int> g_preference{-1};
}  // namespace

bool Winograd43Conv::preferred() {
    static const bool preferred = [] {
        constexpr std::int64_t kProbe = 64;
        return wino43::cpuHasAvx2Fma() &&
               !WinogradConv::supported(at::zeros({kProbe, kProbe, 3, 3}), kProbe);
    }();
    const int forced = g_preference.load();
    return forced < 0 ? preferred : forced == 1 && wino43::cpuHasAvx2Fma();
}

void Winograd43Conv::overridePreference(std::optional<bool> use) {
    g_preference.store(use ? (*use ? 1 : 0) : -1);
}

std::shared_ptr<const Winograd43Conv> Winograd43Conv::create(const at::Tensor& weight,
                                                             const at::Tensor& bias) {
    if (!wino43::cpuHasAvx2Fma() || !weight.device().is_cpu() ||
        weight.scalar_type() != at::kFloat || weight.dim() != 4 || weight.size(2) != 3 ||
        weight.size(3) != 3) {
        return nullptr;
    }
    auto impl = std::make_unique<Impl>();
    impl->cin = weight.size(1);
    impl->cout = weight.size(0);
    const auto g = wino43::Geometry::of(impl->cin, impl->cout, 3, 3, 0, false, 1);
    const at::Tensor w = weight.contiguous();
    impl->packed = at::empty({wino43::kPoints * g.coutPadded * g.cin}, weight.options());
    wino43::transformWeights(w.data_ptr<float>(), g, impl->packed.data_ptr<float>());
    if (bias.defined()) {
        impl->bias = bias.to(at::kFloat).contiguous();
    }
    return std::make_shared<const Winograd43Conv>(std::move(impl));
}

namespace {

// A per-sample factor tensor as contiguous float32 [N, channels], or undefined.
at::Tensor factors(const at::Tensor& t, std::int64_t n, std::int64_t channels, const char* what) {
    if (!t.defined()) {
        return t;
    }
    TORCH_CHECK(t.numel() == n * channels, "Winograd convolution: ", what, " needs ", n, " x ",
                channels, " values, got ", t.sizes());
    return t.to(at::kFloat).contiguous().view({n, channels});
}

}  // namespace

at::Tensor Winograd43Conv::operator()(const at::Tensor& x, const Options& options) const {
    const Impl& p = *m_impl;
    TORCH_CHECK(
        x.dim() == 4 && x.size(1) == p.cin && x.device().is_cpu() && x.scalar_type() == at::kFloat,
        "Winograd convolution: needs a float32 CPU input [N, ", p.cin, ", H, W], got ", x.sizes());
    const int pad = options.pad;
    TORCH_CHECK(pad >= 0 && pad <= 1 && x.size(2) + 2 * pad >= 3 && x.size(3) + 2 * pad >= 3,
                "Winograd convolution: input ", x.sizes(), " too small for padding ", pad);
    TORCH_CHECK(
        !options.reflect || (pad == 1 && x.size(2) >= 2 && x.size(3) >= 2),
        "Winograd convolution: reflection padding needs pad 1 and an input of 2x2 or more, got ",
        x.sizes(), " and pad ", pad);
    const auto& slope = options.leakySlope;
    TORCH_CHECK(!slope || (*slope >= 0 && *slope <= 1),
                "Winograd convolution: leaky ReLU slope outside [0, 1]");
    const std::int64_t n = x.size(0);
    const at::Tensor inScale = factors(options.inputScale, n, p.cin, "the input scale");
    const at::Tensor outScale = factors(options.outputScale, n, p.cout, "the output scale");
    at::Tensor bias = p.bias;
    if (options.bias.defined()) {
        TORCH_CHECK(options.bias.numel() == p.cout, "Winograd convolution: the bias needs ", p.cout,
                    " values, got ", options.bias.sizes());
        bias = options.bias.to(at::kFloat).contiguous();
    }
    // Samples each NCHW-contiguous (a channel prefix of a larger NCHW tensor, as a dense
    // block's) are read where they are.
    const bool samplesNchw =
        x.stride(3) == 1 && x.stride(2) == x.size(3) && x.stride(1) == x.size(2) * x.size(3);
    const at::Tensor in = samplesNchw ? x : x.contiguous();
    const auto g = wino43::Geometry::of(p.cin, p.cout, x.size(2), x.size(3), pad, options.reflect,
                                        static_cast<int>(at::get_num_threads()));
    at::Tensor out = options.output;
    if (out.defined()) {
        const std::int64_t plane = g.outHeight * g.outWidth;
        TORCH_CHECK(out.dim() == 4 && out.size(0) == n && out.size(1) == p.cout &&
                        out.size(2) == g.outHeight && out.size(3) == g.outWidth &&
                        out.scalar_type() == at::kFloat && out.device().is_cpu() &&
                        out.stride(3) == 1 && out.stride(2) == g.outWidth && out.stride(1) == plane,
                    "Winograd convolution: the output must be float32 [", n, ", ", p.cout, ", ",
                    g.outHeight, ", ", g.outWidth, "] with NCHW samples, got ", out.sizes(),
                    " strides ", out.strides());
    } else {
        out = at::empty({n, p.cout, g.outHeight, g.outWidth}, in.options());
    }
    const float* packed = p.packed.data_ptr<float>();
    const float* src = in.data_ptr<float>();
    float* dst = out.data_ptr<float>();
    const std::int64_t inStride = in.stride(0);
    const std::int64_t outStride = out.stride(0);
    const auto scratchFloats = static_cast<std::int64_t>(g.scratchFloats());
    at::parallel_for(0, n * g.items, 1, [&](std::int64_t begin, std::int64_t end) {
        // c10's CPU allocator aligns to 64 bytes, as the kernels' aligned loads need.
        at::Tensor scratch = at::empty({scratchFloats}, in.options());
        for (std::int64_t item = begin; item < end; ++item) {
            const std::int64_t i = item / g.items;
            wino43::Epilogue epilogue;
            epilogue.scale = outScale.defined() ? outScale.data_ptr<float>() + i * p.cout : nullptr;
            epilogue.bias = bias.defined() ? bias.data_ptr<float>() : nullptr;
            epilogue.leakyRelu = slope.has_value();
            epilogue.slope = static_cast<float>(slope.value_or(0));
            wino43::runItem(g, src + i * inStride,
                            inScale.defined() ? inScale.data_ptr<float>() + i * p.cin : nullptr,
                            packed, epilogue, item % g.items, scratch.data_ptr<float>(),
                            dst + i * outStride);
        }
    });
    return out;
}

std::int64_t Winograd43Conv::outputChannels() const {
    return m_impl->cout;
}

std::int64_t Winograd43Conv::bytes() const {
    const Impl& p = *m_impl;
    return static_cast<std::int64_t>(p.packed.nbytes() + (p.bias.defined() ? p.bias.nbytes() : 0));
}

Winograd43Conv::Winograd43Conv(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Winograd43Conv::~Winograd43Conv() = default;

}  // namespace gpen::nn
