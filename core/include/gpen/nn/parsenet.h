// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"
#include "gpen/io/checkpoint.h"
#include "gpen/io/state_dict.h"
#include "gpen/nn/runtime.h"

namespace gpen {

// The configuration of the GPEN / GFPGAN face parser ParseNet (face_parse/parse_model.py, from
// PSFRGAN): an encoder of one ConvLayer and downSteps() downsampling ResidualBlocks, resDepth
// residual blocks, upSteps() upsampling ResidualBlocks, and 3x3 heads for the parsing logits and
// an auxiliary image. Batch norm, LeakyReLU 0.2, reflection padding. Defaults: ParseNet-latest.
struct ParseNetArchitecture {
    int inSize = 512;
    int outSize = 512;
    int minFeatSize = 32;
    int baseCh = 64;
    int parsingCh = 19;
    int resDepth = 10;
    int minCh = 32;  // ch_range
    int maxCh = 256;

    int downSteps() const;  // log2(inSize / min(inSize, minFeatSize))
    int upSteps() const;    // log2(outSize / min(inSize, minFeatSize))
    int clip(int channels) const {
        return channels < minCh ? minCh : (channels > maxCh ? maxCh : channels);
    }
    std::string describe() const;  // "ParseNet 512, 64 base channels, 19 classes, channels 32..256"
    friend bool operator==(const ParseNetArchitecture&, const ParseNetArchitecture&) = default;
};

// Every state-dict entry in the reference order, num_batches_tracked ([] int64) included.
std::vector<TensorSpec> parseNetStateDictSpec(const ParseNetArchitecture& arch);

// Infers the architecture (sizes as multiples of min feature size 32, which the weights do not
// record) and validates the dict against the spec; num_batches_tracked entries are not required.
Expected<ParseNetArchitecture> inferParseNetArchitecture(const StateDict& dict,
                                                         const std::string& source);

enum class ParseNetKernels {
    Reference,  // the reference's operations: batch norm after each conv, upsample then conv
    Fast,  // batch norm folded into the convs; each nearest-upsample + 3x3 conv computed as four
           // 2x2 convs on the small grid (2.25x fewer multiply-adds), shortcut and conv1 merged
};

struct ParseNetLoadParams {
    Device device;
    ParseNetKernels kernels = ParseNetKernels::Fast;
    Precision precision = Precision::Fp32;  // Bf16 needs the fast kernels; outputs stay float32
};

struct ParseNetOutputs {
    FloatTensor maskLogits;  // [N, parsingCh, H', W'] parsing logits (out_mask)
    FloatTensor image;       // [N, 3, H', W'] the auxiliary restored image (out_img)
};

// A ParseNet ready to run. Immutable after creation; forward() may be called from several threads.
class ParseNet {
  public:
    static Expected<std::unique_ptr<ParseNet>> create(const StateDict& weights,
                                                      const std::string& source,
                                                      const ParseNetLoadParams& params = {});
    ~ParseNet();
    ParseNet(const ParseNet&) = delete;
    ParseNet& operator=(const ParseNet&) = delete;

    const ParseNetArchitecture& architecture() const;
    const Device& device() const;
    // The bytes of what the network holds for its weights (the fast kernels' folded and
    // transformed copies included), for the model cache's accounting.
    std::uint64_t weightBytes() const;

    // input: [N, 3, H, W] RGB in [-1, 1] (the reference feeds 512 x 512 faces), H and W multiples
    // of 2^downSteps() with at least 2 pixels left at the coarsest level; outputs are H *
    // 2^(up-down). On the CPU a batch runs in sub-batches of at most 512 x 512 input pixels.
    Expected<ParseNetOutputs> forward(const FloatTensor& input) const;

    struct Impl;

  private:
    explicit ParseNet(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

// Value of each parsing class in the paste mask, by class index (MODELS.md): every class 255
// except background (0), hat (14) and cloth (18).
inline constexpr std::array<std::uint8_t, 19> kPasteMaskClassValues = {
    0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 255, 255, 255, 0};

// The default of the reference's FaceParse.process (face_parse/face_parsing.py, mask_map): only
// the face classes 1..12 are 255; hair, hat, earring, necklace, neck and cloth are 0.
inline constexpr std::array<std::uint8_t, 19> kGpenFaceParseClassValues = {
    0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0};

// One 8-bit mask, row-major.
struct ParseMask {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> values;
};

// tenor2mask: per pixel the arg max over the classes of `logits` ([N, C, H, W] or [C, H, W]; the
// first maximum on ties, as torch.argmax), mapped through classValues (C entries). One mask per
// image.
Expected<std::vector<ParseMask>> parseLogitsToMask(const FloatTensor& logits,
                                                   const std::vector<std::uint8_t>& classValues);

inline Expected<std::vector<ParseMask>> parseLogitsToPasteMask(const FloatTensor& logits) {
    return parseLogitsToMask(logits, {kPasteMaskClassValues.begin(), kPasteMaskClassValues.end()});
}

}  // namespace gpen
