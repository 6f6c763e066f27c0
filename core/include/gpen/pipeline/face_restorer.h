#pragma once

#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"
#include "gpen/nn/gpen_generator.h"

namespace gpen {

// Runs GPEN on already aligned faces exactly as the reference wrapper (face_model/face_gan.py)
// does: resize to the model's input size (bilinear), /255, (x - 0.5) / 0.5, BGR -> RGB, forward,
// x * 0.5 + 0.5, RGB -> BGR, clip to [0, 1], * 255 and truncate (not round) to 8 bits.
// Input: 8-bit BGR (or gray, taken as BGR) faces of any size; output: 8-bit BGR faces of the
// model's output size. All faces go through the network as one batch; `cancel` is looked at
// between its layers (ErrorCode::Cancelled).
Expected<std::vector<cv::Mat>> restoreAlignedFaces(const GpenGenerator& generator,
                                                   const std::vector<cv::Mat>& facesBgr8,
                                                   const CancelToken* cancel = nullptr);

// Pre- and post-processing on their own (shared with the pipeline's batching and the benchmark).
FloatTensor facesToGpenInput(const std::vector<cv::Mat>& facesBgr8, int size);
std::vector<cv::Mat> gpenOutputToFaces(const FloatTensor& output);

}  // namespace gpen
