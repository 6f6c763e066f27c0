// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the pieces runGpenBenchmark shares with the benchmark of the other networks.

#include <functional>
#include <memory>
#include <string>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"
#include "gpen/bench/gpen_benchmark.h"
#include "gpen/io/ncnn_model.h"
#include "gpen/io/state_dict.h"
#include "gpen/io/tfjs_graph_model.h"

namespace gpen {

// A smooth ramp over [lo, hi] (zeros would let some kernels shortcut).
FloatTensor rampInput(const Shape& shape, float lo, float hi);

// One cold forward, one first-after-warmup, then `runs` timed ones: fills the forward times and
// the peak RSS of `r`.
Expected<void> timeForwards(GpenBenchmarkResult& r, int runs,
                            const std::function<Expected<void>()>& forward,
                            const std::function<void(const std::string&)>& progress);

// Builds and times the ParseNet, RRDBNet or RetinaFace in `weights` (read in loadMs) at an input
// of params.syntheticSize square; an error naming r.source when they are none of these. The
// weights are dropped once built, as runGpenBenchmark does. `ncnn` set: the SRVGGNetCompact in it
// instead (weights empty); `tfjs` set: the face descriptor in it, at its own input size (224).
Expected<GpenBenchmarkResult> runNetworkBenchmark(
    GpenBenchmarkResult r, StateDict weights, const GpenBenchmarkParams& params, double loadMs,
    const std::function<void(const std::string&)>& progress,
    std::shared_ptr<const NcnnModel> ncnn = {}, std::shared_ptr<const TfjsGraphModel> tfjs = {});

}  // namespace gpen
