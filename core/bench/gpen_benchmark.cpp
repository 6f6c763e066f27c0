// SPDX-License-Identifier: Apache-2.0
#include "gpen/bench/gpen_benchmark.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/network_benchmark.h"
#include "gpen/base/process_info.h"
#include "gpen/io/checkpoint.h"
#include "gpen/nn/runtime.h"
#include "gpen/nn/srvgg_net.h"
#include "gpen/nn/synthetic_weights.h"

namespace gpen {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::string fmt(double v, int decimals = 1) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// PSNR in dB of `out` against `ref`, both RGB in [-1, 1], as the 8-bit images they become.
double psnr8Bit(const FloatTensor& out, const FloatTensor& ref) {
    auto to8Bit = [](float v) { return std::round((std::clamp(v, -1.0F, 1.0F) + 1.0F) * 127.5F); };
    double squares = 0;
    for (std::size_t i = 0; i < out.data.size(); ++i) {
        const double d = to8Bit(out.data[i]) - to8Bit(ref.data[i]);
        squares += d * d;
    }
    const double mse = squares / static_cast<double>(std::max<std::size_t>(1, out.data.size()));
    return mse > 0 ? 10.0 * std::log10(255.0 * 255.0 / mse) : INFINITY;
}

}  // namespace

double maxRelativeDifference(const FloatTensor& out, const FloatTensor& ref) {
    double diff = 0;
    double scale = 1;
    for (std::size_t i = 0; i < out.data.size(); ++i) {
        diff = std::max(diff, static_cast<double>(std::fabs(out.data[i] - ref.data[i])));
        scale = std::max(scale, static_cast<double>(std::fabs(ref.data[i])));
    }
    return diff / scale;
}

double rangePsnrDb(const FloatTensor& out, const FloatTensor& ref) {
    if (ref.data.empty()) {
        return INFINITY;
    }
    const auto [lo, hi] = std::minmax_element(ref.data.begin(), ref.data.end());
    double squares = 0;
    for (std::size_t i = 0; i < out.data.size(); ++i) {
        const double d = static_cast<double>(out.data[i]) - ref.data[i];
        squares += d * d;
    }
    const double mse = squares / static_cast<double>(ref.data.size());
    const double peak = static_cast<double>(*hi) - *lo;
    return mse > 0 ? 10.0 * std::log10(peak * peak / mse) : INFINITY;
}

FloatTensor rampInput(const Shape& shape, float lo, float hi) {
    FloatTensor input(shape);
    for (std::size_t i = 0; i < input.data.size(); ++i) {
        input.data[i] = lo + (hi - lo) * static_cast<float>((i % 997) / 996.0);
    }
    return input;
}

Expected<void> timeForwards(GpenBenchmarkResult& r, int runs,
                            const std::function<Expected<void>()>& forward,
                            const std::function<void(const std::string&)>& progress) {
    auto timed = [&]() -> Expected<double> {
        const auto start = Clock::now();
        if (auto out = forward(); !out) {
            return tl::unexpected(out.error());
        }
        return msSince(start);
    };
    auto cold = timed();
    if (!cold) {
        return tl::unexpected(cold.error());
    }
    r.coldForwardMs = *cold;
    std::vector<double> times;
    for (int i = 0; i <= runs; ++i) {
        auto t = timed();
        if (!t) {
            return tl::unexpected(t.error());
        }
        if (i == 0) {
            r.firstForwardMs = *t;
        } else {
            times.push_back(*t);
        }
        if (progress) {
            progress("run " + std::to_string(i) + "/" + std::to_string(runs) + ": " + fmt(*t) +
                     " ms");
        }
    }
    if (times.empty()) {
        return makeError(ErrorCode::Internal, "bench: no timed runs");
    }
    std::sort(times.begin(), times.end());
    r.minForwardMs = times[0];
    r.medianForwardMs = times.size() % 2
                            ? times[times.size() / 2]
                            : 0.5 * (times[times.size() / 2 - 1] + times[times.size() / 2]);
    r.peakRssBytes = peakRssBytes();
    return {};
}

