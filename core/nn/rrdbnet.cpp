// RRDBNet forward (BasicSR rrdbnet_arch.py) and Real-ESRGAN's mod pad and tiling around it.

#include "gpen/nn/rrdbnet.h"

#include <array>

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include "io/state_dict_access.h"
#include "nn/conv_bn.h"
#include "nn/precision.h"
#include "nn/torch_failure.h"
#include "nn/tensor_convert.h"
#include "nn/network_builds.h"

namespace gpen {

using namespace gpen::nn;

namespace {

constexpr double kSlope = 0.2;
constexpr double kResidualScale = 0.2;

struct Conv {
    at::Tensor weight;
    at::Tensor bias;
    at::Tensor operator()(const at::Tensor& x) const { return conv2dBias(x, weight, bias, 1, 1); }
};

struct DenseBlock {
    std::array<Conv, 5> convs;

    at::Tensor operator()(const at::Tensor& x) const {
        at::Tensor x1 = leakyReluInPlace(convs[0](x), kSlope);
        at::Tensor x2 = leakyReluInPlace(convs[1](at::cat({x, x1}, 1)), kSlope);
        at::Tensor x3 = leakyReluInPlace(convs[2](at::cat({x, x1, x2}, 1)), kSlope);
        at::Tensor x4 = leakyReluInPlace(convs[3](at::cat({x, x1, x2, x3}, 1)), kSlope);
        at::Tensor x5 = convs[4](at::cat({x, x1, x2, x3, x4}, 1));
        return x5.mul_(kResidualScale).add_(x);
    }
};

struct Rrdb {
    std::array<DenseBlock, 3> rdbs;

    at::Tensor operator()(const at::Tensor& x) const {
        at::Tensor out = rdbs[2](rdbs[1](rdbs[0](x)));
        return out.mul_(kResidualScale).add_(x);
    }
};

at::Tensor upsampleNearest2x(const at::Tensor& x) {
    const std::int64_t size[2] = {x.size(2) * 2, x.size(3) * 2};
    return at::upsample_nearest2d(x, size);
}

// Pads the bottom and right edges up to multiples of `factor`: by reflection as RealESRGANer's
// F.pad(..., 'reflect'), by replication where an edge is too short to reflect.
at::Tensor modPad(const at::Tensor& x, int factor) {
    const std::int64_t h = x.size(2);
    const std::int64_t w = x.size(3);
    const std::int64_t padH = (factor - h % factor) % factor;
    const std::int64_t padW = (factor - w % factor) % factor;
    if (padH == 0 && padW == 0) {
        return x;
    }
    const std::int64_t pad[4] = {0, padW, 0, padH};
    return padH < h && padW < w ? at::reflection_pad2d(x, pad) : at::replication_pad2d(x, pad);
}

// Thrown between blocks when the cancel token is set; turned into ErrorCode::Cancelled.
struct ForwardCancelled {};

}  // namespace

struct RrdbNet::Impl {
    RrdbArchitecture arch;
    Device device;
    Precision precision = Precision::Fp32;
    // NHWC activations and weights: oneDNN runs these convolutions about a quarter faster so on
    // CPU (measured with the released x2 size, 2 threads).
    bool channelsLast = false;

    // Every conv with its state-dict name, in the reference order.
    template <class F>
    void forEachConv(F&& f) const {
        f("conv_first", convFirst);
        for (std::size_t b = 0; b < body.size(); ++b) {
            for (std::size_t r = 0; r < 3; ++r) {
                const std::string p =
                    "body." + std::to_string(b) + ".rdb" + std::to_string(r + 1) + ".conv";
                for (std::size_t c = 0; c < 5; ++c) {
                    f(p + std::to_string(c + 1), body[b].rdbs[r].convs[c]);
                }
            }
        }
        f("conv_body", convBody);
        f("conv_up1", convUp1);
        f("conv_up2", convUp2);
        f("conv_hr", convHr);
        f("conv_last", convLast);
    }

    Conv convFirst;
    std::vector<Rrdb> body;
    Conv convBody, convUp1, convUp2, convHr, convLast;

    // x: H and W multiples of the unshuffle factor. `cancel` is looked at between blocks (a
    // 400 px tile of the released x2 network spends ~0.3 s in each of its 23 on two cores).
    at::Tensor network(const at::Tensor& x, const CancelToken* cancel) const {
        const int u = arch.unshuffleFactor();
        at::Tensor feat = convFirst(u > 1 ? at::pixel_unshuffle(x, u) : x);
        at::Tensor trunk = feat;
        for (const auto& block : body) {
            if (cancel && cancel->cancelled()) {
                throw ForwardCancelled{};
            }
            trunk = block(trunk);
        }
        feat = feat + convBody(trunk);
        feat = leakyReluInPlace(convUp1(upsampleNearest2x(feat)), kSlope);
        feat = leakyReluInPlace(convUp2(upsampleNearest2x(feat)), kSlope);
        return convLast(leakyReluInPlace(convHr(feat), kSlope));
    }

    // Any size: the mod pad, the network, the crop.
    at::Tensor padded(const at::Tensor& x, const CancelToken* cancel) const {
        const at::Tensor out = network(modPad(x, arch.unshuffleFactor()), cancel);
        return out.narrow(2, 0, x.size(2) * arch.scale).narrow(3, 0, x.size(3) * arch.scale);
    }

