// SPDX-License-Identifier: Apache-2.0
#include "gpen/face/paste_back.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace gpen {
namespace {

Expected<void> checkEightBit(const cv::Mat& image, const char* what) {
    if (image.empty() || image.depth() != CV_8U) {
        return makeError(ErrorCode::InvalidArgument,
                         std::string(what) + " must be a non-empty 8-bit image");
    }
    return {};
}

cv::Mat resizedTo(const cv::Mat& image, int size) {
    if (image.rows == size && image.cols == size) {
        return image;
    }
    cv::Mat out;
    cv::resize(image, out, cv::Size(size, size), 0, 0, cv::INTER_LINEAR);
    return out;
}

Expected<void> fromCvError(const cv::Exception& e, const char* what) {
    return makeError(ErrorCode::Internal, std::string(what) + ": " + e.what());
}

// Per pixel: where the new mask exceeds the collected one, take the new face and mask value.
template <int Channels>
void keepLarger(const cv::Mat& face, const cv::Mat& mask, cv::Mat& faces, cv::Mat& collected) {
    using Pixel = cv::Vec<unsigned char, Channels>;
    for (int y = 0; y < mask.rows; ++y) {
        const auto* m = mask.ptr<float>(y);
        const auto* f = face.ptr<Pixel>(y);
        auto* cm = collected.ptr<float>(y);
        auto* cf = faces.ptr<Pixel>(y);
        for (int x = 0; x < mask.cols; ++x) {
            if (m[x] - cm[x] > 0) {
                cm[x] = m[x];
                cf[x] = f[x];
            }
        }
    }
}

template <int Channels>
cv::Mat blendOver(const cv::Mat& background, const cv::Mat& faces, const cv::Mat& mask) {
    using Pixel = cv::Vec<unsigned char, Channels>;
    cv::Mat out(background.size(), background.type());
    for (int y = 0; y < background.rows; ++y) {
        const auto* b = background.ptr<Pixel>(y);
        const auto* f = faces.ptr<Pixel>(y);
        const auto* m = mask.ptr<float>(y);
        auto* o = out.ptr<Pixel>(y);
        for (int x = 0; x < background.cols; ++x) {
            const float keep = 1.0F - m[x];
            for (int c = 0; c < Channels; ++c) {
                // float32 throughout, as numpy's uint8 * float32 arithmetic in the reference.
                const float v =
                    static_cast<float>(b[x][c]) * keep + static_cast<float>(f[x][c]) * m[x];
                o[x][c] = cv::saturate_cast<unsigned char>(std::abs(v));
            }
        }
    }
    return out;
}

// The canvas pixels a warp of a crop x crop image by `toImage` can reach: bicubic reads source
// pixels floor(s) - 1 .. floor(s) + 2, so a destination pixel whose source point s lies outside
// [-2, crop + 1) in either coordinate is exactly 0. One more pixel each way covers the warp's
// fixed-point rounding. Empty where the face lies off the canvas.
cv::Rect reachableBox(const cv::Matx23d& toImage, int crop, cv::Size canvas) {
    double x0 = INFINITY;
    double y0 = INFINITY;
    double x1 = -INFINITY;
    double y1 = -INFINITY;
    for (const double u : {-3.0, crop + 2.0}) {
        for (const double v : {-3.0, crop + 2.0}) {
            const double x = toImage(0, 0) * u + toImage(0, 1) * v + toImage(0, 2);
            const double y = toImage(1, 0) * u + toImage(1, 1) * v + toImage(1, 2);
            x0 = std::min(x0, x);
            x1 = std::max(x1, x);
            y0 = std::min(y0, y);
            y1 = std::max(y1, y);
        }
    }
    const double left = std::max(0.0, std::floor(x0) - 1);
    const double top = std::max(0.0, std::floor(y0) - 1);
    const double right = std::min<double>(canvas.width, std::ceil(x1) + 2);
    const double bottom = std::min<double>(canvas.height, std::ceil(y1) + 2);
    if (!(right > left && bottom > top)) {
        return {};
    }
    return {static_cast<int>(left), static_cast<int>(top), static_cast<int>(right - left),
            static_cast<int>(bottom - top)};
}

// The fixed-point source coordinates cv::warpAffine computes for the canvas pixels of `box`
// (imgwarp.cpp: the inverse matrix, AB_BITS = 10, INTER_BITS fractions), as remap's maps: remap
// with them gives exactly the pixels the full-canvas warp gives there. The arithmetic below must
// stay OpenCV's, expression for expression (paste_back_test compares against cv::warpAffine).
void warpMaps(const cv::Matx23d& toImage, const cv::Rect& box, cv::Mat& xy, cv::Mat& fractions) {
    double m[6] = {toImage(0, 0), toImage(0, 1), toImage(0, 2),
                   toImage(1, 0), toImage(1, 1), toImage(1, 2)};
    double d = m[0] * m[4] - m[1] * m[3];
    d = d != 0 ? 1. / d : 0;
    const double a11 = m[4] * d;
    const double a22 = m[0] * d;
    m[0] = a11;
    m[1] *= -d;
    m[3] *= -d;
    m[4] = a22;
    const double b1 = -m[0] * m[2] - m[1] * m[5];
    const double b2 = -m[3] * m[2] - m[4] * m[5];
    m[2] = b1;
    m[5] = b2;
    constexpr int kAbBits = std::max(10, static_cast<int>(cv::INTER_BITS));
    constexpr int kAbScale = 1 << kAbBits;
    constexpr int kRoundDelta = kAbScale / cv::INTER_TAB_SIZE / 2;
    xy.create(box.height, box.width, CV_16SC2);
    fractions.create(box.height, box.width, CV_16UC1);
    for (int r = 0; r < box.height; ++r) {
        const int y = box.y + r;
        const int x0 = cv::saturate_cast<int>((m[1] * y + m[2]) * kAbScale) + kRoundDelta;
        const int y0 = cv::saturate_cast<int>((m[4] * y + m[5]) * kAbScale) + kRoundDelta;
        auto* out = xy.ptr<short>(r);
        auto* alpha = fractions.ptr<unsigned short>(r);
        for (int c = 0; c < box.width; ++c) {
            const int x = box.x + c;
            const int adelta = cv::saturate_cast<int>(m[0] * x * kAbScale);
            const int bdelta = cv::saturate_cast<int>(m[3] * x * kAbScale);
            const int sx = (x0 + adelta) >> (kAbBits - cv::INTER_BITS);
            const int sy = (y0 + bdelta) >> (kAbBits - cv::INTER_BITS);
            out[2 * c] = cv::saturate_cast<short>(sx >> cv::INTER_BITS);
            out[2 * c + 1] = cv::saturate_cast<short>(sy >> cv::INTER_BITS);
            alpha[c] =
                static_cast<unsigned short>((sy & (cv::INTER_TAB_SIZE - 1)) * cv::INTER_TAB_SIZE +
                                            (sx & (cv::INTER_TAB_SIZE - 1)));
        }
    }
}

}  // namespace

