// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <utility>

#include <opencv2/core/mat.hpp>
#include <opencv2/core/types.hpp>

#include "gpen/base/expected.h"
#include "gpen/face/face_alignment.h"

namespace gpen {

// Putting restored faces back into the photograph, as the reference's face_enhancement.py does
// per face: smooth small faces, blend with the aligned input by strength, warp face and mask back
// with the inverse alignment (bicubic, black outside), keep per pixel the face with the larger
// mask, and finally blend the collected faces over the image with the collected mask.

// Faces whose detection box is under this many pixels on its short side get smoothed.
constexpr double kSmallFaceSide = 100;

// min(box.width, box.height) < threshold (the reference: min(fh, fw) < 100).
bool isSmallFace(const cv::Rect2d& box, double threshold = kSmallFaceSide);

// The reference's 3x3 smoothing of small faces: cv::filter2D with [1,2,1] x [1,2,1] / 16, same
// depth (8-bit results rounded and saturated), default border (BORDER_REFLECT_101). Restored
// faces of small detections are sharper than their surroundings; this takes the edge off.
Expected<cv::Mat> smoothSmallFace(const cv::Mat& face);

// cv::addWeighted(restored, strength, aligned, 1 - strength, 0): strength 1 is the restored face,
// 0 the aligned input. Same channel count and depth required; an aligned input of another size is
// first resized (bilinear) to the restored face's (the reference assumes equal sizes).
Expected<cv::Mat> blendStrength(const cv::Mat& restored, const cv::Mat& aligned, double strength);

// cv::warpAffine(crop, out, toImage, canvas, INTER_CUBIC, BORDER_CONSTANT 0) computed only inside
// `box`, the part of the canvas the warped crop can reach (set here; empty when none): the
// returned image is box-sized and equals the full warp's pixels there, which are 0 elsewhere.
cv::Mat warpToCanvasBox(const cv::Mat& crop, const cv::Matx23d& toImage, cv::Size canvas,
                        cv::Rect& box);

// Collects restored faces on a canvas the size of the output image, then blends them over it.
// Not thread-safe; one per image.
class PasteBack {
  public:
    // canvasSize: the image the faces go back into (the background-upscaled image, where used).
    // channels: 1 or 3, that of the faces and of the image.
    static Expected<PasteBack> create(cv::Size canvasSize, int channels = 3);

    // Adds one face. face: 8-bit restored face (after smoothing and strength), any square size:
    // resized (bilinear) to alignment.cropSize first, as the reference resizes out_size faces to
    // in_size. mask: CV_32FC1 paste mask; resized (bilinear) to cropSize if it differs. Both are
    // warped with alignment.toImage, bicubic, constant 0 border. Every canvas pixel where the
    // warped mask exceeds the mask collected so far takes this face and its mask value, so
    // overlapping faces never add up: the one more inside its own mask wins (ties keep the
    // earlier face).
    Expected<void> addFace(const cv::Mat& face, const cv::Mat& mask,
                           const FaceAlignment& alignment);

    // background * (1 - mask) + faces * mask per channel in float32, then rounded (half to even)
    // and saturated to 8 bits (cv2.convertScaleAbs). Where the collected mask is 0 the output is
    // the background exactly. background: 8-bit, the canvas size and channel count.
    Expected<cv::Mat> compose(const cv::Mat& background) const;

    // What has been collected: the faces (8-bit, 0 where none) and the mask (CV_32FC1, 0 where
    // none).
    const cv::Mat& faces() const { return m_faces; }
    const cv::Mat& mask() const { return m_mask; }
    int faceCount() const { return m_faceCount; }

  private:
    PasteBack(cv::Mat faces, cv::Mat mask) : m_faces(std::move(faces)), m_mask(std::move(mask)) {}

    cv::Mat m_faces;
    cv::Mat m_mask;
    int m_faceCount = 0;
};

}  // namespace gpen
