// SPDX-License-Identifier: Apache-2.0
// RRDBNet forward (BasicSR rrdbnet_arch.py) and Real-ESRGAN's mod pad and tiling around it.

#include "gpen/nn/rrdbnet.h"

#include <array>
#include <stop_token>
#include <utility>

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

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

constexpr double kSlope = 0.2;
constexpr double kResidualScale = 0.2;

// A 3x3 conv, padding 1. With `winograd` (float32 on a CPU where Winograd43Conv is preferred)
// the weights live only in its transformed copy.
struct Conv {
    at::Tensor weight;
    at::Tensor bias;
    std::shared_ptr<const Winograd43Conv> winograd;

    at::Tensor operator()(const at::Tensor& x) const {
        return winograd ? (*winograd)(x, {.pad = 1}) : conv2dBias(x, weight, bias, 1, 1);
    }

    // The conv, then the leaky ReLU; with Winograd straight into `into` where given (samples
    // NCHW-contiguous, see Winograd43Conv::Options::output).
    at::Tensor activated(const at::Tensor& x, const at::Tensor& into = {}) const {
        if (winograd) {
            return (*winograd)(x, {.pad = 1, .leakySlope = kSlope, .output = into});
        }
        at::Tensor y = leakyReluInPlace(conv2dBias(x, weight, bias, 1, 1), kSlope);
        return into.defined() ? into.copy_(y) : y;
    }

    // Where the input has channels enough for the Winograd GEMM (the x2 and x4 networks' first
    // conv has 12 or 48, and stays direct).
    void useWinograd() {
        if (weight.size(1) < 32) {
            return;
        }
        winograd = Winograd43Conv::create(weight, bias);
        if (winograd) {
            weight.reset();
            bias.reset();
        }
    }

    std::uint64_t bytes() const {
        return (weight.defined() ? weight.nbytes() : 0) + (bias.defined() ? bias.nbytes() : 0) +
               (winograd ? static_cast<std::uint64_t>(winograd->bytes()) : 0);
    }
};

struct DenseBlock {
    std::array<Conv, 5> convs;

    at::Tensor operator()(const at::Tensor& x) const {
        if (convs[0].winograd) {
            // x and the four growth outputs side by side in one NCHW buffer: each conv reads a
            // prefix of its channels (each sample of it NCHW-contiguous, read in place) and
            // writes the next slice, so nothing is concatenated.
            const std::int64_t c = x.size(1);
            const std::int64_t growth = convs[0].winograd->outputChannels();
            at::Tensor dense =
                at::empty({x.size(0), c + 4 * growth, x.size(2), x.size(3)}, x.options());
            dense.narrow(1, 0, c).copy_(x);
            for (std::int64_t k = 0; k < 4; ++k) {
                const std::int64_t have = c + k * growth;
                convs[static_cast<std::size_t>(k)].activated(dense.narrow(1, 0, have),
                                                             dense.narrow(1, have, growth));
            }
            return convs[4](dense).mul_(kResidualScale).add_(x);
        }
        at::Tensor x1 = convs[0].activated(x);
        at::Tensor x2 = convs[1].activated(at::cat({x, x1}, 1));
        at::Tensor x3 = convs[2].activated(at::cat({x, x1, x2}, 1));
        at::Tensor x4 = convs[3].activated(at::cat({x, x1, x2, x3}, 1));
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

}  // namespace

struct RrdbNet::Impl {
    RrdbArchitecture arch;
    Device device;
    Precision precision = Precision::Fp32;
    // NHWC activations and weights: oneDNN runs these convolutions faster so on the CPU
    // (docs/MEASUREMENTS.md, "Layouts").
    bool channelsLast = false;

    std::vector<TensorInfo> entries;  // see RrdbNet::entries

    // Every conv with its state-dict name, in the reference order (`self`: this, const or not).
    template <class Self, class F>
    static void forEachConv(Self& self, F&& f) {
        f("conv_first", self.convFirst);
        for (std::size_t b = 0; b < self.body.size(); ++b) {
            for (std::size_t r = 0; r < 3; ++r) {
                const std::string p =
                    "body." + std::to_string(b) + ".rdb" + std::to_string(r + 1) + ".conv";
                for (std::size_t c = 0; c < 5; ++c) {
                    f(p + std::to_string(c + 1), self.body[b].rdbs[r].convs[c]);
                }
            }
        }
        f("conv_body", self.convBody);
        f("conv_up1", self.convUp1);
        f("conv_up2", self.convUp2);
        f("conv_hr", self.convHr);
        f("conv_last", self.convLast);
    }