cv::Mat warpToCanvasBox(const cv::Mat& crop, const cv::Matx23d& toImage, cv::Size canvas,
                        cv::Rect& box) {
    box = reachableBox(toImage, crop.cols, canvas);
    if (box.empty()) {
        return {};
    }
    cv::Mat xy;
    cv::Mat fractions;
    warpMaps(toImage, box, xy, fractions);
    cv::Mat out;
    cv::remap(crop, out, xy, fractions, cv::INTER_CUBIC, cv::BORDER_CONSTANT, cv::Scalar::all(0));
    return out;
}

bool isSmallFace(const cv::Rect2d& box, double threshold) {
    return std::min(box.width, box.height) < threshold;
}

Expected<cv::Mat> smoothSmallFace(const cv::Mat& face) {
    if (face.empty()) {
        return makeError(ErrorCode::InvalidArgument, "cannot smooth an empty face");
    }
    try {
        const cv::Matx33f kernel(0.0625F, 0.125F, 0.0625F,  //
                                 0.125F, 0.25F, 0.125F,     //
                                 0.0625F, 0.125F, 0.0625F);
        cv::Mat out;
        cv::filter2D(face, out, -1, kernel);
        return out;
    } catch (const cv::Exception& e) {
        return tl::unexpected(fromCvError(e, "small-face smoothing").error());
    }
}

