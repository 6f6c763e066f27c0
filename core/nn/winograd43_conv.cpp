#include "nn/winograd43_conv.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "nn/winograd43_kernels.h"

namespace gpen::nn {

struct Winograd43Conv::Impl {
    std::int64_t cin = 0;
    std::int64_t cout = 0;
    at::Tensor packed;  // wino43::transformWeights' layout
    at::Tensor bias;    // [coutPadded], zero past cout; undefined for none
};

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
    const auto g = wino43::Geometry::of(impl->cin, impl->cout, 3, 3, 0, 1);
    const at::Tensor w = weight.contiguous();
    impl->packed = at::empty({wino43::kPoints * g.coutPadded * g.cin}, weight.options());
    wino43::transformWeights(w.data_ptr<float>(), g, impl->packed.data_ptr<float>());
    if (bias.defined()) {
        impl->bias = at::zeros({g.coutPadded}, weight.options());
        impl->bias.narrow(0, 0, impl->cout).copy_(bias);
    }
    return std::make_shared<const Winograd43Conv>(std::move(impl));
}

at::Tensor Winograd43Conv::operator()(const at::Tensor& x, int pad,
                                      std::optional<double> leakySlope) const {
    const Impl& p = *m_impl;
    TORCH_CHECK(x.dim() == 4 && x.size(1) == p.cin && x.device().is_cpu() &&
                    x.scalar_type() == at::kFloat,
                "Winograd convolution: needs a float32 CPU input [N, ", p.cin, ", H, W], got ",
                x.sizes());
    TORCH_CHECK(pad >= 0 && pad <= 1 && x.size(2) + 2 * pad >= 3 && x.size(3) + 2 * pad >= 3,
                "Winograd convolution: input ", x.sizes(), " too small for padding ", pad);
    TORCH_CHECK(!leakySlope || (*leakySlope >= 0 && *leakySlope <= 1),
                "Winograd convolution: leaky ReLU slope outside [0, 1]");
    const at::Tensor in = x.contiguous();
    const auto g = wino43::Geometry::of(p.cin, p.cout, x.size(2), x.size(3), pad,
                                        static_cast<int>(at::get_num_threads()));
    at::Tensor out = at::empty({x.size(0), p.cout, g.outHeight, g.outWidth}, in.options());
    wino43::Epilogue epilogue;
    epilogue.bias = p.bias.defined() ? p.bias.data_ptr<float>() : nullptr;
    epilogue.leakyRelu = leakySlope.has_value();
    epilogue.slope = static_cast<float>(leakySlope.value_or(0));
    const float* packed = p.packed.data_ptr<float>();
    const float* src = in.data_ptr<float>();
    float* dst = out.data_ptr<float>();
    const std::int64_t perSample = g.items;
    const std::int64_t inStride = p.cin * g.height * g.width;
    const std::int64_t outStride = p.cout * g.outHeight * g.outWidth;
    const auto scratchFloats = static_cast<std::int64_t>(g.scratchFloats());
    at::parallel_for(0, x.size(0) * perSample, 1, [&](std::int64_t begin, std::int64_t end) {
        // c10's CPU allocator aligns to 64 bytes, as the kernels' aligned loads need.
        at::Tensor scratch = at::empty({scratchFloats}, in.options());
        for (std::int64_t item = begin; item < end; ++item) {
            const std::int64_t n = item / perSample;
            wino43::runItem(g, src + n * inStride, packed, epilogue, item % perSample,
                            scratch.data_ptr<float>(), dst + n * outStride);
        }
    });
    return out;
}

Winograd43Conv::Winograd43Conv(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Winograd43Conv::~Winograd43Conv() = default;

}  // namespace gpen::nn
