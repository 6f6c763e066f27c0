// SPDX-License-Identifier: Apache-2.0
#pragma once

// The damage a user marks on a photo (white = damaged) and what inpainting does with it per face
// (the whole photo's damage is filled first: damage_repair.h):
// the mask warped into the face's crop, the crop painted white there (GPEN-Inpainting's input
// convention), and the paste mask that lets the repaired face in only where the damage was, so
// that pixels away from the mask stay exactly the photo's. Pure geometry: no network.

#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"
#include "gpen/face/face_alignment.h"

namespace gpen {

// A mask as the user gives it (8-bit, 1, 3 or 4 channels; any value over 127 in its first
// channel is damage) as 8-bit 0/255, one channel, `size` (nearest-neighbour when it differs:
// a mask drawn on the photo applies to its upscaled canvas too).
Expected<cv::Mat> normaliseDamageMask(const cv::Mat& mask, cv::Size size);

// The damage of `damage` (0/255, photo coordinates) inside the face's crop, 0/255.
cv::Mat damageInCrop(const cv::Mat& damage, const FaceAlignment& alignment);

// The crop with its damaged pixels pure white (255, 255, 255).
cv::Mat paintDamageWhite(const cv::Mat& cropBgr8, const cv::Mat& cropDamage);

// Where the repaired face replaces the crop: the damage grown by `grow` pixels of the crop (1
// there), fading out over twice as many again (CV_32FC1; exactly 0 beyond 3 x `grow`).
cv::Mat inpaintPasteMask(const cv::Mat& cropDamage, int grow);

}  // namespace gpen
