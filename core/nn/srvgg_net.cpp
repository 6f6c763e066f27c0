// SPDX-License-Identifier: Apache-2.0
// SRVGGNetCompact forward (Real-ESRGAN's srvgg_arch.py) from NCNN weights, and RRDBNet's state dict
// from NCNN weights.

#include <stop_token>

#include "gpen/nn/srvgg_net.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include "gpen/nn/rrdbnet.h"
#include "io/state_dict_access.h"
#include "nn/conv_bn.h"
#include "nn/free_cores.h"
#include "nn/network_builds.h"
#include "nn/precision.h"
#include "nn/tensor_convert.h"
#include "nn/torch_failure.h"
#include "nn/winograd43_conv.h"

namespace gpen {

using namespace gpen::nn;

namespace {

Error refused(const std::string& source, const std::string& what) {
    return Error{ErrorCode::UnsupportedArchitecture, source + ": " + what};
}

at::Tensor tensorOf(const FloatTensor& t) {
    return fromFloatTensor(t).clone();
}

// The types in order, skipping Split (ncnn's fan-out of a blob).
std::vector<std::string> sequence(const NcnnModel& m) {
    std::vector<std::string> out;
    for (const auto& l : m.layers) {
        if (l.type != "Split") out.push_back(l.type);
    }
    return out;
}

}  // namespace

std::string SrvggArchitecture::describe() const {
    return "SRVGGNetCompact x" + std::to_string(scale) + ", " + std::to_string(numFeat) +
           " features, " + std::to_string(numConv) + " convolutions";
}

struct SrvggNet::Impl {
    SrvggArchitecture arch;
    Device device;
    Precision precision = Precision::Fp32;
    struct Stage {
        at::Tensor weight, bias, slope;  // slope undefined for the last conv
        std::shared_ptr<const Winograd43Conv> winograd;
        at::Tensor operator()(const at::Tensor& x) const {
            at::Tensor y =
                winograd ? (*winograd)(x, {.pad = 1}) : conv2dBias(x, weight, bias, 1, 1);
            return slope.defined() ? at::prelu(y, slope) : y;
        }
    };
    std::vector<Stage> stages;  // numConv + 2

