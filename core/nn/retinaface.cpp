// SPDX-License-Identifier: Apache-2.0
// RetinaFace-R50 forward (Pytorch_Retinaface models/retinaface.py, net.py; torchvision resnet50).

#include "gpen/nn/retinaface.h"

#include <optional>

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include "nn/conv_bn.h"
#include "nn/free_cores.h"
#include "nn/network_builds.h"
#include "nn/precision.h"
#include "nn/retinaface_layout.h"
#include "nn/tensor_convert.h"
#include "nn/torch_failure.h"

namespace gpen {

using namespace gpen::nn;

namespace {

struct Bottleneck {
    ConvBn conv1, conv2, conv3;
    std::optional<ConvBn> downsample;

    at::Tensor operator()(const at::Tensor& x) const {
        at::Tensor out = reluInPlace(conv1(x));
        out = reluInPlace(conv2(out));
        out = conv3(out);
        out.add_(downsample ? (*downsample)(x) : x);
        return reluInPlace(std::move(out));
    }
};

struct Ssh {
    ConvBn conv3x3, conv5x5a, conv5x5b, conv7x7a, conv7x7b;

    at::Tensor operator()(const at::Tensor& x, double slope) const {
        const at::Tensor a = conv3x3(x);
        const at::Tensor b1 = leakyReluInPlace(conv5x5a(x), slope);
        const at::Tensor b = conv5x5b(b1);
        const at::Tensor c = conv7x7b(leakyReluInPlace(conv7x7a(b1), slope));
        return reluInPlace(at::cat({a, b, c}, 1));
    }
};

struct Head {
    at::Tensor weight, bias;
    std::int64_t values = 0;

    at::Tensor operator()(const at::Tensor& x) const {
        const at::Tensor out = conv2dBias(x, weight, bias, 1, 0).permute({0, 2, 3, 1}).contiguous();
        return out.view({out.size(0), -1, values});
    }
};

at::Tensor resizeNearest(const at::Tensor& x, const at::Tensor& like) {
    const std::int64_t size[2] = {like.size(2), like.size(3)};
    return at::upsample_nearest2d(x, size);
}

}  // namespace

struct RetinaFace::Impl {
    RetinaFaceArchitecture arch;
    Device device;
    Precision precision = Precision::Fp32;
    bool channelsLast = false;  // NHWC activations and weights

    ConvBn stem;
    std::array<std::vector<Bottleneck>, 4> layers;
    std::array<ConvBn, 3> fpnOutput;
    ConvBn merge1, merge2;
    std::array<Ssh, 3> ssh;
    std::array<std::array<Head, 3>, 3> heads;  // [class, bbox, landmark][level]

    template <class F>
    void forEachConv(F&& f) {
        f(stem);
        for (auto& layer : layers) {
            for (auto& b : layer) {
                f(b.conv1);
                f(b.conv2);
                f(b.conv3);
                if (b.downsample) {
                    f(*b.downsample);
                }
            }
        }
        for (auto& c : fpnOutput) {
            f(c);
        }
        f(merge1);
        f(merge2);
        for (auto& s : ssh) {
            for (ConvBn* c : {&s.conv3x3, &s.conv5x5a, &s.conv5x5b, &s.conv7x7a, &s.conv7x7b}) {
                f(*c);
            }
        }
    }

