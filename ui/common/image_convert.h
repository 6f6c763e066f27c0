// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core's images (cv::Mat, 8-bit BGR) and the GUI's (QImage) at the GUI/engine boundary. The
// photos, results and re-blends travel as views: a QImage in Format_BGR888 over the Mat's own
// pixels (it keeps the Mat alive), and back a Mat header over such a QImage's pixels, so that a
// restore or a save converts nothing. Faces and thumbnails are small and copied.

#include <QImage>

#include <opencv2/core/mat.hpp>

namespace gpen::ui {

// A read-only QImage over `bgr`'s pixels (8-bit BGR or gray), sharing them: no copy. Writing to it
// detaches (copies) as for any shared QImage.
QImage viewOf(const cv::Mat& bgr);
// The same for an 8-bit one-channel mask (0/255): a Format_Grayscale8 view over its pixels.
QImage maskViewOf(const cv::Mat& mask);
// 8-bit BGR pixels of `image`: a header over its pixels when it is Format_BGR888 (valid while
// `image` lives and is not written to), else a converted copy.
cv::Mat bgrOf(const QImage& image);

// Copies: for images the GUI made itself (a pasted image) and small crops.
cv::Mat toBgrMat(const QImage& image);
QImage fromBgrMat(const cv::Mat& bgr);

}  // namespace gpen::ui
