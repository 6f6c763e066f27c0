#include "nn/network_benchmark.h"

#include <chrono>
#include <memory>

#include "gpen/nn/parsenet.h"
#include "gpen/nn/retinaface.h"
#include "gpen/nn/rrdbnet.h"

namespace gpen {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// What the benchmark needs of a built network: its description, output side and one forward.
struct Runner {
    std::string kind;
    std::string architecture;
    int outSize = 0;
    std::function<Expected<void>()> forward;
};

template <typename Net, typename Out>
std::function<Expected<void>()> forwardOf(std::shared_ptr<Net> net, FloatTensor input) {
    return [net, input = std::move(input)]() -> Expected<void> {
        Expected<Out> out = net->forward(input);
        return out ? Expected<void>{} : tl::unexpected(out.error());
    };
}

// The kind is told by a name only that kind has; its create() then runs the architecture check,
// once, before building.
Expected<Runner> build(const StateDict& weights, const GpenBenchmarkParams& p, const std::string& source) {
    const Shape shape{p.batch, 3, p.syntheticSize, p.syntheticSize};
    Runner r;
    if (weights.contains("out_mask_conv.conv2d.weight")) {
        auto net = ParseNet::create(weights, source, {.device = p.load.device});
        if (!net) {
            return tl::unexpected(net.error());
        }
        const auto& arch = (*net)->architecture();
        r.kind = "parsenet";
        r.architecture = arch.describe();
        r.outSize = p.syntheticSize * arch.outSize / arch.inSize;
        r.forward = forwardOf<ParseNet, ParseNetOutputs>(std::shared_ptr<ParseNet>(std::move(*net)),
                                                         rampInput(shape, -1.0F, 1.0F));
        return r;
    }
    if (weights.contains("conv_first.weight")) {
        auto net = RrdbNet::create(weights, source, {.device = p.load.device});
        if (!net) {
            return tl::unexpected(net.error());
        }
        const auto& arch = (*net)->architecture();
        r.kind = "rrdbnet";
        r.architecture = arch.describe();
        r.outSize = p.syntheticSize * arch.scale;
        r.forward = forwardOf<RrdbNet, FloatTensor>(std::shared_ptr<RrdbNet>(std::move(*net)),
                                                    rampInput(shape, 0.0F, 1.0F));
        return r;
    }
    if (weights.contains("ClassHead.0.conv1x1.weight")) {
        auto net = RetinaFace::create(weights, source, {.device = p.load.device});
        if (!net) {
            return tl::unexpected(net.error());
        }
        r.kind = "retinaface";
        r.architecture = (*net)->architecture().describe();
        r.outSize = p.syntheticSize;
        // BGR 0..255 minus the means.
        r.forward = forwardOf<RetinaFace, RetinaFaceHeads>(std::shared_ptr<RetinaFace>(std::move(*net)),
                                                           rampInput(shape, -123.0F, 151.0F));
        return r;
    }
    return makeError(ErrorCode::InvalidArgument,
                     source + ": not a network bench knows (GPEN, ParseNet, RRDBNet or RetinaFace)");
}

}  // namespace

Expected<GpenBenchmarkResult> runNetworkBenchmark(GpenBenchmarkResult r, StateDict weights,
                                                  const GpenBenchmarkParams& params, double loadMs,
                                                  const std::function<void(const std::string&)>& progress) {
    r.loadMs = loadMs;
    const auto t0 = Clock::now();
    auto runner = build(weights, params, r.source);
    if (!runner) {
        return tl::unexpected(runner.error());
    }
    r.buildMs = msSince(t0);
    weights = StateDict();  // the network holds what it needs
    r.kind = runner->kind;
    r.architecture = runner->architecture;
    r.inSize = params.syntheticSize;
    r.outSize = runner->outSize;
    if (auto timing = timeForwards(r, params.runs, runner->forward, progress); !timing) {
        return tl::unexpected(timing.error());
    }
    return r;
}

}  // namespace gpen
