// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"
#include "gpen/io/checkpoint.h"
#include "gpen/io/state_dict.h"
#include "gpen/nn/runtime.h"

namespace gpen {

// The configuration of a GPEN generator (FullGenerator when inSize == outSize, FullGenerator_SR
// when outSize > inSize), as in the reference implementation.
struct GpenArchitecture {
    int inSize = 512;
    int outSize = 512;
    int channelMultiplier = 2;
    double narrow = 1.0;
    int styleDim = 512;
    int nMlp = 8;
    bool isConcat = true;

    bool isSuperResolution() const { return outSize > inSize; }
    std::string describe() const;  // "FullGenerator 512, channel_multiplier 2, narrow 1"
    friend bool operator==(const GpenArchitecture&, const GpenArchitecture&) = default;
};

// Every state-dict entry of that architecture, in the reference order, with its shape.
std::vector<TensorSpec> gpenStateDictSpec(const GpenArchitecture& arch);

// What a file must hold to be taken as a catalog entry: the entry's id (named in a refusal) and
// its architecture.
struct GpenExpectation {
    std::string id;  // "GPEN-BFR-512"
    GpenArchitecture architecture;
};

// The architecture check. Infers the architecture from the entries' names and shapes; refuses it
// when it is not `expected` (where given) before any tensor value is read; then checks the dict
// against gpenStateDictSpec (every shape, finite values), so a success means the dict fits
// exactly. GpenGenerator::create runs it once, before building anything.
Expected<GpenArchitecture> inferGpenArchitecture(
    const StateDict& dict, const std::string& source,
    const std::optional<GpenExpectation>& expected = std::nullopt);

// The buffers the network builds itself rather than learns (the blur kernels), by name. A
// checkpoint holds them too; they are checked for shape and then rebuilt, as the reference does.
StateDict gpenBuiltBuffers(const GpenArchitecture& arch);

// How the layers are computed. Both give the reference's numbers within the fixtures' tolerance.
enum class GpenKernels {
    Reference,  // exactly the reference's formulation: per-sample weights, conv_transpose2d
    Fast,       // modulated activations with constant weights, polyphase upsampling
};

struct GpenLoadParams {
    Device device;
    GpenKernels kernels = GpenKernels::Fast;
    // Bf16 (needs GpenKernels::Fast): bfloat16 activations and weights; styles, demodulation and
    // the RGB sum in float32.
    Precision precision = Precision::Fp32;
    // Seed of the noise fed to the layers above the input size (FullGenerator_SR only), which the
    // reference draws afresh on every call; a fixed seed keeps our results reproducible.
    std::uint64_t noiseSeed = 0;
    // The architecture the file must hold (a catalog entry's); empty: whatever it holds.
    std::optional<GpenExpectation> expected;
};

// A GPEN generator ready to run. Immutable after creation; forward() may be called from several
// threads at once.
class GpenGenerator {
  public:
    // Runs the architecture check (inferGpenArchitecture with params.expected), then builds: a
    // refused file builds nothing.
    static Expected<std::unique_ptr<GpenGenerator>> create(const StateDict& weights,
                                                           const std::string& source,
                                                           const GpenLoadParams& params = {});
    ~GpenGenerator();
    GpenGenerator(const GpenGenerator&) = delete;
    GpenGenerator& operator=(const GpenGenerator&) = delete;

    const GpenArchitecture& architecture() const;
    const Device& device() const;
    // What the fast kernels hold beyond one prepared copy of each entry: the Winograd kernels'
    // transformed weights, net of the weights they replace (bytes; 0 where they do not run).
    std::uint64_t extraKernelBytes() const;
    // The network's entries as built (names and shapes; the tensors are not kept), in the
    // reference's state-dict order, for checks against the keys list.
    std::vector<TensorInfo> entries() const;

    // input: [N, 3, inSize, inSize] RGB in [-1, 1]; output: [N, 3, outSize, outSize] RGB.
    // `stop` is looked at between layers; set, the call ends with ErrorCode::Cancelled.
    // On the CPU a batch runs in sub-batches of at most 512 x 512 input pixels (one 512 face):
    // bigger ones are no faster there and hold the activations of every face at once
    // (docs/MEASUREMENTS.md, "CPU sub-batches").
    Expected<FloatTensor> forward(const FloatTensor& input, std::stop_token stop = {}) const;

    struct Impl;

  private:
    explicit GpenGenerator(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace gpen

namespace gpen {
// Floating-point operations of one forward pass for one face (multiply-adds count two), from the
// architecture: the convolutions and linear layers, which are all but a few percent of the work.
double gpenForwardFlops(const GpenArchitecture& arch);
}  // namespace gpen
