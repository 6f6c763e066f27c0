// SPDX-License-Identifier: Apache-2.0
#pragma once

// Finding damage for the user to edit (no trained scratch detector is reachable here, so a
// classical one that needs no weights), and making damage for people to try the repair on.

#include <cstdint>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"

namespace gpen {

struct DamageDetectParams {
    // 0..1: higher finds fainter and shorter scratches, and more that are not.
    double sensitivity = 0.5;
    // Which kinds to look for (all by default).
    bool painted = true, scratches = true, dust = true, cracks = true;
    // Where nothing is marked (the eyes and mouths of the faces found: catchlights and teeth are
    // small bright spots that are not dust), in the photo's coordinates.
    std::vector<cv::Rect> protect;
};

// A suggested damage mask (8-bit, 255 = damaged) of an 8-bit BGR photo: areas painted pure white
// (GPEN-Inpainting's convention); thin bright scratches: a white top-hat of the luma (bright
// detail narrower than a few pixels), kept where it forms long thin lines, not specks or the
// edges of thick bright regions (collars, white hair); dust: small, compact spots far brighter or
// darker than the ring around them; cracks and tears: long bright ridges up to about 16 pixels
// wide. Nothing is marked along the photo's border (a print's frame, the scanner bed's edge).
Expected<cv::Mat> detectDamage(const cv::Mat& bgr8, const DamageDetectParams& params = {});

enum class SimulatedDamage {
    PaintedStrokes,  // the reference demo's brush strokes: thick polylines painted pure white
    Scratches,       // thin bright scratches, 1-3 pixels wide, along gently bending lines
    Dust,            // specks 2-8 pixels across, scattered over the whole photo
    Cracks,          // long jagged cracks and tears, 6-14 pixels wide
};

// How the damage looks on a print: painted strokes pure white; scratches scraped to near white;
// dust dark or light specks; cracks the paper's light gray showing through, with its grain. Drawn
// into `bgr8` where `mask` is set, reproducibly for a seed.
void drawSimulatedDamage(cv::Mat& bgr8, const cv::Mat& mask, SimulatedDamage kind,
                         std::uint32_t seed);

// Damage drawn at random (reproducibly for a seed) as a mask of `size` (255 = damaged), scaled to
// the picture: what "Simulate damage" paints so that people can try the repair.
cv::Mat simulateDamage(cv::Size size, SimulatedDamage kind, std::uint32_t seed);

}  // namespace gpen
