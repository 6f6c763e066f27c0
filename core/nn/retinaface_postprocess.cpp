// SPDX-License-Identifier: Apache-2.0
#include "gpen/nn/retinaface_postprocess.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace gpen {

FloatTensor retinaFacePriors(int height, int width, const PriorBoxConfig& config) {
    std::vector<float> anchors;
    const double h = height;
    const double w = width;
    const std::size_t levels = std::min(config.minSizes.size(), config.steps.size());
    for (std::size_t k = 0; k < levels; ++k) {
        const int step = config.steps[k];
        const int rows = static_cast<int>(std::ceil(h / step));
        const int cols = static_cast<int>(std::ceil(w / step));
        for (int i = 0; i < rows; ++i) {
            for (int j = 0; j < cols; ++j) {
                for (const int minSize : config.minSizes[k]) {
                    // In double, then float32, as torch.Tensor(list of Python floats) does.
                    double box[4] = {(j + 0.5) * step / w, (i + 0.5) * step / h, minSize / w,
                                     minSize / h};
                    for (double v : box) {
                        anchors.push_back(
                            static_cast<float>(config.clip ? std::clamp(v, 0.0, 1.0) : v));
                    }
                }
            }
        }
    }
    const auto count = static_cast<std::int64_t>(anchors.size() / 4);
    return FloatTensor({count, 4}, std::move(anchors));
}

namespace {

// Accepts [P, C] or [1, P, C]; returns P, or -1 when the shape is wrong.
std::int64_t rowsOf(const FloatTensor& t, std::int64_t columns) {
    const Shape& s = t.shape;
    if (s.size() == 2 && s[1] == columns) return s[0];
    if (s.size() == 3 && s[0] == 1 && s[2] == columns) return s[1];
    return -1;
}

Expected<std::int64_t> checkPair(const FloatTensor& t, std::int64_t columns,
                                 const FloatTensor& priors, const char* what) {
    const std::int64_t p = rowsOf(t, columns);
    if (p < 0 || rowsOf(priors, 4) != p || priors.shape.size() != 2) {
        return makeError(ErrorCode::InvalidArgument,
                         std::string(what) + " " + shapeToString(t.shape) +
                             " does not fit priors " + shapeToString(priors.shape));
    }
    return p;
}

}  // namespace

Expected<FloatTensor> decodeRetinaFaceBoxes(const FloatTensor& loc, const FloatTensor& priors,
                                            const BoxVariances& variances) {
    auto p = checkPair(loc, 4, priors, "loc");
    if (!p) {
        return tl::unexpected(p.error());
    }
    FloatTensor out({*p, 4});
    for (std::size_t r = 0; r < static_cast<std::size_t>(*p); ++r) {
        const float* l = &loc.data[4 * r];
        const float* pr = &priors.data[4 * r];
        const float cx = pr[0] + l[0] * variances.center * pr[2];
        const float cy = pr[1] + l[1] * variances.center * pr[3];
        const float bw = pr[2] * std::exp(l[2] * variances.size);
        const float bh = pr[3] * std::exp(l[3] * variances.size);
        float* o = &out.data[4 * r];
        o[0] = cx - bw / 2;
        o[1] = cy - bh / 2;
        o[2] = bw + o[0];
        o[3] = bh + o[1];
    }
    return out;
}

Expected<FloatTensor> decodeRetinaFaceLandmarks(const FloatTensor& landms,
                                                const FloatTensor& priors,
                                                const BoxVariances& variances) {
    auto p = checkPair(landms, 10, priors, "landms");
    if (!p) {
        return tl::unexpected(p.error());
    }
    FloatTensor out({*p, 10});
    for (std::size_t r = 0; r < static_cast<std::size_t>(*p); ++r) {
        const float* pr = &priors.data[4 * r];
        for (std::size_t t = 0; t < 5; ++t) {
            const float* l = &landms.data[10 * r + 2 * t];
            out.data[10 * r + 2 * t] = pr[0] + l[0] * variances.center * pr[2];
            out.data[10 * r + 2 * t + 1] = pr[1] + l[1] * variances.center * pr[3];
        }
    }
    return out;
}

