// SPDX-License-Identifier: Apache-2.0
#pragma once

// A halftone print's dot screen (a photo cut from a newspaper, a magazine, a printed book) found
// in the spectrum and removed.

#include <optional>

#include <opencv2/core/mat.hpp>

namespace gpen {

struct HalftoneScreen {
    double period = 0;      // the screen's dot spacing in pixels
    double prominence = 0;  // its peak over the spectrum around it (a ratio; 8 or more is a screen)
};

// The screen of an 8-bit BGR photo when its spectrum (of a central crop, windowed) has an isolated
// peak at a period of 2.5 to 24 pixels standing well above the spectrum around it; nothing for a
// continuous-tone photo.
std::optional<HalftoneScreen> findHalftoneScreen(const cv::Mat& bgr8);

// The photo with everything at and above the screen's frequency taken out (a low-pass whose
// response at the screen's frequency is 5 %): the dots gone, the picture they drew kept.
cv::Mat removeHalftoneScreen(const cv::Mat& bgr8, const HalftoneScreen& screen);

}  // namespace gpen
