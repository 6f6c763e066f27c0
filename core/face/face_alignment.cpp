// SPDX-License-Identifier: Apache-2.0
#include "gpen/face/face_alignment.h"

#include <array>
#include <cfloat>
#include <cmath>
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace gpen {
namespace {

// align_faces.py: REFERENCE_FACIAL_POINTS of the 96x112 (width x height) template.
constexpr std::array<std::array<double, 2>, 5> kTemplatePoints = {{
    {30.29459953, 51.69630051},
    {65.53179932, 51.50139999},
    {48.02519989, 71.73660278},
    {33.54930115, 92.3655014},
    {62.72990036, 92.20410156},
}};
constexpr int kTemplateWidth = 96;
constexpr int kTemplateHeight = 112;

struct Point2f32 {
    float x = 0;
    float y = 0;
};

// numpy's mean over axis 0 of a float32 (N, 2) array: a float32 running sum, then / N in float32.
Point2f32 meanF32(const std::vector<Point2f32>& pts) {
    Point2f32 sum;
    for (const auto& p : pts) {
        sum.x += p.x;
        sum.y += p.y;
    }
    const auto n = static_cast<float>(pts.size());
    return {sum.x / n, sum.y / n};
}

double det2(const cv::Matx22d& m) {
    return m(0, 0) * m(1, 1) - m(0, 1) * m(1, 0);
}

}  // namespace

Expected<FaceLandmarks> referenceFacialPoints(int cropSize, const ReferencePointsParams& params) {
    if (cropSize <= 0) {
        return makeError(ErrorCode::InvalidArgument,
                         "crop size must be positive, got " + std::to_string(cropSize));
    }
    std::array<double, 2> crop = {kTemplateWidth, kTemplateHeight};
    FaceLandmarks pts;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        pts[i] = {kTemplatePoints[i][0], kTemplatePoints[i][1]};
    }
    // 0) make the inner region a square.
    if (params.square) {
        const double side = std::max(crop[0], crop[1]);
        for (auto& p : pts) {
            p.x += (side - crop[0]) / 2;
            p.y += (side - crop[1]) / 2;
        }
        crop = {side, side};
    }
    if (cropSize == static_cast<int>(crop[0]) && cropSize == static_cast<int>(crop[1])) {
        return pts;  // the template itself
    }
    const double inner = params.innerPaddingFactor;
    const int outerX = params.outerPaddingX;
    const int outerY = params.outerPaddingY;
    if (inner == 0 && outerX == 0 && outerY == 0) {
        return makeError(ErrorCode::InvalidArgument,
                         "no padding and crop size " + std::to_string(cropSize) +
                             " differs from the template's " +
                             std::to_string(static_cast<int>(crop[0])) + "x" +
                             std::to_string(static_cast<int>(crop[1])));
    }
    if (!(inner >= 0 && inner <= 1)) {
        return makeError(ErrorCode::InvalidArgument, "inner padding factor must be in [0, 1]");
    }
    if (outerX < 0 || outerY < 0 || outerX >= cropSize || outerY >= cropSize) {
        return makeError(ErrorCode::InvalidArgument, "outer padding must be in [0, crop size)");
    }
    // 1) pad the inner region; the points move by half the (unrounded) growth, the size grows by
    // the rounded one, as in the reference.
    if (inner > 0) {
        const double growX = crop[0] * inner * 2;
        const double growY = crop[1] * inner * 2;
        for (auto& p : pts) {
            p.x += growX / 2;
            p.y += growY / 2;
        }
        crop = {crop[0] + std::nearbyint(growX), crop[1] + std::nearbyint(growY)};
    }
    // 2) scale the padded region to the crop less its outer padding.
    const double innerW = cropSize - 2.0 * outerX;
    const double innerH = cropSize - 2.0 * outerY;
    if (innerW * crop[1] != innerH * crop[0]) {
        return makeError(
            ErrorCode::InvalidArgument,
            "the padded template does not scale to a square crop of " + std::to_string(cropSize));
    }
    const double scale = innerW / crop[0];
    // 3) shift by the outer padding.
    for (auto& p : pts) {
        p.x = p.x * scale + outerX;
        p.y = p.y * scale + outerY;
    }
    return pts;
}

