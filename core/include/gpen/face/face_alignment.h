// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <vector>

#include <opencv2/core/mat.hpp>
#include <opencv2/core/matx.hpp>

#include "gpen/base/expected.h"
#include "gpen/face/detected_face.h"

namespace gpen {

// Pure geometry of the 5-point alignment, as the reference's align_faces.py. Thread-safe: no state.

// How the 96x112 five-point template of the reference is padded and scaled to a crop. The
// defaults are the ones GPEN restores with (face_enhancement.py: default_square=True,
// inner_padding_factor=0.25, outer_padding=(0, 0)).
struct ReferencePointsParams {
    // Widen the 96x112 template to 112x112 (the points move right by 8).
    bool square = true;
    // In [0, 1]: the margin added on each side, as a fraction of the template size.
    double innerPaddingFactor = 0.25;
    // Pixels of the crop left around the scaled template.
    int outerPaddingX = 0;
    int outerPaddingY = 0;
};

// The five template points (FaceLandmarks order) in a cropSize x cropSize crop, in double, as
// get_reference_facial_points((cropSize, cropSize), ...). Fails with InvalidArgument where the
// reference raises FaceWarpException (no padding at all, padding out of range, a template that
// does not scale to a square crop).
Expected<FaceLandmarks> referenceFacialPoints(int cropSize,
                                              const ReferencePointsParams& params = {});

// A 2-D similarity x' = s R x + t (R a rotation: a reflection is never returned, as the
// reference's Umeyama with its determinant correction).
struct Similarity {
    cv::Matx23d matrix;  // [s R | t], ready for cv::warpAffine
    double scale = 1;
};

struct SimilarityParams {
    // Unset: least-squares scale (Umeyama eq. 41-42); set: the rotation and translation are fitted
    // for this scale, which is how the reference fits the crop -> image transform.
    std::optional<double> fixedScale;
};

// Least-squares similarity mapping `from` onto `to` (Umeyama 1991), computed as the reference's
// _umeyama on float32 points (warp_and_crop_face converts both point sets to float32 first): the
// means, the cross-covariance and the variance in float32, the SVD of the float32 matrix in
// double with its factors rounded to float32, the rest in double. That reproduces the reference's
// matrices to about 1e-7 relative instead of the 1e-6 that an all-double fit reaches. Needs at
// least two point pairs that do not all coincide.
Expected<Similarity> estimateSimilarity(const std::vector<cv::Point2d>& from,
                                        const std::vector<cv::Point2d>& to,
                                        const SimilarityParams& params = {});

// Both directions of one face's alignment. toImage is fitted separately from the crop points
// back to the landmarks at scale 1/s (as the reference's tfm_inv), which is the inverse of
// toCrop up to rounding.
struct FaceAlignment {
    cv::Matx23d toCrop;   // image -> crop (the reference's tfm)
    cv::Matx23d toImage;  // crop -> image (tfm_inv), for pasting back
    int cropSize = 0;
};

// Aligns five landmarks to the template of a cropSize crop.
Expected<FaceAlignment> computeFaceAlignment(const FaceLandmarks& landmarks, int cropSize,
                                             const ReferencePointsParams& params = {});

// The aligned crop: cv::warpAffine(image, toCrop, cropSize x cropSize) with bicubic interpolation
// and a constant black border, as the reference's warpAffine(..., flags=3). Any depth and channel
// count OpenCV warps; the crop has the image's type.
Expected<cv::Mat> warpFaceToCrop(const cv::Mat& image, const FaceAlignment& alignment);

}  // namespace gpen
