// SPDX-License-Identifier: Apache-2.0
#pragma once

// Damage filled anywhere on a photo with OpenCV's classical fills (no trained inpainting network
// is reachable here), tile by tile from each tile's own neighbourhood, so that a 12-MP scan
// costs what its damage costs, the tiles filled in parallel. Only the damage and a pixel around it
// change: every pixel farther than `grow` from the mask keeps its exact value.

#include <cstdint>
#include <stop_token>
#include <string_view>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"

namespace gpen {

enum class FillMethod {
    Auto,          // what measured best on every kind of damage: FSR (docs/MEASUREMENTS.md)
    Telea,         // cv::inpaint, INPAINT_TELEA: fast marching
    NavierStokes,  // cv::inpaint, INPAINT_NS
    FsrFast,       // cv::xphoto::inpaint, INPAINT_FSR_FAST: frequency-selective reconstruction
};

std::string_view fillMethodName(FillMethod method);

struct DamageRepairParams {
    FillMethod method = FillMethod::Auto;
    // The mask grown by this many pixels before filling: a scratch's soft edge is damage too.
    int grow = 1;
    // Refuse (ErrorCode::InvalidArgument) when the mask covers more than this share of the photo:
    // a fill over most of a print smears it. 1 accepts any mask.
    double maxShare = 1.0;
    std::stop_token stop;  // checked between tiles
};

struct DamageRepairStats {
    int regions = 0;          // connected damaged areas filled
    int specks = 0;           // of which dust and specks (no longer than kSpeckSize)
    std::int64_t pixels = 0;  // pixels filled (after growing)
    double share = 0;         // of the photo's pixels
};

// A region whose bounding box is at most this many pixels on its longer side is a speck (dust,
// lint, a pinhole); longer ones are scratches, cracks and tears (counted apart in the stats).
inline constexpr int kSpeckSize = 16;

// `bgr8`: an 8-bit BGR (or gray) photo; `mask`: 8-bit, one channel, its size, non-zero = damaged.
// Returns the photo with the damage filled. A cancelled repair returns ErrorCode::Cancelled.
Expected<cv::Mat> repairDamage(const cv::Mat& bgr8, const cv::Mat& mask,
                               const DamageRepairParams& params = {},
                               DamageRepairStats* stats = nullptr);

}  // namespace gpen