    Conv convFirst;
    std::vector<Rrdb> body;
    Conv convBody, convUp1, convUp2, convHr, convLast;

    // x: H and W multiples of the unshuffle factor. `stop` is looked at between blocks, so a
    // cancel waits for one of the 23 at most rather than for the whole tile.
    at::Tensor network(const at::Tensor& x, std::stop_token stop) const {
        const int u = arch.unshuffleFactor();
        at::Tensor feat = convFirst(u > 1 ? at::pixel_unshuffle(x, u) : x);
        at::Tensor trunk = feat;
        for (const auto& block : body) {
            if (stop.stop_requested()) {
                throw ForwardCancelled{};
            }
            trunk = block(trunk);
        }
        feat = feat + convBody(trunk);
        feat = convUp1.activated(upsampleNearest2x(feat));
        feat = convUp2.activated(upsampleNearest2x(feat));
        return convLast(convHr.activated(feat));
    }

    // Any size: the mod pad, the network, the crop.
    at::Tensor padded(const at::Tensor& x, std::stop_token stop) const {
        const at::Tensor out = network(modPad(x, arch.unshuffleFactor()), stop);
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
std::vector<TensorInfo> RrdbNet::entries() const {
    return m_impl->entries;
}

std::uint64_t RrdbNet::weightBytes() const {
    std::uint64_t bytes = 0;
    Impl::forEachConv(std::as_const(*m_impl),
                      [&](const std::string&, const Conv& c) { bytes += c.bytes(); });
    return bytes;
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
        return tl::unexpected(
            currentTorchFailure(ErrorCode::Internal, std::string("RRDBNet ") + what + " failed: ",
                                std::string("RRDBNet ") + what + ": out of memory"));
    }
}

}  // namespace

Expected<FloatTensor> RrdbNet::forward(const FloatTensor& input, std::stop_token stop) const {
    if (auto ok = m_impl->checkInput(input); !ok) {
        return tl::unexpected(ok.error());
    }
    fitComputeThreadsToFreeCores();
    return guarded("forward", [&]() -> Expected<FloatTensor> {
        at::Tensor x =
            toCompute(toDevice(fromFloatTensor(input), m_impl->device), m_impl->precision);
        if (m_impl->channelsLast) {
            x = x.contiguous(at::MemoryFormat::ChannelsLast);
        }
        return toFloatTensor(m_impl->padded(x, stop));
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
        // A network narrower than 32 features (the fixtures' 8) runs none of the Winograd
        // kernels: see the layout below.
        constexpr int kWinogradMinFeatures = 32;
        const bool winograd = params.kernels == RrdbKernels::Fast &&
                              arch->numFeat >= kWinogradMinFeatures &&
                              params.device.kind == DeviceKind::Cpu &&
                              params.precision == Precision::Fp32 && Winograd43Conv::preferred();
        auto conv = [&](const std::string& name) {
            return Conv{toCompute(toDevice(findTensor(weights, name + ".weight"), params.device),
                                  params.precision)
                            .contiguous(),
                        toCompute(toDevice(findTensor(weights, name + ".bias"), params.device),
                                  params.precision)};
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
        bool anyWinograd = false;
        Impl::forEachConv(*impl, [&](const std::string& name, Conv& c) {
            for (const char* part : {".weight", ".bias"}) {
                impl->entries.push_back(*weights.info(name + part));
            }
            if (winograd) {
                c.useWinograd();
                anyWinograd = anyWinograd || c.winograd;
            }
        });
        // NCHW where the Winograd kernels run (they read and write it); else channels-last, as
        // before them: oneDNN then needs no reorders, whose buffers it allocates itself, and a
        // failed allocation there was seen to crash instead of throwing (libdnnl 2.6, under an
        // address-space limit: torch_failure_test died so once in a CI run).
        impl->channelsLast = params.device.kind == DeviceKind::Cpu && !anyWinograd;
        if (impl->channelsLast) {
            Impl::forEachConv(*impl, [](const std::string&, Conv& c) {
                c.weight = c.weight.contiguous(at::MemoryFormat::ChannelsLast);
            });
        }
        return std::unique_ptr<RrdbNet>(new RrdbNet(std::move(impl)));
    } catch (...) {
        return tl::unexpected(currentBuildFailure(source, params.device));
    }
}

}  // namespace gpen
