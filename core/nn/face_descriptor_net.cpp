// SPDX-License-Identifier: Apache-2.0
// The descriptor graph compiled into a list of steps: each convolution with its batch-norm Mul and
// Add folded into its weights and bias, each Relu/Minimum/Maximum run as a clamp.

#include "gpen/nn/face_descriptor_net.h"

#include <algorithm>
#include <optional>
#include <stop_token>

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include "nn/free_cores.h"
#include "nn/network_builds.h"
#include "nn/precision.h"
#include "nn/tensor_convert.h"
#include "nn/torch_failure.h"

namespace gpen {

using namespace gpen::nn;

namespace {

struct Step {
    enum class Kind { Conv, Depthwise, Scale, Shift, ClampMin, ClampMax, Mean } kind = Kind::Conv;
    std::string node;
    // Conv/Depthwise: the kernel in torch's layout; TF's kernel size, stride and dilation.
    at::Tensor weight, bias;  // Scale/Shift: weight is the constant ([1, C, 1, 1] or a scalar)
    int kernel = 1, stride = 1, dilation = 1;
    bool same = true;
    float limit = 0;  // ClampMin/ClampMax
};

// TF's SAME padding for one axis: the extra pixel of an odd total goes after (bottom/right).
std::pair<int, int> samePadding(std::int64_t in, int kernel, int stride, int dilation) {
    const std::int64_t out = (in + stride - 1) / stride;
    const std::int64_t total =
        std::max<std::int64_t>((out - 1) * stride + (kernel - 1) * dilation + 1 - in, 0);
    return {static_cast<int>(total / 2), static_cast<int>(total - total / 2)};
}

at::Tensor runConv(const Step& s, const at::Tensor& x) {
    at::Tensor in = x;
    int pad = 0;
    if (s.same) {
        const auto [before, after] = samePadding(x.size(2), s.kernel, s.stride, s.dilation);
        const auto [left, right] = samePadding(x.size(3), s.kernel, s.stride, s.dilation);
        if (before == after && left == right && before == left) {
            pad = before;
        } else {
            in = at::constant_pad_nd(x, {left, right, before, after}, 0);
        }
    }
    const std::int64_t groups = s.kind == Step::Kind::Depthwise ? x.size(1) : 1;
    const std::int64_t stride[2] = {s.stride, s.stride};
    const std::int64_t padding[2] = {pad, pad};
    const std::int64_t dilation[2] = {s.dilation, s.dilation};
    return convolve(in, s.weight, s.bias, stride, padding, dilation, groups);
}

Error refused(const std::string& source, const std::string& what) {
    return Error{ErrorCode::UnsupportedArchitecture, source + ": " + what};
}

}  // namespace

struct FaceDescriptorNet::Impl {
    std::vector<Step> steps;
    Device device;
    int inputSize = 0;
    int descriptorSize = 0;
    int convolutions = 0;
};

FaceDescriptorNet::FaceDescriptorNet(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
FaceDescriptorNet::~FaceDescriptorNet() = default;

int FaceDescriptorNet::inputSize() const {
    return m_impl->inputSize;
}
int FaceDescriptorNet::descriptorSize() const {
    return m_impl->descriptorSize;
}

std::uint64_t FaceDescriptorNet::weightBytes() const {
    std::uint64_t bytes = 0;
    for (const auto& s : m_impl->steps) {
        bytes +=
            (s.weight.defined() ? s.weight.nbytes() : 0) + (s.bias.defined() ? s.bias.nbytes() : 0);
    }
    return bytes;
}

std::string FaceDescriptorNet::describe() const {
    return "MobileNet descriptor: " + std::to_string(m_impl->convolutions) + " convolutions, " +
           std::to_string(m_impl->inputSize) + " px in, " + std::to_string(m_impl->descriptorSize) +
           " out";
}

Expected<FloatTensor> FaceDescriptorNet::forward(const FloatTensor& input,
                                                 std::stop_token stop) const {
    const int s = m_impl->inputSize;
    if (input.shape != Shape{input.shape.empty() ? 0 : input.shape[0], 3, s, s} ||
        input.shape[0] < 1) {
        return makeError(ErrorCode::InvalidArgument,
                         describe() + " needs input [N, 3, " + std::to_string(s) + ", " +
                             std::to_string(s) + "], got " + shapeToString(input.shape));
    }
    try {
        fitComputeThreadsToFreeCores();
        c10::InferenceMode guard;
        at::Tensor x = toDevice(fromFloatTensor(input), m_impl->device);
        for (const Step& step : m_impl->steps) {
            if (stop.stop_requested()) throw ForwardCancelled{};
            switch (step.kind) {
                case Step::Kind::Conv:
                case Step::Kind::Depthwise:
                    x = runConv(step, x);
                    break;
                case Step::Kind::Scale:
                    x = x * step.weight;
                    break;
                case Step::Kind::Shift:
                    x = x + step.weight;
                    break;
                case Step::Kind::ClampMin:
                    x = x.clamp_min_(step.limit);
                    break;
                case Step::Kind::ClampMax:
                    x = x.clamp_max_(step.limit);
                    break;
                case Step::Kind::Mean:
                    x = x.mean({2, 3});
                    break;
            }
        }
        return toFloatTensor(x);
    } catch (const ForwardCancelled&) {
        return makeError(ErrorCode::Cancelled, "Cancelled");
    } catch (...) {
        return tl::unexpected(currentTorchFailure(
            ErrorCode::Internal,
            "face descriptor forward failed: ", "face descriptor forward: out of memory"));
    }
}

Expected<std::unique_ptr<FaceDescriptorNet>> FaceDescriptorNet::fromTfjs(
    const TfjsGraphModel& model, const std::string& output, const std::string& source,
    const Device& device) {
    // Walk from the output back to the placeholder along the one input that is not a constant.
    std::vector<const TfjsNode*> chain;
    const TfjsNode* at = model.node(output);
    if (!at) return tl::unexpected(refused(source, "the graph has no node \"" + output + "\""));
    const auto isConst = [&](const std::string& name) {
        const TfjsNode* n = model.node(name);
        return n && n->op == "Const";
    };
    while (at->op != "Placeholder") {
        if (chain.size() > 4096)
            return tl::unexpected(refused(source, "the graph is deeper than a descriptor may be"));
        chain.push_back(at);
        const TfjsNode* next = nullptr;
        for (const auto& in : at->inputs) {
            if (isConst(in)) continue;
            if (next)
                return tl::unexpected(refused(
                    source, at->name + " (" + at->op +
                                "): joins two branches; only a chain of layers is supported"));
            next = model.node(in);
            if (!next)
                return tl::unexpected(
                    refused(source, at->name + ": input \"" + in + "\" is not in the graph"));
        }
        if (!next)
            return tl::unexpected(
                refused(source, at->name + " (" + at->op + "): no input from the network"));
        at = next;
    }
    std::reverse(chain.begin(), chain.end());

    auto impl = std::make_unique<Impl>();
    impl->device = device;
    // The placeholder declares [N, S, S, 3] (N may be -1: any batch).
    if (at->shape.size() != 4 || at->shape[1] != at->shape[2] || at->shape[1] < 16 ||
        at->shape[1] > 1024 || at->shape[3] != 3) {
        return tl::unexpected(refused(
            source, at->name + ": the input is not declared as square RGB images [N, S, S, 3]"));
    }
    impl->inputSize = static_cast<int>(at->shape[1]);
    const auto constant = [&](const TfjsNode& n) -> const FloatTensor* {
        for (const auto& in : n.inputs) {
            if (!isConst(in)) continue;
            const auto w = model.weights.find(in);
            return w == model.weights.end() ? nullptr : &w->second;
        }
        return nullptr;
    };
    std::int64_t channels = 3;
    nn::countNetworkBuild();
    try {
        c10::InferenceMode guard;
        for (const TfjsNode* n : chain) {
            Step s;
            s.node = n->name;
            const std::string where = n->name + " (" + n->op + ")";
            if (n->op == "Conv2D" || n->op == "DepthwiseConv2dNative") {
                const FloatTensor* k = constant(*n);
                if (!k || k->shape.size() != 4 || k->shape[0] != k->shape[1] ||
                    k->shape[2] != channels) {
                    return tl::unexpected(refused(source, where +
                                                              ": expected a square kernel [k, k, " +
                                                              std::to_string(channels) + ", n]"));
                }
                if (n->dataFormat != "NHWC" || n->strides.size() != 4 ||
                    n->strides[1] != n->strides[2] ||
                    (n->padding != "SAME" && n->padding != "VALID") ||
                    (!n->dilations.empty() &&
                     (n->dilations.size() != 4 || n->dilations[1] != n->dilations[2]))) {
                    return tl::unexpected(refused(
                        source,
                        where +
                            ": only NHWC, equal strides and SAME or VALID padding are supported"));
                }
                s.kernel = static_cast<int>(k->shape[0]);
                s.stride = static_cast<int>(n->strides[1]);
                s.dilation = n->dilations.empty() ? 1 : static_cast<int>(n->dilations[1]);
                s.same = n->padding == "SAME";
                if (s.stride < 1 || s.stride > 8 || s.dilation < 1 || s.dilation > 8) {
                    return tl::unexpected(
                        refused(source, where + ": stride or dilation out of range"));
                }
                const at::Tensor hwio = fromFloatTensor(*k);
                if (n->op == "Conv2D") {
                    s.kind = Step::Kind::Conv;
                    s.weight = hwio.permute({3, 2, 0, 1}).contiguous();  // [out, in, k, k]
                    channels = k->shape[3];
                } else {
                    s.kind = Step::Kind::Depthwise;
                    // [k, k, C, M] -> [C * M, 1, k, k], the output channels grouped by input
                    // channel as TF's
                    s.weight = hwio.permute({2, 3, 0, 1})
                                   .reshape({channels * k->shape[3], 1, s.kernel, s.kernel})
                                   .contiguous();
                    channels *= k->shape[3];
                }
                ++impl->convolutions;
                impl->steps.push_back(std::move(s));
            } else if (n->op == "Mul" || n->op == "Add") {
                const FloatTensor* c = constant(*n);
                if (!c || n->inputs.size() != 2 ||
                    !(c->numel() == 1 || (c->numel() == channels && c->shape.back() == channels))) {
                    return tl::unexpected(refused(
                        source, where + ": expected a constant scalar or one value per channel"));
                }
                at::Tensor v = fromFloatTensor(*c).clone();
                v = c->numel() == 1 ? v.reshape({}) : v.reshape({1, channels, 1, 1});
                Step* conv = impl->steps.empty() ? nullptr : &impl->steps.back();
                const bool onConv =
                    conv && (conv->kind == Step::Kind::Conv || conv->kind == Step::Kind::Depthwise);
                if (n->op == "Mul" && onConv && !conv->bias.defined()) {
                    // (x * w) * m == x * (w * m): per output channel.
                    conv->weight =
                        conv->weight * v.reshape({-1, 1, 1, 1}).expand({channels, 1, 1, 1});
                } else if (n->op == "Add" && onConv) {
                    const at::Tensor b = v.reshape({-1}).expand({channels});
                    conv->bias = conv->bias.defined() ? conv->bias + b : b.contiguous();
                } else {
                    s.kind = n->op == "Mul" ? Step::Kind::Scale : Step::Kind::Shift;
                    s.weight = v;
                    impl->steps.push_back(std::move(s));
                }
            } else if (n->op == "Relu" || n->op == "Relu6") {
                s.kind = Step::Kind::ClampMin;
                impl->steps.push_back(s);
                if (n->op == "Relu6") {
                    s.kind = Step::Kind::ClampMax;
                    s.limit = 6;
                    impl->steps.push_back(std::move(s));
                }
            } else if (n->op == "Minimum" || n->op == "Maximum") {
                const FloatTensor* c = constant(*n);
                if (!c || c->numel() != 1)
                    return tl::unexpected(refused(source, where + ": expected a constant scalar"));
                s.kind = n->op == "Minimum" ? Step::Kind::ClampMax : Step::Kind::ClampMin;
                s.limit = c->data[0];
                impl->steps.push_back(std::move(s));
            } else if (n->op == "Mean") {
                std::vector<std::int64_t> axes;
                for (const auto& in : n->inputs) {
                    if (const auto it = model.integers.find(in); it != model.integers.end())
                        axes = it->second;
                }
                std::sort(axes.begin(), axes.end());
                if (axes != std::vector<std::int64_t>{1, 2} || n->keepDims) {
                    return tl::unexpected(refused(
                        source, where + ": only a mean over the spatial axes is supported"));
                }
                s.kind = Step::Kind::Mean;
                impl->steps.push_back(std::move(s));
            } else {
                return tl::unexpected(refused(source, where + ": this op is not supported"));
            }
        }
        if (impl->steps.empty() || impl->steps.back().kind != Step::Kind::Mean) {
            return tl::unexpected(
                refused(source, "the output is not a mean over the spatial axes (a descriptor)"));
        }
        for (auto& s : impl->steps) {
            if (s.weight.defined()) s.weight = toDevice(s.weight.contiguous(), device);
            if (s.bias.defined()) s.bias = toDevice(s.bias.contiguous(), device);
        }
        impl->descriptorSize = static_cast<int>(channels);
        return std::unique_ptr<FaceDescriptorNet>(new FaceDescriptorNet(std::move(impl)));
    } catch (...) {
        return tl::unexpected(currentBuildFailure(source, device));
    }
}

}  // namespace gpen
