// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"
#include "gpen/io/checkpoint.h"
#include "gpen/io/state_dict.h"
#include "gpen/nn/reference_tiling.h"
#include "gpen/nn/runtime.h"

namespace gpen {

// The configuration of BasicSR's RRDBNet (the ESRGAN generator that Real-ESRGAN and the
// realesrnet_x1/x2/x4 background upsamplers use).
struct RrdbArchitecture {
    int scale = 4;  // output size / input size: 1, 2 or 4
    int numFeat = 64;
    int numBlock = 23;
    int numGrowCh = 32;
    int numInCh = 3;
    int numOutCh = 3;

    // The input is pixel-unshuffled by this factor before conv_first: 4 for scale 1, 2 for
    // scale 2, 1 (no unshuffle) for scale 4. The body always upsamples by 4.
    int unshuffleFactor() const { return scale > 0 ? 4 / scale : 0; }
    std::string describe() const;  // "RRDBNet x2, 32 features, 23 blocks, growth 32"
    friend bool operator==(const RrdbArchitecture&, const RrdbArchitecture&) = default;
};

// Every state-dict entry of that architecture, in the reference order, with its shape.
std::vector<TensorSpec> rrdbStateDictSpec(const RrdbArchitecture& arch);

// The architecture check. Infers scale, features, blocks and growth from the entries' names and
// shapes (the input channels are taken equal to the output channels, as in every released model);
// refuses a scale other than `expectedScale` (0: any) before any tensor value is read; then
// validates the dict against rrdbStateDictSpec (every shape, finite values).
Expected<RrdbArchitecture> inferRrdbArchitecture(const StateDict& dict, const std::string& source,
                                                 int expectedScale = 0);

enum class RrdbKernels {
    Fast,    // float32 on an AVX2 CPU: the 3x3 convolutions by our Winograd kernels, NCHW
    Direct,  // oneDNN's direct convolutions everywhere (channels-last on the CPU)
};

struct RrdbLoadParams {
    Device device;
    RrdbKernels kernels = RrdbKernels::Fast;
    int expectedScale = 0;  // the scale the file must have (realesrnet_x2: 2); 0: any
    Precision precision = Precision::Fp32;  // input and output stay float32
};

// An RRDBNet ready to run. Immutable after creation; forward() may be called from several threads.
class RrdbNet {
  public:
    // Runs the architecture check (inferRrdbArchitecture with params.expectedScale), then builds:
    // a refused file builds nothing.
    static Expected<std::unique_ptr<RrdbNet>> create(const StateDict& weights,
                                                     const std::string& source,
                                                     const RrdbLoadParams& params = {});
    ~RrdbNet();
    RrdbNet(const RrdbNet&) = delete;
    RrdbNet& operator=(const RrdbNet&) = delete;

    const RrdbArchitecture& architecture() const;
    const Device& device() const;
    // The network's entries as loaded (names and shapes; the tensors are not kept as loaded),
    // in the reference order.
    std::vector<TensorInfo> entries() const;
    // The bytes of what the network holds for its weights (the Winograd kernels' transformed
    // copies where they run), for the model cache's accounting.
    std::uint64_t weightBytes() const;

    // input: [N, numInCh, H, W] RGB in [0, 1]; output: [N, numOutCh, H * scale, W * scale], not
    // clamped. When H or W is not a multiple of unshuffleFactor(), the input is padded at the
    // bottom and right by reflection up to the next multiple and the output cropped back, as
    // Real-ESRGAN's RealESRGANer does (its "mod pad"; replication where an edge is too short to
    // reflect, where the reference fails).
    // `stop` is looked at between the residual blocks; set, the call ends with
    // ErrorCode::Cancelled.
    Expected<FloatTensor> forward(const FloatTensor& input, std::stop_token stop = {}) const;

    // Called before each tile with its index and the tile count; an error returned (Cancelled)
    // stops the tiling and is passed on.
    using TileCallback = std::function<Expected<void>(std::size_t index, std::size_t count)>;

    // RealESRGANer's tile_process: the mod pad applied to the whole image first, then the
    // reference tiling (referenceTileProcess), then the crop. tiling.tileSize 0 is forward().
    Expected<FloatTensor> forwardTiled(const FloatTensor& input, const ReferenceTiling& tiling,
                                       const TileCallback& beforeTile = {}) const;

    struct Impl;

  private:
    explicit RrdbNet(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace gpen