Expected<cv::Mat> blendStrength(const cv::Mat& restored, const cv::Mat& aligned, double strength) {
    if (!std::isfinite(strength) || strength < 0 || strength > 1) {
        return makeError(ErrorCode::InvalidArgument,
                         "strength must be in [0, 1], got " + std::to_string(strength));
    }
    if (restored.empty() || aligned.empty() || restored.type() != aligned.type()) {
        return makeError(ErrorCode::InvalidArgument,
                         "restored and aligned faces must be non-empty images of the same type");
    }
    try {
        cv::Mat input = aligned;
        if (aligned.size() != restored.size()) {
            cv::resize(aligned, input, restored.size(), 0, 0, cv::INTER_LINEAR);
        }
        cv::Mat out;
        cv::addWeighted(restored, strength, input, 1.0 - strength, 0.0, out);
        return out;
    } catch (const cv::Exception& e) {
        return tl::unexpected(fromCvError(e, "strength blend").error());
    }
}

Expected<PasteBack> PasteBack::create(cv::Size canvasSize, int channels) {
    if (canvasSize.width <= 0 || canvasSize.height <= 0) {
        return makeError(ErrorCode::InvalidArgument, "the paste-back canvas must not be empty");
    }
    if (channels != 1 && channels != 3) {
        return makeError(ErrorCode::InvalidArgument,
                         "paste-back takes 1 or 3 channels, got " + std::to_string(channels));
    }
    try {
        return PasteBack(cv::Mat::zeros(canvasSize, CV_8UC(channels)),
                         cv::Mat::zeros(canvasSize, CV_32FC1));
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::OutOfMemory, std::string("paste-back canvas: ") + e.what());
    }
}

Expected<void> PasteBack::addFace(const cv::Mat& face, const cv::Mat& mask,
                                  const FaceAlignment& alignment) {
    if (auto ok = checkEightBit(face, "the restored face"); !ok) {
        return ok;
    }
    if (face.channels() != m_faces.channels()) {
        return makeError(ErrorCode::InvalidArgument,
                         "the face has " + std::to_string(face.channels()) +
                             " channels, the canvas " + std::to_string(m_faces.channels()));
    }
    if (mask.empty() || mask.type() != CV_32FC1) {
        return makeError(ErrorCode::InvalidArgument, "the paste mask must be a non-empty CV_32FC1");
    }
    if (alignment.cropSize <= 0) {
        return makeError(ErrorCode::InvalidArgument, "the alignment has no crop size");
    }
    try {
        // Only the face's own box of the canvas: outside it both warps are exactly 0, and a
        // zero mask never wins in keepLarger.
        const int crop = alignment.cropSize;
        cv::Rect box;
        const cv::Mat warpedMask =
            warpToCanvasBox(resizedTo(mask, crop), alignment.toImage, m_mask.size(), box);
        if (!box.empty()) {
            const cv::Mat warpedFace =
                warpToCanvasBox(resizedTo(face, crop), alignment.toImage, m_faces.size(), box);
            cv::Mat faces = m_faces(box);
            cv::Mat collected = m_mask(box);
            if (m_faces.channels() == 1) {
                keepLarger<1>(warpedFace, warpedMask, faces, collected);
            } else {
                keepLarger<3>(warpedFace, warpedMask, faces, collected);
            }
        }
        ++m_faceCount;
        return {};
    } catch (const cv::Exception& e) {
        return fromCvError(e, "paste-back");
    }
}

Expected<cv::Mat> PasteBack::compose(const cv::Mat& background) const {
    if (auto ok = checkEightBit(background, "the background"); !ok) {
        return tl::unexpected(ok.error());
    }
    if (background.size() != m_mask.size() || background.channels() != m_faces.channels()) {
        return makeError(ErrorCode::InvalidArgument,
                         "the background is " + std::to_string(background.cols) + "x" +
                             std::to_string(background.rows) + "x" +
                             std::to_string(background.channels()) + ", the canvas " +
                             std::to_string(m_mask.cols) + "x" + std::to_string(m_mask.rows) + "x" +
                             std::to_string(m_faces.channels()));
    }
    try {
        return m_faces.channels() == 1 ? blendOver<1>(background, m_faces, m_mask)
                                       : blendOver<3>(background, m_faces, m_mask);
    } catch (const cv::Exception& e) {
        return tl::unexpected(fromCvError(e, "paste-back").error());
    }
}

}  // namespace gpen
