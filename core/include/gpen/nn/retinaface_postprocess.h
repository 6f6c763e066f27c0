// SPDX-License-Identifier: Apache-2.0
#pragma once

// RetinaFace's prior boxes, decoding and detection selection (Pytorch_Retinaface's PriorBox,
// decode, decode_landm, py_cpu_nms and the detect loop that GPEN's RetinaFaceDetection runs).
// Pure functions without torch: safe from any thread.

#include <array>
#include <cstddef>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"

namespace gpen {

struct PriorBoxConfig {
    std::vector<std::vector<int>> minSizes{{16, 32}, {64, 128}, {256, 512}};
    std::vector<int> steps{8, 16, 32};
    bool clip = false;
};

// PriorBox(cfg, image_size=(height, width)).forward(): [P, 4] rows (cx, cy, w, h) in [0, 1] image
// units, level by level, each row-major over its ceil(size / step) cells, min sizes innermost.
FloatTensor retinaFacePriors(int height, int width, const PriorBoxConfig& config = {});

struct BoxVariances {
    float center = 0.1F;
    float size = 0.2F;
};

// decode(): loc [P, 4] or [1, P, 4] to boxes [P, 4] (x1, y1, x2, y2) in [0, 1] image units.
Expected<FloatTensor> decodeRetinaFaceBoxes(const FloatTensor& loc, const FloatTensor& priors,
                                            const BoxVariances& variances = {});
// decode_landm(): landms [P, 10] or [1, P, 10] to 5 points [P, 10] (x, y pairs) in [0, 1] units.
Expected<FloatTensor> decodeRetinaFaceLandmarks(const FloatTensor& landms,
                                                const FloatTensor& priors,
                                                const BoxVariances& variances = {});

// py_cpu_nms: indices kept, best score first; boxes are (x1, y1, x2, y2) in pixels, with the
// reference's "+1" pixel convention for widths and areas; a box is dropped when its IoU with a
// kept one exceeds iouThreshold. Equal scores keep the lower index first.
std::vector<std::size_t> nonMaximumSuppression(const std::vector<std::array<float, 4>>& boxes,
                                               const std::vector<float>& scores,
                                               float iouThreshold);

struct DetectionParams {
    float scoreThreshold = 0.9F;  // kept when score > threshold
    std::size_t topK = 5000;      // best candidates kept before NMS
    float nmsThreshold = 0.4F;
    std::size_t keepTopK = 750;  // best detections kept after NMS
};

struct FaceDetection {
    std::array<float, 4> box{};  // x1, y1, x2, y2 in pixels
    float score = 0;
    std::array<float, 10> landmarks{};  // 5 (x, y) points in pixels, in the reference's order
};

// The detect loop after the network: boxes and landmarks decoded in [0, 1] units ([P, 4], [P, 10]),
// conf [P, 2] or [1, P, 2] (face score in column 1), scaled to pixels of a width x height image,
// thresholded, top-k, NMS, keep-top-k. Detections best first.
Expected<std::vector<FaceDetection>> selectFaceDetections(const FloatTensor& boxes,
                                                          const FloatTensor& landmarks,
                                                          const FloatTensor& conf, int width,
                                                          int height,
                                                          const DetectionParams& params = {});

}  // namespace gpen