GpenArchitecture releasedGpenArchitecture(int size) {
    GpenArchitecture a;
    a.inSize = a.outSize = size;
    a.channelMultiplier = size == 256 ? 1 : 2;
    a.narrow = size == 256 ? 0.5 : 1.0;
    return a;
}

Expected<GpenBenchmarkResult> runGpenBenchmark(
    const GpenBenchmarkParams& params, const std::function<void(const std::string&)>& progress) {
    if (params.runs < 1 || params.batch < 1) {
        return makeError(ErrorCode::InvalidArgument,
                         "bench: --runs and --batch must be at least 1");
    }
    configureRuntime({.threads = params.threads});
    GpenBenchmarkResult r;
    r.threads = computeThreads();
    r.precision = params.load.precision;
    r.batch = params.batch;

    auto t0 = Clock::now();
    StateDict weights;
    if (params.model.empty()) {
        r.source = "synthetic GPEN-BFR-" + std::to_string(params.syntheticSize) + " (fill rule)";
        if (params.syntheticSize != 256 && params.syntheticSize != 512 &&
            params.syntheticSize != 1024 && params.syntheticSize != 2048) {
            return makeError(ErrorCode::InvalidArgument,
                             "bench: --size must be 256, 512, 1024 or 2048");
        }
        weights = fillRuleGpenWeights(releasedGpenArchitecture(params.syntheticSize));
    } else if (params.model.extension() == ".json") {
        // The identity descriptor, a TF.js graph model; it computes in float32 whatever was asked.
        r.source = params.model.filename().string();
        r.precision = Precision::Fp32;
        auto graph = readTfjsGraphModel(params.model);
        if (!graph) {
            return tl::unexpected(graph.error());
        }
        return runNetworkBenchmark(std::move(r), StateDict(), params, msSince(t0), progress, {},
                                   std::make_shared<const TfjsGraphModel>(std::move(*graph)));
    } else if (params.model.extension() == ".param") {
        // Real-ESRGAN as NCNN files: the compact network runs as itself, x4plus as our RRDBNet.
        r.source = params.model.filename().string();
        auto ncnn = readNcnnModel(params.model);
        if (!ncnn) {
            return tl::unexpected(ncnn.error());
        }
        if (!ncnn->ofType("PReLU").empty()) {
            return runNetworkBenchmark(std::move(r), StateDict(), params, msSince(t0), progress,
                                       std::make_shared<const NcnnModel>(std::move(*ncnn)));
        }
        auto dict = rrdbStateDictFromNcnn(*ncnn, r.source);
        if (!dict) {
            return tl::unexpected(dict.error());
        }
        return runNetworkBenchmark(std::move(r), std::move(*dict), params, msSince(t0), progress);
    } else {
        r.source = params.model.filename().string();
        auto ckpt = readCheckpoint(params.model);
        if (!ckpt) {
            return tl::unexpected(ckpt.error());
        }
        weights = std::move(ckpt->tensors);
        // Not a GPEN generator (its first names tell): another kind of network. create() below
        // runs the architecture check once, before building.
        if (!weights.contains("generator.style.1.weight")) {
            return runNetworkBenchmark(std::move(r), std::move(weights), params, msSince(t0),
                                       progress);
        }
    }
    r.loadMs = msSince(t0);

    t0 = Clock::now();
    auto net = GpenGenerator::create(weights, r.source, params.load);
    if (!net) {
        return tl::unexpected(net.error());
    }
    r.buildMs = msSince(t0);
    const bool compare = params.load.precision != Precision::Fp32;
    if (!compare) {
        weights = StateDict();  // the network holds what it needs
    }
    r.arch = (*net)->architecture();
    r.architecture = r.arch.describe();
    r.inSize = r.arch.inSize;
    r.outSize = r.arch.outSize;
    r.gflopPerFace = gpenForwardFlops(r.arch) / 1e9;

    const FloatTensor input =
        rampInput({params.batch, 3, r.arch.inSize, r.arch.inSize}, -1.0F, 1.0F);
    auto timing = timeForwards(
        r, params.runs,
        [&]() -> Expected<void> {
            auto out = (*net)->forward(input);
            return out ? Expected<void>{} : tl::unexpected(out.error());
        },
        progress);
    if (!timing) {
        return tl::unexpected(timing.error());
    }

    if (compare) {
        // After the timing, so that the float32 network does not disturb it.
        GpenLoadParams fp32 = params.load;
        fp32.precision = Precision::Fp32;
        auto reference = GpenGenerator::create(weights, r.source, fp32);
        if (!reference) {
            return tl::unexpected(reference.error());
        }
        auto ref = (*reference)->forward(input);
        auto out = (*net)->forward(input);
        if (!ref || !out) {
            return tl::unexpected(ref ? out.error() : ref.error());
        }
        r.psnrVsFp32Db = psnr8Bit(*out, *ref);
        r.maxRelDiffVsFp32 = maxRelativeDifference(*out, *ref);
    }
    return r;
}

