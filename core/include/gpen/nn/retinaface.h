// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"
#include "gpen/io/checkpoint.h"
#include "gpen/io/state_dict.h"
#include "gpen/nn/runtime.h"

namespace gpen {

// The configuration of RetinaFace with a ResNet-50 body (Pytorch_Retinaface's cfg_re50, the
// RetinaFace-R50.pth that GPEN uses): torchvision resnet50 layers under body.*, returning layer2,
// layer3 and layer4 to an FPN of outChannel channels, one SSH per level, and class, box and
// landmark heads with anchorsPerCell anchors.
struct RetinaFaceArchitecture {
    int outChannel = 256;
    int anchorsPerCell = 2;

    // Slope of the FPN's and SSH's leaky ReLUs, as the reference: 0.1 when outChannel <= 64, else
    // 0.
    double leakySlope() const { return outChannel <= 64 ? 0.1 : 0.0; }
    std::string describe() const;  // "RetinaFace ResNet-50, 256 channels, 2 anchors"
    friend bool operator==(const RetinaFaceArchitecture&, const RetinaFaceArchitecture&) = default;
};

// Every state-dict entry in the reference order, num_batches_tracked ([] int64) included.
std::vector<TensorSpec> retinaFaceStateDictSpec(const RetinaFaceArchitecture& arch);

// Infers the architecture and validates the dict against the spec. num_batches_tracked entries are
// not used and not required.
Expected<RetinaFaceArchitecture> inferRetinaFaceArchitecture(const StateDict& dict,
                                                             const std::string& source);

struct RetinaFaceLoadParams {
    Device device;
    // Merge each eval-mode batch norm into its convolution at load (faster, same results within
    // the fixtures' tolerance); false runs the batch norms as the reference does.
    bool foldBatchNorm = true;
    // Bf16 needs foldBatchNorm; the heads' outputs stay float32.
    Precision precision = Precision::Fp32;
};

// The raw outputs for a batch, P priors per image (see retinaFacePriors for their order).
struct RetinaFaceHeads {
    FloatTensor loc;     // [N, P, 4] box regressions
    FloatTensor conf;    // [N, P, 2] softmax of (background, face)
    FloatTensor landms;  // [N, P, 10] landmark regressions
};

// A RetinaFace ready to run. Immutable after creation; forward() may be called from several
// threads.
class RetinaFace {
  public:
    static Expected<std::unique_ptr<RetinaFace>> create(const StateDict& weights,
                                                        const std::string& source,
                                                        const RetinaFaceLoadParams& params = {});
    ~RetinaFace();
    RetinaFace(const RetinaFace&) = delete;
    RetinaFace& operator=(const RetinaFace&) = delete;

    const RetinaFaceArchitecture& architecture() const;
    const Device& device() const;

    // input: [N, 3, H, W] BGR in 0..255 minus the means (104, 117, 123), any H, W >= 1. The
    // outputs hold retinaFacePriors(H, W).shape[0] rows per image.
    Expected<RetinaFaceHeads> forward(const FloatTensor& input) const;

    struct Impl;

  private:
    explicit RetinaFace(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace gpen