Expected<Similarity> estimateSimilarity(const std::vector<cv::Point2d>& from,
                                        const std::vector<cv::Point2d>& to,
                                        const SimilarityParams& params) {
    if (from.size() != to.size() || from.size() < 2) {
        return makeError(ErrorCode::InvalidArgument,
                         "a similarity needs two equally long lists of at least 2 points (got " +
                             std::to_string(from.size()) + " and " + std::to_string(to.size()) +
                             ")");
    }
    const std::size_t n = from.size();
    std::vector<Point2f32> src(n);
    std::vector<Point2f32> dst(n);
    for (std::size_t i = 0; i < n; ++i) {
        src[i] = {static_cast<float>(from[i].x), static_cast<float>(from[i].y)};
        dst[i] = {static_cast<float>(to[i].x), static_cast<float>(to[i].y)};
        if (!std::isfinite(src[i].x) || !std::isfinite(src[i].y) || !std::isfinite(dst[i].x) ||
            !std::isfinite(dst[i].y)) {
            return makeError(ErrorCode::InvalidArgument, "a landmark is not a finite number");
        }
    }
    const Point2f32 srcMean = meanF32(src);
    const Point2f32 dstMean = meanF32(dst);
    for (std::size_t i = 0; i < n; ++i) {
        src[i] = {src[i].x - srcMean.x, src[i].y - srcMean.y};
        dst[i] = {dst[i].x - dstMean.x, dst[i].y - dstMean.y};
    }
    // Eq. (38): A = dst_demean^T src_demean / n, in float32.
    const auto nf = static_cast<float>(n);
    float a[2][2] = {{0, 0}, {0, 0}};
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 2; ++c) {
            float sum = 0;
            for (std::size_t i = 0; i < n; ++i) {
                const float dv = r == 0 ? dst[i].x : dst[i].y;
                const float sv = c == 0 ? src[i].x : src[i].y;
                sum += dv * sv;
            }
            a[r][c] = sum / nf;
        }
    }
    const cv::Matx22d am(a[0][0], a[0][1], a[1][0], a[1][1]);
    // Eq. (39).
    cv::Vec2d d(1, 1);
    if (det2(am) < 0) {
        d[1] = -1;
    }
    cv::Mat w;
    cv::Mat u;
    cv::Mat vt;
    try {
        cv::SVD::compute(cv::Mat(am), w, u, vt, cv::SVD::FULL_UV);
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Internal, std::string("SVD failed: ") + e.what());
    }
    // numpy returns the float32 factors of a float32 input (it decomposes in double).
    const auto f32 = [](double v) { return static_cast<double>(static_cast<float>(v)); };
    cv::Matx22d uu;
    cv::Matx22d vv;
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 2; ++c) {
            uu(r, c) = f32(u.at<double>(r, c));
            vv(r, c) = f32(vt.at<double>(r, c));
        }
    }
    const cv::Vec2d s(f32(w.at<double>(0)), f32(w.at<double>(1)));
    // Eq. (40) and (43), with numpy's matrix_rank tolerance for a float32 matrix.
    const double tol = std::max(s[0], s[1]) * 2.0 * FLT_EPSILON;
    const int rank = (s[0] > tol ? 1 : 0) + (s[1] > tol ? 1 : 0);
    if (rank == 0) {
        return makeError(ErrorCode::InvalidArgument,
                         "the landmarks are degenerate (all points coincide)");
    }
    cv::Matx22d rot;
    if (rank == 1 && det2(uu) * det2(vv) > 0) {
        rot = uu * vv;
    } else {
        const cv::Vec2d dd = rank == 1 ? cv::Vec2d(d[0], -1) : d;
        rot = uu * cv::Matx22d(dd[0], 0, 0, dd[1]) * vv;
    }
    double scale = 0;
    if (params.fixedScale) {
        scale = *params.fixedScale;
    } else {
        // Eq. (41) and (42); numpy's var recentres the (float32) demeaned points once more.
        float varSum = 0;
        for (int c = 0; c < 2; ++c) {
            float mean = 0;
            for (const auto& p : src) {
                mean += c == 0 ? p.x : p.y;
            }
            mean /= nf;
            float sq = 0;
            for (const auto& p : src) {
                const float x = (c == 0 ? p.x : p.y) - mean;
                sq += x * x;
            }
            varSum += sq / nf;
        }
        if (!(varSum > 0)) {
            return makeError(ErrorCode::InvalidArgument, "the source landmarks all coincide");
        }
        scale = 1.0 / static_cast<double>(varSum) * (s[0] * d[0] + s[1] * d[1]);
    }
    if (!std::isfinite(scale) || scale <= 0) {
        return makeError(ErrorCode::InvalidArgument, "the similarity scale is not positive");
    }
    Similarity out;
    out.scale = scale;
    const double sm[2] = {srcMean.x, srcMean.y};
    const double dm[2] = {dstMean.x, dstMean.y};
    for (int r = 0; r < 2; ++r) {
        out.matrix(r, 2) = dm[r] - scale * (rot(r, 0) * sm[0] + rot(r, 1) * sm[1]);
        out.matrix(r, 0) = rot(r, 0) * scale;
        out.matrix(r, 1) = rot(r, 1) * scale;
    }
    return out;
}

Expected<FaceAlignment> computeFaceAlignment(const FaceLandmarks& landmarks, int cropSize,
                                             const ReferencePointsParams& params) {
    auto reference = referenceFacialPoints(cropSize, params);
    if (!reference) {
        return tl::unexpected(reference.error());
    }
    const std::vector<cv::Point2d> image(landmarks.begin(), landmarks.end());
    const std::vector<cv::Point2d> crop(reference->begin(), reference->end());
    auto forward = estimateSimilarity(image, crop);
    if (!forward) {
        return tl::unexpected(forward.error());
    }
    auto backward = estimateSimilarity(crop, image, SimilarityParams{1.0 / forward->scale});
    if (!backward) {
        return tl::unexpected(backward.error());
    }
    return FaceAlignment{forward->matrix, backward->matrix, cropSize};
}

Expected<cv::Mat> warpFaceToCrop(const cv::Mat& image, const FaceAlignment& alignment) {
    if (image.empty()) {
        return makeError(ErrorCode::InvalidArgument, "cannot align a face in an empty image");
    }
    if (alignment.cropSize <= 0) {
        return makeError(ErrorCode::InvalidArgument, "the alignment has no crop size");
    }
    try {
        cv::Mat crop;
        cv::warpAffine(image, crop, cv::Mat(alignment.toCrop),
                       cv::Size(alignment.cropSize, alignment.cropSize), cv::INTER_CUBIC,
                       cv::BORDER_CONSTANT, cv::Scalar::all(0));
        return crop;
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::InvalidArgument, std::string("face warp failed: ") + e.what());
    }
}

}  // namespace gpen
