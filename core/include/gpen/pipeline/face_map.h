// SPDX-License-Identifier: Apache-2.0
#pragma once

// Drawing a face from a parsing map (GPEN-Seg2face) for an editor: the map to start from is
// ParseNet's map of a face of the user's photo; the user repaints its classes; Seg2face draws the
// face the edited map describes. Both halves run on the models of the cache, as a restore does.

#include <optional>
#include <stop_token>
#include <string>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"
#include "gpen/nn/gpen_generator.h"

namespace gpen {

class ModelCache;

// The parser whose classes a map is drawn in.
inline constexpr const char* kFaceParserModel = "ParseNet-latest";
// Seg2face's size: a photo's face is aligned at it, so that map and face share one frame.
inline constexpr int kFaceMapSize = 512;

struct PhotoFaceMap {
    cv::Mat aligned;    // the photo's face, aligned at kFaceMapSize (8-bit BGR)
    cv::Mat map;        // ParseNet's classes of it in the CelebAMask-HQ colours (8-bit BGR)
    cv::Rect2d box;     // the face's box in the photo
    int faceCount = 0;  // how many faces the photo has
    std::string detector;
};

// One face of `photoBgr8`: the face `detector` (as RestoreParams::detector: "auto", "dlib", ...)
// finds whose box overlaps `near` the most (none given or none overlapping: the largest), aligned
// as for restoration, and its parsing map. Errors: no face found, a model not installed or
// failing to load.
Expected<PhotoFaceMap> parsingMapOfPhotoFace(ModelCache& cache, const cv::Mat& photoBgr8,
                                             std::optional<cv::Rect2d> near = std::nullopt,
                                             const std::string& detector = "auto",
                                             std::stop_token stop = {});

struct FaceFromMap {
    cv::Mat face;             // 8-bit BGR at the model's output size
    double unknownShare = 0;  // the map's pixels that were no class colour (snapped: see below)
    std::string model;        // the cache's model that drew it (empty from a generator given)
};

// The face `generator` (a Seg2face checkpoint) draws from `mapBgr8`, whose colours are snapped to
// the classes' first: scaling, antialiasing and JPEG leave in-between colours it was never
// trained on.
Expected<FaceFromMap> drawFaceFromMap(const GpenGenerator& generator, const cv::Mat& mapBgr8,
                                      std::stop_token stop = {});
// The same with a model of the cache: `model` as resolveFaceModel takes it for Seg2face ("auto":
// the released one when installed; a file the catalog does not know may be used too).
Expected<FaceFromMap> drawFaceFromMap(ModelCache& cache, const cv::Mat& mapBgr8,
                                      const std::string& model = "auto", std::stop_token stop = {});

}  // namespace gpen
