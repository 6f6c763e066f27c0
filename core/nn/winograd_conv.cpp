// SPDX-License-Identifier: Apache-2.0
#include "nn/winograd_conv.h"

#include <utility>

#include <ATen/ATen.h>

#if GPEN_HAVE_ONEDNN
#include <oneapi/dnnl/dnnl.hpp>
#endif

namespace gpen::nn {

#if GPEN_HAVE_ONEDNN

namespace {

using dnnl::memory;

dnnl::engine& cpuEngine() {
    static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    return engine;
}

memory memoryOf(const at::Tensor& t) {
    const memory::desc desc(memory::dims(t.sizes().begin(), t.sizes().end()),
                            memory::data_type::f32,
                            memory::dims(t.strides().begin(), t.strides().end()));
    return memory(desc, cpuEngine(), t.data_ptr());
}

// One sample: oneDNN picks the blocked layouts the Winograd kernels need. Its scratchpad comes
// from the caller at each call: left to oneDNN, one scratchpad grown to the largest layer's (GPEN-
// 512: 237 MB, at 256x256) stays allocated for the life of the process, through every other
// network's work.
dnnl::convolution_forward::primitive_desc winogradDesc(std::int64_t cin, std::int64_t cout,
                                                       std::int64_t size) {
    const auto any = memory::format_tag::any;
    const auto f32 = memory::data_type::f32;
    const dnnl::convolution_forward::desc d(
        dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_winograd,
        memory::desc({1, cin, size, size}, f32, any), memory::desc({cout, cin, 3, 3}, f32, any),
        memory::desc({cout}, f32, memory::format_tag::a),
        memory::desc({1, cout, size, size}, f32, any), {1, 1}, {1, 1}, {1, 1});
    dnnl::primitive_attr attr;
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    return dnnl::convolution_forward::primitive_desc(d, attr, cpuEngine());
}

// Memory of `desc` in a tensor's storage: libtorch's allocator (the runtime's block cache) holds
// the blocked copies and the scratchpad, which the next call of any layer reuses.
std::pair<memory, at::Tensor> bufferFor(const memory::desc& desc) {
    at::Tensor storage = at::empty({static_cast<std::int64_t>(desc.get_size())}, at::kByte);
    return {memory(desc, cpuEngine(), storage.data_ptr()), std::move(storage)};
}

bool eligible(const at::Tensor& weight) {
    return weight.device().is_cpu() && weight.scalar_type() == at::kFloat && weight.dim() == 4 &&
           weight.size(2) == 3 && weight.size(3) == 3;
}

}  // namespace

struct WinogradConv::Impl {
    dnnl::convolution_forward::primitive_desc desc;
    memory weights;
    std::int64_t cout = 0;
};

bool WinogradConv::supported(const at::Tensor& weight, std::int64_t size) {
    if (!eligible(weight)) {
        return false;
    }
    try {
        winogradDesc(weight.size(1), weight.size(0), size);
        return true;
    } catch (const dnnl::error&) {
        return false;
    }
}

std::shared_ptr<const WinogradConv> WinogradConv::create(const at::Tensor& weight,
                                                         std::int64_t size) {
    if (!eligible(weight)) {
        return nullptr;
    }
    try {
        auto impl = std::make_unique<Impl>();
        impl->desc = winogradDesc(weight.size(1), weight.size(0), size);
        impl->cout = weight.size(0);
        const at::Tensor w = weight.contiguous();
        memory user = memoryOf(w);
        impl->weights = memory(impl->desc.weights_desc(), cpuEngine());
        dnnl::stream stream(cpuEngine());
        dnnl::reorder(user, impl->weights).execute(stream, user, impl->weights);
        stream.wait();
        return std::make_shared<const WinogradConv>(std::move(impl));
    } catch (const dnnl::error&) {
        return nullptr;
    }
}

at::Tensor WinogradConv::operator()(const at::Tensor& x, const at::Tensor& bias) const {
    const Impl& p = *m_impl;
    at::Tensor out = at::empty({x.size(0), p.cout, x.size(2), x.size(3)},
                               x.options().memory_format(x.suggest_memory_format()));
    const at::Tensor b = bias.defined() ? bias.contiguous() : at::zeros({p.cout}, x.options());
    try {
        dnnl::stream stream(cpuEngine());
        const dnnl::convolution_forward conv(p.desc);
        auto [src, srcStorage] = bufferFor(p.desc.src_desc());
        auto [dst, dstStorage] = bufferFor(p.desc.dst_desc());
        auto [scratchpad, scratchpadStorage] = bufferFor(p.desc.scratchpad_desc());
        memory biasMemory = memoryOf(b);
        for (std::int64_t i = 0; i < x.size(0); ++i) {
            memory in = memoryOf(x.narrow(0, i, 1));
            memory result = memoryOf(out.narrow(0, i, 1));
            dnnl::reorder(in, src).execute(stream, in, src);
            conv.execute(stream, {{DNNL_ARG_SRC, src},
                                  {DNNL_ARG_WEIGHTS, p.weights},
                                  {DNNL_ARG_BIAS, biasMemory},
                                  {DNNL_ARG_DST, dst},
                                  {DNNL_ARG_SCRATCHPAD, scratchpad}});
            dnnl::reorder(dst, result).execute(stream, dst, result);
        }
        stream.wait();
    } catch (const dnnl::error& e) {
        TORCH_CHECK(false, "oneDNN Winograd convolution: ", e.what());
    }
    return out;
}

#else

struct WinogradConv::Impl {};

bool WinogradConv::supported(const at::Tensor&, std::int64_t) {
    return false;
}

std::shared_ptr<const WinogradConv> WinogradConv::create(const at::Tensor&, std::int64_t) {
    return nullptr;
}

at::Tensor WinogradConv::operator()(const at::Tensor&, const at::Tensor&) const {
    TORCH_CHECK(false, "this build has no oneDNN Winograd convolutions");
}

#endif

WinogradConv::WinogradConv(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
WinogradConv::~WinogradConv() = default;

}  // namespace gpen::nn