std::string GpenBenchmarkResult::toJson() const {
    // Times to 0.01 ms, ratios to 0.001: more digits would be noise.
    const auto round = [](double v, int decimals) {
        const double scale = std::pow(10.0, decimals);
        return std::round(v * scale) / scale;
    };
    nlohmann::json j = {
        {"source", source},
        {"kind", kind},
        {"architecture", architecture},
        {"precision", precisionName(precision)},
        {"in_size", inSize},
        {"out_size", outSize},
        {"threads", threads},
        {"batch", batch},
        {"load_ms", round(loadMs, 2)},
        {"build_ms", round(buildMs, 2)},
        {"cold_forward_ms", round(coldForwardMs, 2)},
        {"first_forward_ms", round(firstForwardMs, 2)},
        {"median_forward_ms", round(medianForwardMs, 2)},
        {"min_forward_ms", round(minForwardMs, 2)},
        {"median_per_face_ms", round(medianPerFaceMs(), 2)},
        {"faces_per_s", round(facesPerSecond(), 3)},
        // Counted for GPEN only: elsewhere null, never a 0 that reads as a measurement.
        {"gflop_per_face",
         gflopPerFace > 0 ? nlohmann::json(round(gflopPerFace, 2)) : nlohmann::json()},
        {"achieved_gflops",
         gflopPerFace > 0 ? nlohmann::json(round(achievedGflops(), 2)) : nlohmann::json()},
        {"first_to_steady", round(firstToSteady(), 3)},
        {"peak_rss_mb", round(peakRssBytes / 1048576.0, 1)}};
    if (psnrVsFp32Db) {
        j[psnrOf == "8-bit" ? "psnr_8bit_vs_fp32_db" : "psnr_range_vs_fp32_db"] =
            round(*psnrVsFp32Db, 2);
        j["max_rel_diff_vs_fp32"] = round(maxRelDiffVsFp32, 6);
    }
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string GpenBenchmarkResult::toText() const {
    std::ostringstream s;
    s << source << ": " << architecture << ", input " << inSize << " px\n"
      << "  threads " << threads << ", batch " << batch << ", " << precisionName(precision) << "\n"
      << "  load " << fmt(loadMs) << " ms, build " << fmt(buildMs) << " ms, cold forward "
      << fmt(coldForwardMs) << " ms\n"
      << "  first forward after warmup " << fmt(firstForwardMs) << " ms ("
      << fmt(firstToSteady(), 2) << " x steady)\n"
      << "  steady forward: median " << fmt(medianForwardMs) << " ms, min " << fmt(minForwardMs)
      << " ms; " << fmt(medianPerFaceMs()) << " ms per face, " << fmt(facesPerSecond(), 2)
      << " faces/s\n"
      << (gflopPerFace > 0 ? "  " + fmt(gflopPerFace) + " GFLOP per face, " +
                                 fmt(achievedGflops()) + " GFLOP/s achieved\n"
                           : std::string("  GFLOP not counted for this network\n"))
      << "  peak RSS " << fmt(peakRssBytes / 1048576.0, 0) << " MB\n";
    if (psnrVsFp32Db) {
        s << "  against float32: PSNR (" << psnrOf << ") " << fmt(*psnrVsFp32Db, 1)
          << " dB, max relative difference " << fmt(maxRelDiffVsFp32, 5) << "\n";
    }
    return s.str();
}

}  // namespace gpen
