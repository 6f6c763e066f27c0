// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "gpen/base/expected.h"
#include "gpen/nn/gpen_generator.h"

namespace gpen {

struct GpenBenchmarkParams {
    std::filesystem::path
        model;                // a checkpoint; empty: synthesize `syntheticSize` by the fill rule
    int syntheticSize = 512;  // 256 (cm 1, narrow 0.5) or 512/1024/2048 (cm 2, narrow 1); for a
                              // model other than GPEN, the input size
    int runs = 5;
    int batch = 1;
    int threads = 0;  // 0: one per core
    GpenLoadParams load;
};

// A timing of one network. Despite the name, of any kind the catalog has (bench --model reads
// GPEN, ParseNet, RRDBNet and RetinaFace checkpoints); `arch` is set for GPEN only.
struct GpenBenchmarkResult {
    std::string source;
    std::string kind = "gpen";  // gpen, parsenet, rrdbnet, retinaface
    std::string architecture;   // the network's describe()
    int inSize = 0;             // input side in pixels
    int outSize = 0;            // output side (RetinaFace: the input's)
    GpenArchitecture arch;
    int threads = 0;
    int batch = 1;
    Precision precision = Precision::Fp32;
    double loadMs = 0;           // reading the checkpoint (or synthesizing it)
    double buildMs = 0;          // validating and building the network
    double coldForwardMs = 0;    // the very first forward: the warmup the lifecycle does at load
    double firstForwardMs = 0;   // the first forward after that warmup
    double medianForwardMs = 0;  // steady, per batch
    double minForwardMs = 0;
    double gflopPerFace = 0;  // per sample; 0 where not counted (networks other than GPEN)
    std::uint64_t peakRssBytes = 0;
    // Below precisions other than fp32: one forward of the same input against a float32 network.
    std::optional<double> psnrVsFp32Db;  // GPEN: of the 8-bit output; others: over the output range
    std::string psnrOf = "8-bit";        // "8-bit" or "output range"
    double maxRelDiffVsFp32 = 0;         // max |out - ref| / max(1, max |ref|)

    double medianPerFaceMs() const { return medianForwardMs / batch; }
    double facesPerSecond() const {
        return medianForwardMs > 0 ? 1000.0 * batch / medianForwardMs : 0;
    }
    double achievedGflops() const {
        return medianForwardMs > 0 ? gflopPerFace * batch / (medianForwardMs / 1000.0) : 0;
    }
    double firstToSteady() const {
        return medianForwardMs > 0 ? firstForwardMs / medianForwardMs : 0;
    }
    std::string toJson() const;
    std::string toText() const;
};

// Times load, build, cold and steady forwards of one network: GPEN (synthesized when `model` is
// empty), or the ParseNet, RRDBNet or RetinaFace checkpoint `model` at an input of syntheticSize
// pixels square (kernels apply to GPEN only; precision to every network). `progress` (may be empty)
// receives a line per finished run.
Expected<GpenBenchmarkResult> runGpenBenchmark(
    const GpenBenchmarkParams& params,
    const std::function<void(const std::string&)>& progress = {});

// Agreement of a network's output with the float32 network's, for any kind of output:
// max |out - ref| / max(1, max |ref|), and the PSNR in dB over ref's value range (max - min).
double maxRelativeDifference(const FloatTensor& out, const FloatTensor& ref);
double rangePsnrDb(const FloatTensor& out, const FloatTensor& ref);

// The reference's released configuration for a size (256: cm 1, narrow 0.5; others cm 2, narrow 1).
GpenArchitecture releasedGpenArchitecture(int size);

}  // namespace gpen
