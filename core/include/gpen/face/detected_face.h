// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>

#include <opencv2/core/types.hpp>

namespace gpen {

// Five facial points in image pixels (x right, y down), in the order of the reference's
// RetinaFace landmarks and of the alignment template: the eye on the image's left, the eye on
// the image's right, the nose tip, the mouth corner on the image's left, the one on the right.
// ("Left" is the viewer's left: for a frontal face it is the person's right eye.)
using FaceLandmarks = std::array<cv::Point2d, 5>;

enum class FaceLandmark { LeftEye = 0, RightEye = 1, Nose = 2, LeftMouth = 3, RightMouth = 4 };

// One face found by a detector, in the coordinates of the image it ran on.
struct DetectedFace {
    // Covers the pixels [x, x + width) x [y, y + height). The reference takes the box's short side
    // (min(width, height)) to decide whether a face is small enough to smooth before paste-back.
    cv::Rect2d box;
    // Detector specific: RetinaFace gives a probability in [0, 1]; dlib gives an SVM margin
    // (0 at its own threshold, typically up to about 3), so thresholds do not carry over.
    double score = 0;
    FaceLandmarks landmarks{};
};

}  // namespace gpen
