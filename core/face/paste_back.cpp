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

}  // namespace

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
        const cv::Mat toImage(alignment.toImage);
        const int crop = alignment.cropSize;
        cv::Mat warpedMask;
        cv::warpAffine(resizedTo(mask, crop), warpedMask, toImage, m_mask.size(), cv::INTER_CUBIC,
                       cv::BORDER_CONSTANT, cv::Scalar::all(0));
        cv::Mat warpedFace;
        cv::warpAffine(resizedTo(face, crop), warpedFace, toImage, m_faces.size(), cv::INTER_CUBIC,
                       cv::BORDER_CONSTANT, cv::Scalar::all(0));
        if (m_faces.channels() == 1) {
            keepLarger<1>(warpedFace, warpedMask, m_faces, m_mask);
        } else {
            keepLarger<3>(warpedFace, warpedMask, m_faces, m_mask);
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
