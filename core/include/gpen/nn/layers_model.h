#pragma once

// A TensorFlow.js "layers-model" (model.json: a Keras functional graph, plus its float32 weight
// shards) rebuilt in libtorch. Only the layer types the embedded upscaler (@upscalerjs/esrgan-slim
// and -medium) uses are supported: InputLayer, Conv2D (stride 1, 'same' or 'valid', linear or
// relu), Activation (linear, relu), Concatenate (channel axis), Add, UpSampling2D ('nearest').
// Any other layer or option is an error that names the file, the layer and what is unsupported.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"
#include "gpen/nn/runtime.h"

namespace gpen {

struct LayersModelLoadParams {
    Device device;
    Precision precision = Precision::Fp32;  // input and output stay float32
};

// Immutable after load; forward() may be called from several threads at once.
class LayersModel {
  public:
    // Reads model.json and the weight files its manifest names (beside it).
    static Expected<std::unique_ptr<LayersModel>> load(const std::filesystem::path& modelJson,
                                                       const LayersModelLoadParams& params = {});
    ~LayersModel();
    LayersModel(const LayersModel&) = delete;
    LayersModel& operator=(const LayersModel&) = delete;

    // Output size / input size: the product of the UpSampling2D factors (equal in H and W).
    int scale() const;
    int inputChannels() const;
    std::uint64_t weightBytes() const;
    std::string describe() const;  // "layers-model 'rdn', 28 layers, 1.2M parameters, x2"

    // input: [N, C, H, W] in the model's own value range (NCHW; the graph's NHWC is internal);
    // output: [N, C', H * scale, W * scale], not clamped.
    Expected<FloatTensor> forward(const FloatTensor& input) const;

    struct Impl;

  private:
    explicit LayersModel(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace gpen
