#pragma once

// Finding damage for the user to edit (no trained scratch detector is reachable here, so a
// classical one that needs no weights), and making damage for people to try the repair on.

#include <cstdint>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"

namespace gpen {

struct DamageDetectParams {
    // 0..1: higher finds fainter and shorter scratches, and more that are not.
    double sensitivity = 0.5;
};

// A suggested damage mask (8-bit, 255 = damaged) of an 8-bit BGR photo: areas painted pure white
// (GPEN-Inpainting's convention), and thin bright scratches: a white top-hat of the luma (bright
// detail narrower than a few pixels), kept where it forms long thin lines, not specks or the
// edges of thick bright regions (collars, white hair).
Expected<cv::Mat> detectDamage(const cv::Mat& bgr8, const DamageDetectParams& params = {});

enum class SimulatedDamage {
    PaintedStrokes,  // the reference demo's brush strokes: thick polylines painted pure white
    Scratches,       // thin bright scratches, 1-3 pixels wide, along gently bending lines
};

// Damage drawn at random (reproducibly for a seed) as a mask of `size` (255 = damaged), scaled to
// the picture: what "Simulate damage" paints so that people can try the repair.
cv::Mat simulateDamage(cv::Size size, SimulatedDamage kind, std::uint32_t seed);

}  // namespace gpen