namespace {

std::vector<std::size_t> orderByScore(const std::vector<float>& scores) {
    std::vector<std::size_t> order(scores.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
    return order;
}

}  // namespace

std::vector<std::size_t> nonMaximumSuppression(const std::vector<std::array<float, 4>>& boxes,
                                               const std::vector<float>& scores,
                                               float iouThreshold) {
    const std::size_t n = std::min(boxes.size(), scores.size());
    std::vector<float> areas(n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto& b = boxes[i];
        areas[i] = (b[2] - b[0] + 1) * (b[3] - b[1] + 1);
    }
    std::vector<std::size_t> order = orderByScore(
        std::vector<float>(scores.begin(), scores.begin() + static_cast<std::ptrdiff_t>(n)));
    std::vector<bool> suppressed(n, false);
    std::vector<std::size_t> keep;
    for (std::size_t a = 0; a < order.size(); ++a) {
        const std::size_t i = order[a];
        if (suppressed[i]) {
            continue;
        }
        keep.push_back(i);
        const auto& bi = boxes[i];
        for (std::size_t b = a + 1; b < order.size(); ++b) {
            const std::size_t j = order[b];
            if (suppressed[j]) {
                continue;
            }
            const auto& bj = boxes[j];
            const float w = std::max(0.0F, std::min(bi[2], bj[2]) - std::max(bi[0], bj[0]) + 1);
            const float h = std::max(0.0F, std::min(bi[3], bj[3]) - std::max(bi[1], bj[1]) + 1);
            const float inter = w * h;
            const float iou = inter / (areas[i] + areas[j] - inter);
            if (!(iou <= iouThreshold)) {
                suppressed[j] = true;
            }
        }
    }
    return keep;
}

Expected<std::vector<FaceDetection>> selectFaceDetections(const FloatTensor& boxes,
                                                          const FloatTensor& landmarks,
                                                          const FloatTensor& conf, int width,
                                                          int height,
                                                          const DetectionParams& params) {
    const std::int64_t p = rowsOf(boxes, 4);
    if (p < 0 || rowsOf(landmarks, 10) != p || rowsOf(conf, 2) != p) {
        return makeError(ErrorCode::InvalidArgument,
                         "detections: boxes " + shapeToString(boxes.shape) + ", landmarks " +
                             shapeToString(landmarks.shape) + " and conf " +
                             shapeToString(conf.shape) + " do not agree");
    }
    const float sx = static_cast<float>(width);
    const float sy = static_cast<float>(height);
    std::vector<std::size_t> candidates;
    std::vector<float> candidateScores;
    for (std::size_t r = 0; r < static_cast<std::size_t>(p); ++r) {
        const float s = conf.data[2 * r + 1];
        if (s > params.scoreThreshold) {
            candidates.push_back(r);
            candidateScores.push_back(s);
        }
    }
    std::vector<std::size_t> order = orderByScore(candidateScores);
    if (order.size() > params.topK) {
        order.resize(params.topK);
    }
    std::vector<FaceDetection> dets;
    std::vector<std::array<float, 4>> pixelBoxes;
    std::vector<float> scores;
    for (const std::size_t o : order) {
        const std::size_t r = candidates[o];
        FaceDetection d;
        d.score = candidateScores[o];
        for (std::size_t c = 0; c < 4; ++c) {
            d.box[c] = boxes.data[4 * r + c] * (c % 2 == 0 ? sx : sy);
        }
        for (std::size_t c = 0; c < 10; ++c) {
            d.landmarks[c] = landmarks.data[10 * r + c] * (c % 2 == 0 ? sx : sy);
        }
        pixelBoxes.push_back(d.box);
        scores.push_back(d.score);
        dets.push_back(d);
    }
    std::vector<FaceDetection> out;
    for (const std::size_t k : nonMaximumSuppression(pixelBoxes, scores, params.nmsThreshold)) {
        if (out.size() >= params.keepTopK) {
            break;
        }
        out.push_back(dets[k]);
    }
    return out;
}

}  // namespace gpen
