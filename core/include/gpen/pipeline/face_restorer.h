// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <stop_token>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"
#include "gpen/engine/face_task.h"
#include "gpen/nn/gpen_generator.h"

namespace gpen {

// Runs GPEN on already aligned faces exactly as the reference wrapper (face_model/face_gan.py)
// does: resize to the model's input size (bilinear), /255, (x - 0.5) / 0.5, BGR -> RGB, forward,
// x * 0.5 + 0.5, RGB -> BGR, clip to [0, 1], * 255 and truncate (not round) to 8 bits.
// Input: 8-bit BGR (or gray, taken as BGR) faces of any size; output: 8-bit BGR faces of the
// model's output size. All faces go through the network as one batch; `stop` is looked at
// between its layers (ErrorCode::Cancelled).
Expected<std::vector<cv::Mat>> restoreAlignedFaces(const GpenGenerator& generator,
                                                   const std::vector<cv::Mat>& facesBgr8,
                                                   std::stop_token stop = {});

// Any head on aligned faces, as the reference wrappers (face_colorization.py, face_inpainting.py,
// segmentation2face.py over FaceGAN) do; the output is at the model's output size except where
// colorizing says otherwise:
//   Restore, Inpaint  as restoreAlignedFaces (an inpainting input has its damage painted white)
//   Colorize          the face made gray (three equal channels) first; when its size is not the
//                     network's, or `keepLuma`, the output is resized to the face's size and its
//                     luma (OpenCV YUV) replaced by the input's, so that the network adds colour
//                     only
//   Seg2face          a parsing map in; no [-1, 1] normalisation (input / 255, output clipped to
//                     [0, 1] x 255)
Expected<std::vector<cv::Mat>> runFaceTask(const GpenGenerator& generator, FaceTask task,
                                           const std::vector<cv::Mat>& facesBgr8,
                                           std::stop_token stop = {}, bool keepLuma = false);

// Pre- and post-processing on their own (shared with the pipeline's batching and the benchmark).
// `normalised`: [-1, 1] as every head but Seg2face; else [0, 1].
FloatTensor facesToGpenInput(const std::vector<cv::Mat>& facesBgr8, int size,
                             bool normalised = true);
std::vector<cv::Mat> gpenOutputToFaces(const FloatTensor& output, bool normalised = true);

}  // namespace gpen
