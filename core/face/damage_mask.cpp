// SPDX-License-Identifier: Apache-2.0
#include "gpen/face/damage_mask.h"

#include <opencv2/imgproc.hpp>

namespace gpen {

Expected<cv::Mat> normaliseDamageMask(const cv::Mat& mask, cv::Size size) {
    if (mask.empty() || mask.depth() != CV_8U) {
        return makeError(ErrorCode::InvalidArgument,
                         "the damage mask must be an 8-bit image (white = damaged)");
    }
    cv::Mat first = mask;
    if (mask.channels() > 1) cv::extractChannel(mask, first, 0);
    cv::Mat binary;
    cv::threshold(first, binary, 127, 255, cv::THRESH_BINARY);
    if (binary.size() != size) {
        const double sx = static_cast<double>(size.width) / binary.cols;
        const double sy = static_cast<double>(size.height) / binary.rows;
        // Only a mask of the photo's own proportions (the photo, or its upscaled canvas).
        if (std::abs(sx - sy) > 0.01 * std::max(sx, sy)) {
            return makeError(ErrorCode::InvalidArgument,
                             "the damage mask is " + std::to_string(mask.cols) + " x " +
                                 std::to_string(mask.rows) + ", the photo " +
                                 std::to_string(size.width) + " x " + std::to_string(size.height) +
                                 ": draw it on the photo itself");
        }
        cv::resize(binary, binary, size, 0, 0, cv::INTER_NEAREST);
    }
    return binary;
}

cv::Mat damageInCrop(const cv::Mat& damage, const FaceAlignment& alignment) {
    cv::Mat crop;
    cv::warpAffine(damage, crop, cv::Mat(alignment.toCrop),
                   cv::Size(alignment.cropSize, alignment.cropSize), cv::INTER_LINEAR,
                   cv::BORDER_CONSTANT, cv::Scalar::all(0));
    // A damaged photo pixel covers a few crop pixels at its edge: any share of it counts.
    cv::threshold(crop, crop, 0, 255, cv::THRESH_BINARY);
    return crop;
}

cv::Mat paintDamageWhite(const cv::Mat& cropBgr8, const cv::Mat& cropDamage) {
    cv::Mat painted = cropBgr8.clone();
    painted.setTo(cv::Scalar::all(255), cropDamage);
    return painted;
}

cv::Mat inpaintPasteMask(const cv::Mat& cropDamage, int grow) {
    grow = std::max(1, grow);
    const auto disc = [](int r) {
        return cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(2 * r + 1, 2 * r + 1));
    };
    cv::Mat core;  // the damage grown by `grow`: wholly replaced
    cv::dilate(cropDamage, core, disc(grow));
    cv::Mat reach;  // grown twice as far again: the feather fades out over it
    cv::dilate(core, reach, disc(2 * grow));
    cv::Mat mask;
    reach.convertTo(mask, CV_32F, 1.0 / 255.0);
    // Two box blurs of radius `grow`: a smooth edge that stays 1 over the core and is exactly 0
    // beyond the reach (so the photo is too).
    const cv::Size k(2 * grow + 1, 2 * grow + 1);
    cv::blur(mask, mask, k, cv::Point(-1, -1), cv::BORDER_CONSTANT);
    cv::blur(mask, mask, k, cv::Point(-1, -1), cv::BORDER_CONSTANT);
    return mask;
}

}  // namespace gpen
