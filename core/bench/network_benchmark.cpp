// SPDX-License-Identifier: Apache-2.0
#include "bench/network_benchmark.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <type_traits>
#include <vector>

#include "gpen/engine/embedded_identity.h"
#include "gpen/nn/face_descriptor_net.h"
#include "gpen/nn/parsenet.h"
#include "gpen/nn/retinaface.h"
#include "gpen/nn/rrdbnet.h"
#include "gpen/nn/srvgg_net.h"

namespace gpen {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// What the benchmark needs of a built network: its description, output side and one forward
// that returns the outputs.
struct Runner {
    std::string kind;
    std::string architecture;
    int outSize = 0;
    std::function<Expected<std::vector<FloatTensor>>()> forward;
};

template <typename Net>
std::function<Expected<std::vector<FloatTensor>>()> forwardOf(std::shared_ptr<Net> net,
                                                              FloatTensor input) {
    return [net, input = std::move(input)]() -> Expected<std::vector<FloatTensor>> {
        auto out = net->forward(input);
        if (!out) {
            return tl::unexpected(out.error());
        }
        using Out = std::decay_t<decltype(*out)>;
        if constexpr (std::is_same_v<Out, FloatTensor>) {
            return std::vector<FloatTensor>{std::move(*out)};
        } else if constexpr (std::is_same_v<Out, ParseNetOutputs>) {
            return std::vector<FloatTensor>{std::move(out->maskLogits), std::move(out->image)};
        } else {
            return std::vector<FloatTensor>{std::move(out->loc), std::move(out->conf),
                                            std::move(out->landms)};
        }
    };
}

// The kind is told by a name only that kind has; its create() then runs the architecture check,
// once, before building.
Expected<Runner> build(const StateDict& weights, const NcnnModel* ncnn, const TfjsGraphModel* tfjs,
                       const GpenBenchmarkParams& p, const std::string& source,
                       Precision precision) {
    const Shape shape{p.batch, 3, p.syntheticSize, p.syntheticSize};
    Runner r;
    if (tfjs) {  // float32 only: the descriptor is small
        auto net =
            FaceDescriptorNet::fromTfjs(*tfjs, kIdentityDescriptorNode, source, p.load.device);
        if (!net) {
            return tl::unexpected(net.error());
        }
        const int s = (*net)->inputSize();
        r.kind = "descriptor";
        r.architecture = (*net)->describe();
        r.outSize = s;
        r.forward = forwardOf(std::shared_ptr<FaceDescriptorNet>(std::move(*net)),
                              rampInput({p.batch, 3, s, s}, 0.0F, 255.0F));
        return r;
    }
    if (ncnn) {
        auto net =
            SrvggNet::fromNcnn(*ncnn, source, {.device = p.load.device, .precision = precision});
        if (!net) {
            return tl::unexpected(net.error());
        }
        const auto& arch = (*net)->architecture();
        r.kind = "srvggnet";
        r.architecture = arch.describe();
        r.outSize = p.syntheticSize * arch.scale;
        r.forward =
            forwardOf(std::shared_ptr<SrvggNet>(std::move(*net)), rampInput(shape, 0.0F, 1.0F));
        return r;
    }
    if (weights.contains("out_mask_conv.conv2d.weight")) {
        auto net =
            ParseNet::create(weights, source, {.device = p.load.device, .precision = precision});
        if (!net) {
            return tl::unexpected(net.error());
        }
        const auto& arch = (*net)->architecture();
        r.kind = "parsenet";
        r.architecture = arch.describe();
        r.outSize = p.syntheticSize * arch.outSize / arch.inSize;
        r.forward =
            forwardOf(std::shared_ptr<ParseNet>(std::move(*net)), rampInput(shape, -1.0F, 1.0F));
        return r;
    }
    if (weights.contains("conv_first.weight")) {
        auto net =
            RrdbNet::create(weights, source, {.device = p.load.device, .precision = precision});
        if (!net) {
            return tl::unexpected(net.error());
        }
        const auto& arch = (*net)->architecture();
        r.kind = "rrdbnet";
        r.architecture = arch.describe();
        r.outSize = p.syntheticSize * arch.scale;
        r.forward =
            forwardOf(std::shared_ptr<RrdbNet>(std::move(*net)), rampInput(shape, 0.0F, 1.0F));
        return r;
    }
    if (weights.contains("ClassHead.0.conv1x1.weight")) {
        auto net =
            RetinaFace::create(weights, source, {.device = p.load.device, .precision = precision});
        if (!net) {
            return tl::unexpected(net.error());
        }
        r.kind = "retinaface";
        r.architecture = (*net)->architecture().describe();
        r.outSize = p.syntheticSize;
        // BGR 0..255 minus the means.
        r.forward = forwardOf(std::shared_ptr<RetinaFace>(std::move(*net)),
                              rampInput(shape, -123.0F, 151.0F));
        return r;
    }
    return makeError(
        ErrorCode::InvalidArgument,
        source +
            ": not a network bench knows (GPEN, ParseNet, RRDBNet, RetinaFace, an NCNN "
            "SRVGGNetCompact/RRDBNet or a TF.js face descriptor)");
}

}  // namespace

Expected<GpenBenchmarkResult> runNetworkBenchmark(
    GpenBenchmarkResult r, StateDict weights, const GpenBenchmarkParams& params, double loadMs,
    const std::function<void(const std::string&)>& progress, std::shared_ptr<const NcnnModel> ncnn,
    std::shared_ptr<const TfjsGraphModel> tfjs) {
    r.loadMs = loadMs;
    const auto t0 = Clock::now();
    const Precision precision = params.load.precision;
    auto runner = build(weights, ncnn.get(), tfjs.get(), params, r.source, precision);
    if (!runner) {
        return tl::unexpected(runner.error());
    }
    r.buildMs = msSince(t0);
    const bool compare = precision != Precision::Fp32;
    if (!compare) {
        weights = StateDict();  // the network holds what it needs
    }
    r.kind = runner->kind;
    r.architecture = runner->architecture;
    r.inSize = tfjs ? runner->outSize : params.syntheticSize;
    r.outSize = runner->outSize;
    const auto forward = [&runner]() -> Expected<void> {
        auto out = runner->forward();
        return out ? Expected<void>{} : tl::unexpected(out.error());
    };
    if (auto timing = timeForwards(r, params.runs, forward, progress); !timing) {
        return tl::unexpected(timing.error());
    }
    if (compare) {
        // After the timing, as runGpenBenchmark does: the worst output against a float32 network.
        auto reference = build(weights, ncnn.get(), tfjs.get(), params, r.source, Precision::Fp32);
        if (!reference) {
            return tl::unexpected(reference.error());
        }
        auto ref = reference->forward();
        auto out = runner->forward();
        if (!ref || !out) {
            return tl::unexpected(ref ? out.error() : ref.error());
        }
        r.psnrOf = "output range";
        r.psnrVsFp32Db = INFINITY;
        for (std::size_t i = 0; i < ref->size(); ++i) {
            r.psnrVsFp32Db = std::min(*r.psnrVsFp32Db, rangePsnrDb((*out)[i], (*ref)[i]));
            r.maxRelDiffVsFp32 =
                std::max(r.maxRelDiffVsFp32, maxRelativeDifference((*out)[i], (*ref)[i]));
        }
    }
    return r;
}

}  // namespace gpen
