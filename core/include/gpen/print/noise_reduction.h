// SPDX-License-Identifier: Apache-2.0
#pragma once

// Scan noise and film grain measured and reduced on the whole print (OpenCV's non-local means on
// luminance and chrominance, chosen by measurement: docs/MEASUREMENTS.md, "Noise").

#include <opencv2/core/mat.hpp>

namespace gpen {

// The noise's standard deviation in levels (0..255) of an 8-bit BGR photo: Immerkær's estimate
// (the Laplacian-difference kernel's mean response) over the flattest half of a central crop, so
// that edges and texture are not taken for noise.
double estimateNoiseSigma(const cv::Mat& bgr8);

// Noise below this (levels) is left alone by --denoise auto: the clean shared photos measure 1-3.
inline constexpr double kAutoDenoiseFloor = 4.0;

// The photo with noise of about `sigma` levels reduced (sigma <= 0: returned as it is).
cv::Mat reduceNoise(const cv::Mat& bgr8, double sigma);

// A --denoise strength (0..1) as the noise level it is tuned for: 1 -> σ 25 levels.
inline double denoiseSigmaOf(double strength) {
    return 25.0 * strength;
}

}  // namespace gpen
