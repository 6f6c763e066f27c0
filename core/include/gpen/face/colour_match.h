// SPDX-License-Identifier: Apache-2.0
#pragma once

// Optional tone matching of a restored face to the photo it goes back into. GPEN's prior makes
// faces of its training set: on a faded, tinted or dark print the restored face can come out
// brighter or more neutral than its surroundings. Matching the mean and spread of each Lab
// channel to the aligned input (Reinhard's colour transfer, weighted by the paste mask) keeps the
// restored detail and the original's tone.

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"

namespace gpen {

// `face` and `reference`: 8-bit BGR of one size; `weights`: float 0..1 of that size (the paste
// mask), or empty for the whole crop. Returns `face` with each Lab channel's weighted mean and
// standard deviation moved to the reference's.
Expected<cv::Mat> matchFaceTone(const cv::Mat& face, const cv::Mat& reference,
                                const cv::Mat& weights = {});

}  // namespace gpen
