// SPDX-License-Identifier: Apache-2.0
#pragma once

// Real-ESRGAN's SRVGGNetCompact (realesr-general-x4v3, what Upscayl ships as realesrgan-x4fast):
// a 3x3 conv and PReLU, `numConv` more of them at `numFeat` features, a last conv to
// 3 * scale^2 channels, a pixel shuffle, plus the input upsampled (nearest) as a skip. Built from
// an NCNN model (ncnn_model.h) whose layer sequence and shapes it checks first: a refused file
// builds nothing.

#include <memory>
#include <stop_token>
#include <string>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"
#include "gpen/io/ncnn_model.h"
#include "gpen/io/state_dict.h"
#include "gpen/nn/runtime.h"

namespace gpen {

struct SrvggArchitecture {
    int numFeat = 64;
    int numConv = 32;
    int scale = 4;
    std::string describe() const;  // "SRVGGNetCompact x4, 64 features, 32 convolutions"
    friend bool operator==(const SrvggArchitecture&, const SrvggArchitecture&) = default;
};

struct SrvggLoadParams {
    Device device;
    Precision precision = Precision::Fp32;  // input and output stay float32
};

class SrvggNet {
  public:
    static Expected<std::unique_ptr<SrvggNet>> fromNcnn(const NcnnModel& model,
                                                        const std::string& source,
                                                        const SrvggLoadParams& params = {});
    ~SrvggNet();
    SrvggNet(const SrvggNet&) = delete;
    SrvggNet& operator=(const SrvggNet&) = delete;

    const SrvggArchitecture& architecture() const;
    std::uint64_t weightBytes() const;
    // input: [N, 3, H, W] RGB in [0, 1]; output [N, 3, H * scale, W * scale], not clamped.
    // `stop` is looked at every eight convolutions.
    Expected<FloatTensor> forward(const FloatTensor& input, std::stop_token stop = {}) const;

    struct Impl;

  private:
    explicit SrvggNet(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

// Real-ESRGAN's RRDBNet x4 (realesrgan-x4plus) as an NCNN model: its 351 convolutions in the
// state-dict order of rrdbStateDictSpec, under those names, for RrdbNet::create. The layer
// sequence is checked (the count of each layer type, every convolution's shape).
Expected<StateDict> rrdbStateDictFromNcnn(const NcnnModel& model, const std::string& source);

}  // namespace gpen