    Expected<void> checkInput(const FloatTensor& input) const {
        if (input.shape.size() != 4 || input.shape[0] < 1 || input.shape[1] != arch.numInCh ||
            input.shape[2] < 1 || input.shape[3] < 1) {
            return makeError(ErrorCode::InvalidArgument,
                             arch.describe() + " needs input [N, " + std::to_string(arch.numInCh) +
                                 ", H, W], got " + shapeToString(input.shape));
        }
        return {};
    }
};

RrdbNet::RrdbNet(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
RrdbNet::~RrdbNet() = default;

const RrdbArchitecture& RrdbNet::architecture() const {
    return m_impl->arch;
}
const Device& RrdbNet::device() const {
    return m_impl->device;
}
StateDict RrdbNet::stateDict() const {
    // Rebuilt from the network rather than kept, so that the weights are held once.
    StateDict dict;
    c10::InferenceMode guard;
    m_impl->forEachConv([&](const std::string& name, const Conv& c) {
        putTensor(dict, name + ".weight", c.weight.to(at::kCPU, at::kFloat).contiguous());
        putTensor(dict, name + ".bias", c.bias.to(at::kCPU, at::kFloat).contiguous());
    });
    return dict;
}

namespace {

template <class F>
Expected<FloatTensor> guarded(const char* what, F&& body) {
    try {
        c10::InferenceMode guard;
        return body();
    } catch (const ForwardCancelled&) {
        return makeError(ErrorCode::Cancelled, "Cancelled");
    } catch (...) {
        return tl::unexpected(currentTorchFailure(ErrorCode::Internal, std::string("RRDBNet ") + what + " failed: ",
                                                  std::string("RRDBNet ") + what + ": out of memory"));
    }
}

}  // namespace

Expected<FloatTensor> RrdbNet::forward(const FloatTensor& input, const CancelToken* cancel) const {
    if (auto ok = m_impl->checkInput(input); !ok) {
        return tl::unexpected(ok.error());
    }
    return guarded("forward", [&]() -> Expected<FloatTensor> {
        at::Tensor x = toCompute(toDevice(fromFloatTensor(input), m_impl->device), m_impl->precision);
        if (m_impl->channelsLast) {
            x = x.contiguous(at::MemoryFormat::ChannelsLast);
        }
        return toFloatTensor(m_impl->padded(x, cancel));
    });
}

Expected<FloatTensor> RrdbNet::forwardTiled(const FloatTensor& input, const ReferenceTiling& tiling,
                                            const TileCallback& beforeTile) const {
    if (tiling.tileSize <= 0) {
        return forward(input);
    }
    if (auto ok = m_impl->checkInput(input); !ok) {
        return tl::unexpected(ok.error());
    }
    const Impl& impl = *m_impl;
    // The mod pad of the whole image, as RealESRGANer.pre_process does before tile_process.
    auto padded = guarded("padding", [&]() -> Expected<FloatTensor> {
        const at::Tensor x = fromFloatTensor(input);
        const at::Tensor p = modPad(x, impl.arch.unshuffleFactor());
        return p.is_same(x) ? input : toFloatTensor(p);
    });
    if (!padded) {
        return padded;
    }
    auto tiled = referenceTileProcess(*padded, impl.arch.scale, tiling,
                                      [&](const FloatTensor& tile, std::size_t index,
                                          std::size_t count) -> Expected<FloatTensor> {
                                          if (beforeTile) {
                                              if (auto go = beforeTile(index, count); !go) {
                                                  return tl::unexpected(go.error());
                                              }
                                          }
                                          return forward(tile);
                                      });
    if (!tiled || padded->shape == input.shape) {
        return tiled;
    }
    return cropNchw(*tiled, {0, 0, static_cast<int>(input.shape[3] * impl.arch.scale),
                             static_cast<int>(input.shape[2] * impl.arch.scale)});
}

Expected<std::unique_ptr<RrdbNet>> RrdbNet::create(const StateDict& weights,
                                                   const std::string& source,
                                                   const RrdbLoadParams& params) {
    auto arch = inferRrdbArchitecture(weights, source, params.expectedScale);
    if (!arch) {
        return tl::unexpected(arch.error());
    }
    nn::countNetworkBuild();
    try {
        c10::InferenceMode guard;
        auto impl = std::make_unique<Impl>();
        impl->arch = *arch;
        impl->device = params.device;
        impl->precision = params.precision;
        impl->channelsLast = params.device.kind == DeviceKind::Cpu;
        const auto format =
            impl->channelsLast ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
        auto conv = [&](const std::string& name) {
            return Conv{toCompute(toDevice(findTensor(weights, name + ".weight"), params.device), params.precision)
                            .contiguous(format),
                        toCompute(toDevice(findTensor(weights, name + ".bias"), params.device), params.precision)};
        };
        impl->convFirst = conv("conv_first");
        for (int b = 0; b < arch->numBlock; ++b) {
            Rrdb block;
            for (int r = 0; r < 3; ++r) {
                const std::string p =
                    "body." + std::to_string(b) + ".rdb" + std::to_string(r + 1) + ".conv";
                for (int c = 0; c < 5; ++c) {
                    block.rdbs[static_cast<std::size_t>(r)].convs[static_cast<std::size_t>(c)] =
                        conv(p + std::to_string(c + 1));
                }
            }
            impl->body.push_back(std::move(block));
        }
        impl->convBody = conv("conv_body");
        impl->convUp1 = conv("conv_up1");
        impl->convUp2 = conv("conv_up2");
        impl->convHr = conv("conv_hr");
        impl->convLast = conv("conv_last");
        return std::unique_ptr<RrdbNet>(new RrdbNet(std::move(impl)));
    } catch (...) {
        return tl::unexpected(currentBuildFailure(source, params.device));
    }
}

}  // namespace gpen