    std::array<at::Tensor, 3> forward(const at::Tensor& input) const {
        const double slope = arch.leakySlope();
        at::Tensor x = reluInPlace(stem(input));
        const std::int64_t k[2] = {3, 3};
        const std::int64_t s[2] = {2, 2};
        const std::int64_t p[2] = {1, 1};
        const std::int64_t d[2] = {1, 1};
        x = at::max_pool2d(x, k, s, p, d, false);
        std::array<at::Tensor, 3> c;
        for (std::size_t l = 0; l < layers.size(); ++l) {
            for (const auto& block : layers[l]) {
                x = block(x);
            }
            if (l >= 1) {
                c[l - 1] = x;
            }
        }
        at::Tensor o1 = leakyReluInPlace(fpnOutput[0](c[0]), slope);
        at::Tensor o2 = leakyReluInPlace(fpnOutput[1](c[1]), slope);
        const at::Tensor o3 = leakyReluInPlace(fpnOutput[2](c[2]), slope);
        o2 = leakyReluInPlace(merge2(o2.add_(resizeNearest(o3, o2))), slope);
        o1 = leakyReluInPlace(merge1(o1.add_(resizeNearest(o2, o1))), slope);
        const std::array<at::Tensor, 3> features = {ssh[0](o1, slope), ssh[1](o2, slope),
                                                    ssh[2](o3, slope)};
        std::array<at::Tensor, 3> out;                        // loc, conf, landms
        const std::array<std::size_t, 3> headOf = {1, 0, 2};  // bbox, class, landmark
        for (std::size_t o = 0; o < 3; ++o) {
            const auto& h = heads[headOf[o]];
            out[o] = at::cat({h[0](features[0]), h[1](features[1]), h[2](features[2])}, 1);
        }
        for (auto& o : out) {
            o = o.to(at::kFloat);
        }
        out[1] = at::softmax(out[1], -1);
        return out;
    }
};

RetinaFace::RetinaFace(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
RetinaFace::~RetinaFace() = default;

const RetinaFaceArchitecture& RetinaFace::architecture() const {
    return m_impl->arch;
}
const Device& RetinaFace::device() const {
    return m_impl->device;
}

Expected<RetinaFaceHeads> RetinaFace::forward(const FloatTensor& input) const {
    if (input.shape.size() != 4 || input.shape[0] < 1 || input.shape[1] != 3 ||
        input.shape[2] < 1 || input.shape[3] < 1) {
        return makeError(ErrorCode::InvalidArgument,
                         "RetinaFace needs input [N, 3, H, W], got " + shapeToString(input.shape));
    }
    try {
        fitComputeThreadsToFreeCores();
        c10::InferenceMode guard;
        at::Tensor x =
            toCompute(toDevice(fromFloatTensor(input), m_impl->device), m_impl->precision);
        if (m_impl->channelsLast) {
            x = x.contiguous(at::MemoryFormat::ChannelsLast);
        }
        const auto out = m_impl->forward(x);
        return RetinaFaceHeads{toFloatTensor(out[0]), toFloatTensor(out[1]), toFloatTensor(out[2])};
    } catch (...) {
        return tl::unexpected(currentTorchFailure(
            ErrorCode::Internal, "RetinaFace forward failed: ",
            "RetinaFace forward: out of memory for an input of " + shapeToString(input.shape)));
    }
}

Expected<std::unique_ptr<RetinaFace>> RetinaFace::create(const StateDict& weights,
                                                         const std::string& source,
                                                         const RetinaFaceLoadParams& params) {
    auto arch = inferRetinaFaceArchitecture(weights, source);
    if (!arch) {
        return tl::unexpected(arch.error());
    }
    if (params.precision != Precision::Fp32 && !params.foldBatchNorm) {
        return makeError(ErrorCode::InvalidArgument,
                         source + ": bf16 precision needs folded batch norms");
    }
    nn::countNetworkBuild();
    try {
        c10::InferenceMode guard;
        auto impl = std::make_unique<Impl>();
        impl->arch = *arch;
        impl->device = params.device;
        impl->precision = params.precision;
        auto convBn = [&](const std::string& conv, const std::string& norm, int stride, int pad) {
            return loadConvBn(weights, {conv, false, norm}, stride, pad, params.foldBatchNorm,
                              params.device);
        };
        // "<p>.0." is the conv of an nn.Sequential and "<p>.1." its batch norm.
        auto seq = [&](const std::string& p, int pad) {
            return convBn(p + "0.", p + "1.", 1, pad);
        };
        impl->stem = convBn("body.conv1.", "body.bn1.", 2, 3);
        for (std::size_t l = 0; l < kResnet50Blocks.size(); ++l) {
            for (int b = 0; b < kResnet50Blocks[l]; ++b) {
                const std::string p =
                    "body.layer" + std::to_string(l + 1) + "." + std::to_string(b) + ".";
                const int stride = (b == 0 && l > 0) ? 2 : 1;
                Bottleneck block{convBn(p + "conv1.", p + "bn1.", 1, 0),
                                 convBn(p + "conv2.", p + "bn2.", stride, 1),
                                 convBn(p + "conv3.", p + "bn3.", 1, 0), std::nullopt};
                if (b == 0) {
                    block.downsample = convBn(p + "downsample.0.", p + "downsample.1.", stride, 0);
                }
                impl->layers[l].push_back(std::move(block));
            }
        }
        for (std::size_t i = 0; i < 3; ++i) {
            impl->fpnOutput[i] = seq("fpn.output" + std::to_string(i + 1) + ".", 0);
            const std::string p = "ssh" + std::to_string(i + 1) + ".";
            impl->ssh[i] = {seq(p + "conv3X3.", 1), seq(p + "conv5X5_1.", 1),
                            seq(p + "conv5X5_2.", 1), seq(p + "conv7X7_2.", 1),
                            seq(p + "conv7x7_3.", 1)};
        }
        impl->merge1 = seq("fpn.merge1.", 1);
        impl->merge2 = seq("fpn.merge2.", 1);
        for (std::size_t h = 0; h < kRetinaFaceHeads.size(); ++h) {
            for (std::size_t i = 0; i < 3; ++i) {
                const std::string p =
                    std::string(kRetinaFaceHeads[h].name) + "." + std::to_string(i) + ".conv1x1.";
                const ConvBn c = loadConvBn(weights, {p, true, ""}, 1, 0, false, params.device);
                impl->heads[h][i] = {c.weight, c.bias, kRetinaFaceHeads[h].values};
            }
        }
        // oneDNN runs these convolutions faster on NHWC tensors (docs/MEASUREMENTS.md,
        // "Layouts"); the heads' NHWC permute then costs nothing either.
        impl->channelsLast = params.device.kind == DeviceKind::Cpu;
        if (impl->channelsLast) {
            impl->forEachConv(
                [](ConvBn& c) { c.weight = c.weight.contiguous(at::MemoryFormat::ChannelsLast); });
        }
        impl->forEachConv([&](ConvBn& c) { c.convertTo(params.precision); });
        for (auto& head : impl->heads) {
            for (auto& h : head) {
                h.weight = toCompute(h.weight, params.precision);
                h.bias = toCompute(h.bias, params.precision);
            }
        }
        return std::unique_ptr<RetinaFace>(new RetinaFace(std::move(impl)));
    } catch (...) {
        return tl::unexpected(currentBuildFailure(source, params.device));
    }
}

}  // namespace gpen
