// SPDX-License-Identifier: Apache-2.0
#pragma once

// A face-recognition descriptor network built from a TF.js graph model (tfjs_graph_model.h):
// HSE's MobileNet face descriptor (faceres), which the identity score runs. The graph from its
// input to the named output must be a chain of the ops a MobileNet is made of -- Conv2D and
// DepthwiseConv2dNative (NHWC, SAME or VALID padding; TF's SAME pads the extra row and column at
// the bottom and right), Mul and Add by a constant (folded batch norm, folded into the
// convolution here), Relu, Minimum and Maximum by a constant (ReLU6), and Mean over the spatial
// axes. Anything else is refused, naming the node; a refused graph builds nothing.

#include <memory>
#include <stop_token>
#include <string>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"
#include "gpen/io/tfjs_graph_model.h"
#include "gpen/nn/runtime.h"

namespace gpen {

class FaceDescriptorNet {
  public:
    // `output`: the node whose value is the descriptor ("global_pooling/Mean" for faceres).
    static Expected<std::unique_ptr<FaceDescriptorNet>> fromTfjs(const TfjsGraphModel& model,
                                                                 const std::string& output,
                                                                 const std::string& source,
                                                                 const Device& device = {});
    ~FaceDescriptorNet();
    FaceDescriptorNet(const FaceDescriptorNet&) = delete;
    FaceDescriptorNet& operator=(const FaceDescriptorNet&) = delete;

    int inputSize() const;       // the square input the graph's placeholder declares (224)
    int descriptorSize() const;  // the output's length (1024)
    std::uint64_t weightBytes() const;
    std::string describe() const;  // "MobileNet descriptor: 27 convolutions, 224 px in, 1024 out"
    // input: [N, 3, S, S] RGB in 0..255 (S = inputSize()); output [N, descriptorSize()], as the
    // graph computes it (not normalised).
    Expected<FloatTensor> forward(const FloatTensor& input, std::stop_token stop = {}) const;

    struct Impl;

  private:
    explicit FaceDescriptorNet(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace gpen
