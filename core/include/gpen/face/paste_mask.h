// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"

namespace gpen {

// The soft masks that say how much of a restored face replaces the image, as the reference's
// face_enhancement.py builds them. Both are built in the reference's 512x512 frame (the parser's
// size), where its pixel constants apply, then resized bilinearly to the face (crop) size, as the
// reference resizes the post-processed mask to its in_size. Thread-safe: no state.

struct PasteMaskParams {
    int frameSize = 512;   // the frame the constants below are in
    int border = 26;       // pixels along each edge forced to 0 before blurring
    int blurKernel = 101;  // odd Gaussian kernel width
    double blurSigma = 4;  // GaussianBlur(mask, (101, 101), 4), applied `blurPasses` times
    int blurPasses = 2;
};

// The fixed rectangle mask: 0 with a filled 1 rectangle from (border, border) to
// (frameSize - border, frameSize - border) drawn anti-aliased (cv::LINE_AA), blurred twice, in
// float32 (CV_32FC1, values in [0, 1]). At the defaults it equals the reference's self.mask bit
// for bit at 512. The fallback when no face parser is loaded.
Expected<cv::Mat> rectanglePasteMask(int faceSize, const PasteMaskParams& params = {});

// The mask from a face-parsing map (CV_8UC1, 255 where the face is, 0 elsewhere; normally
// frameSize x frameSize): scaled to [0, 1] in double, the border cleared, blurred twice in double,
// converted to float32 and resized to faceSize x faceSize (mask_postprocess + cv2.resize). A
// parsing map of another size is first resized (nearest) to the frame, so the constants keep
// their meaning.
Expected<cv::Mat> parsingPasteMask(const cv::Mat& parsing, int faceSize,
                                   const PasteMaskParams& params = {});

}  // namespace gpen
