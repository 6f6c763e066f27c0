// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the print's damage repaired before anything else of a restore runs (the mask a
// person drew, or what the finder marks), so that the background pass, the detector and the faces
// all start from the repaired print.

#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"
#include "gpen/face/detected_face.h"
#include "gpen/pipeline/restore_pipeline.h"

namespace gpen::pipeline {

struct PrintRepair {
    cv::Mat image;  // the repaired photo (the input itself when nothing was filled)
    cv::Mat mask;   // what was filled, 0/255 at the photo's size; empty when nothing
    DamageRepairSummary summary;
    std::vector<std::string> notes;
};

// `faces`: the photo's faces when already detected, whose eyes and mouths the finder leaves
// alone (catchlights and teeth are not dust). A mask with `params.findDamage` adds what is found.
Expected<PrintRepair> repairPrint(const cv::Mat& bgr8, const RestoreParams& params,
                                  const std::vector<DetectedFace>& faces);

}  // namespace gpen::pipeline