    at::Tensor network(const at::Tensor& x, std::stop_token stop) const {
        at::Tensor y = x;
        for (std::size_t i = 0; i < stages.size(); ++i) {
            if (i % 8 == 7 && stop.stop_requested()) throw ForwardCancelled{};
            y = stages[i](y);
        }
        y = at::pixel_shuffle(y, arch.scale);
        return y.add_(at::upsample_nearest2d(x, {x.size(2) * arch.scale, x.size(3) * arch.scale}));
    }
};

SrvggNet::SrvggNet(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
SrvggNet::~SrvggNet() = default;

const SrvggArchitecture& SrvggNet::architecture() const {
    return m_impl->arch;
}

std::uint64_t SrvggNet::weightBytes() const {
    std::uint64_t bytes = 0;
    for (const auto& s : m_impl->stages) {
        for (const at::Tensor* t : {&s.weight, &s.bias, &s.slope})
            bytes += t->defined() ? t->nbytes() : 0;
        bytes += s.winograd ? static_cast<std::uint64_t>(s.winograd->bytes()) : 0;
    }
    return bytes;
}

Expected<FloatTensor> SrvggNet::forward(const FloatTensor& input, std::stop_token stop) const {
    if (input.shape.size() != 4 || input.shape[0] < 1 || input.shape[1] != 3 ||
        input.shape[2] < 1 || input.shape[3] < 1) {
        return makeError(ErrorCode::InvalidArgument, m_impl->arch.describe() +
                                                         " needs input [N, 3, H, W], got " +
                                                         shapeToString(input.shape));
    }
    try {
        fitComputeThreadsToFreeCores();
        c10::InferenceMode guard;
        const at::Tensor x =
            toCompute(toDevice(fromFloatTensor(input), m_impl->device), m_impl->precision);
        return toFloatTensor(m_impl->network(x, stop));
    } catch (const ForwardCancelled&) {
        return makeError(ErrorCode::Cancelled, "Cancelled");
    } catch (...) {
        return tl::unexpected(currentTorchFailure(
            ErrorCode::Internal,
            "SRVGGNetCompact forward failed: ", "SRVGGNetCompact forward: out of memory"));
    }
}

Expected<std::unique_ptr<SrvggNet>> SrvggNet::fromNcnn(const NcnnModel& model,
                                                       const std::string& source,
                                                       const SrvggLoadParams& params) {
    // Input, then (Convolution PReLU) x (numConv + 1), Convolution, PixelShuffle, Interp, BinaryOp.
    const std::vector<std::string> seq = sequence(model);
    const auto convs = model.ofType("Convolution");
    const auto prelus = model.ofType("PReLU");
    const auto shuffles = model.ofType("PixelShuffle");
    if (seq.size() < 8 || seq.front() != "Input" || convs.size() < 3 ||
        prelus.size() + 1 != convs.size() || shuffles.size() != 1 ||
        seq[seq.size() - 4] != "Convolution" || seq[seq.size() - 3] != "PixelShuffle" ||
        seq[seq.size() - 2] != "Interp" || seq.back() != "BinaryOp") {
        return tl::unexpected(
            refused(source,
                    "not an SRVGGNetCompact (its layers are not conv/PReLU pairs, a conv, "
                    "a pixel shuffle and an upsampled skip)"));
    }
    for (std::size_t i = 0; i + 1 < convs.size(); ++i) {
        if (seq[1 + 2 * i] != "Convolution" || seq[2 + 2 * i] != "PReLU") {
            return tl::unexpected(refused(
                source, "layer " + std::to_string(2 + 2 * i) + " breaks the conv/PReLU sequence"));
        }
    }
    SrvggArchitecture arch;
    arch.scale = shuffles.front()->intParam(0, 0);
    arch.numFeat = convs.front()->intParam(0, 0);
    arch.numConv = static_cast<int>(convs.size()) - 2;
    if (arch.scale < 1 || arch.scale > 8 || arch.numFeat < 1)
        return tl::unexpected(refused(source, "scale or width out of range"));
    for (std::size_t i = 0; i < convs.size(); ++i) {
        const NcnnLayer& c = *convs[i];
        const std::int64_t in = i == 0 ? 3 : arch.numFeat;
        const std::int64_t out =
            i + 1 == convs.size() ? 3LL * arch.scale * arch.scale : arch.numFeat;
        const Shape want{out, in, 3, 3};
        if (c.weights.size() != 2 || c.weights[0].shape != want || c.intParam(4, 0) != 1 ||
            c.intParam(3, 1) != 1) {
            return tl::unexpected(refused(source, c.name + ": expected a 3x3 convolution " +
                                                      shapeToString(want) +
                                                      " with bias, padding 1, stride 1"));
        }
        if (i < prelus.size() && prelus[i]->weights.front().shape != Shape{arch.numFeat}) {
            return tl::unexpected(refused(source, prelus[i]->name + ": expected " +
                                                      std::to_string(arch.numFeat) + " slopes"));
        }
    }
    nn::countNetworkBuild();
    try {
        c10::InferenceMode guard;
        auto impl = std::make_unique<Impl>();
        impl->arch = arch;
        impl->device = params.device;
        impl->precision = params.precision;
        const bool winograd = params.device.kind == DeviceKind::Cpu &&
                              params.precision == Precision::Fp32 && Winograd43Conv::preferred();
        const auto onDevice = [&](const FloatTensor& t) {
            return toCompute(toDevice(tensorOf(t), params.device), params.precision).contiguous();
        };
        for (std::size_t i = 0; i < convs.size(); ++i) {
            Impl::Stage s;
            s.weight = onDevice(convs[i]->weights[0]);
            s.bias = onDevice(convs[i]->weights[1]);
            if (i < prelus.size()) s.slope = onDevice(prelus[i]->weights[0]);
            if (winograd && s.weight.size(1) >= 32) {
                s.winograd = Winograd43Conv::create(s.weight, s.bias);
                if (s.winograd) {
                    s.weight.reset();
                    s.bias.reset();
                }
            }
            impl->stages.push_back(std::move(s));
        }
        return std::unique_ptr<SrvggNet>(new SrvggNet(std::move(impl)));
    } catch (...) {
        return tl::unexpected(currentBuildFailure(source, params.device));
    }
}

Expected<StateDict> rrdbStateDictFromNcnn(const NcnnModel& model, const std::string& source) {
    const auto convs = model.ofType("Convolution");
    RrdbArchitecture arch;  // x4, 64 features, 23 blocks, growth 32: what Real-ESRGAN x4plus is
    const std::vector<TensorSpec> spec = rrdbStateDictSpec(arch);
    if (convs.size() * 2 != spec.size() || !model.ofType("PReLU").empty() ||
        model.ofType("Interp").size() != 2) {
        return tl::unexpected(refused(source, "not Real-ESRGAN's RRDBNet x4 (" +
                                                  std::to_string(convs.size()) + " convolutions, " +
                                                  std::to_string(spec.size() / 2) + " expected)"));
    }
    StateDict dict;
    for (std::size_t i = 0; i < convs.size(); ++i) {
        const TensorSpec& w = spec[2 * i];
        const TensorSpec& b = spec[2 * i + 1];
        const NcnnLayer& c = *convs[i];
        if (c.weights.size() != 2 || c.weights[0].shape != w.shape ||
            c.weights[1].shape != b.shape) {
            return tl::unexpected(
                refused(source, c.name + ": expected " + w.name + " " + shapeToString(w.shape)));
        }
        dict.insert(w.name, c.weights[0]);
        dict.insert(b.name, c.weights[1]);
    }
    return dict;
}

}  // namespace gpen
