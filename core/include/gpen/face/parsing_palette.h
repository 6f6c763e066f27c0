// SPDX-License-Identifier: Apache-2.0
#pragma once

// The face-parsing classes of CelebAMask-HQ (ParseNet's 19 outputs, in its order) and the colours
// their maps are drawn in: GPEN-Seg2face's input, and what a map editor shows. The one table.

#include <array>
#include <string_view>

#include <opencv2/core/mat.hpp>

namespace gpen {

struct ParsingClass {
    std::string_view name;  // "skin", "l_brow", ...
    cv::Vec3b rgb;          // its colour in a parsing map
};

// Index = class number (0 background ... 18 cloth).
const std::array<ParsingClass, 19>& parsingClasses();

struct SnappedParsingMap {
    cv::Mat bgr8;  // every pixel one of the classes' colours
    // Pixels whose colour was no class's (farther than the tolerance from every one): snapped
    // to the nearest all the same, and counted here (0..1) for a warning.
    double unknownShare = 0;
};

// A drawn parsing map (8-bit BGR) with each pixel set to the nearest class colour: scaling,
// antialiasing and JPEG leave in-between colours that Seg2face was never trained on.
SnappedParsingMap snapToParsingColours(const cv::Mat& bgr8, int tolerance = 16);

// Class numbers (8-bit, one channel) drawn in the classes' colours (8-bit BGR).
cv::Mat drawParsingMap(const cv::Mat& classes);

}  // namespace gpen
