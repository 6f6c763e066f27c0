// SPDX-License-Identifier: Apache-2.0
#include "gpen/pipeline/face_restorer.h"

#include <algorithm>
#include <stop_token>

#include <opencv2/imgproc.hpp>

#include "pipeline/luma.h"

namespace gpen {

FloatTensor facesToGpenInput(const std::vector<cv::Mat>& facesBgr8, int size, bool normalised) {
    const auto n = static_cast<std::int64_t>(facesBgr8.size());
    FloatTensor input({n, 3, size, size});
    const std::size_t plane = static_cast<std::size_t>(size) * static_cast<std::size_t>(size);
    for (std::size_t f = 0; f < facesBgr8.size(); ++f) {
        cv::Mat bgr = facesBgr8[f];
        if (bgr.channels() == 1) {
            cv::cvtColor(bgr, bgr, cv::COLOR_GRAY2BGR);
        } else if (bgr.channels() == 4) {
            cv::cvtColor(bgr, bgr, cv::COLOR_BGRA2BGR);
        }
        if (bgr.rows != size || bgr.cols != size) {
            cv::resize(bgr, bgr, cv::Size(size, size), 0, 0, cv::INTER_LINEAR);
        }
        float* dst = input.data.data() + f * 3 * plane;
        for (int y = 0; y < size; ++y) {
            const auto* row = bgr.ptr<cv::Vec3b>(y);
            for (int x = 0; x < size; ++x) {
                const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(size) +
                                      static_cast<std::size_t>(x);
                for (int c = 0; c < 3; ++c) {
                    // RGB plane c takes BGR channel 2 - c; same arithmetic order as the reference.
                    const float v = static_cast<float>(row[x][2 - c]) / 255.0F;
                    dst[static_cast<std::size_t>(c) * plane + i] =
                        normalised ? (v - 0.5F) / 0.5F : v;
                }
            }
        }
    }
    return input;
}

std::vector<cv::Mat> gpenOutputToFaces(const FloatTensor& output, bool normalised) {
    const auto n = static_cast<std::size_t>(output.shape[0]);
    const int h = static_cast<int>(output.shape[2]);
    const int w = static_cast<int>(output.shape[3]);
    const std::size_t plane = static_cast<std::size_t>(h) * static_cast<std::size_t>(w);
    std::vector<cv::Mat> faces;
    faces.reserve(n);
    for (std::size_t f = 0; f < n; ++f) {
        cv::Mat face(h, w, CV_8UC3);
        const float* src = output.data.data() + f * 3 * plane;
        for (int y = 0; y < h; ++y) {
            auto* row = face.ptr<cv::Vec3b>(y);
            for (int x = 0; x < w; ++x) {
                const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                                      static_cast<std::size_t>(x);
                for (int c = 0; c < 3; ++c) {
                    const float raw = src[static_cast<std::size_t>(c) * plane + i];
                    const float v = std::clamp(normalised ? raw * 0.5F + 0.5F : raw, 0.0F, 1.0F);
                    row[x][2 - c] =
                        static_cast<unsigned char>(v * 255.0F);  // truncates, as the reference
                }
            }
        }
        faces.push_back(std::move(face));
    }
    return faces;
}

Expected<std::vector<cv::Mat>> runFaceTask(const GpenGenerator& generator, FaceTask task,
                                           const std::vector<cv::Mat>& facesBgr8,
                                           std::stop_token stop, bool keepLuma) {
    if (facesBgr8.empty()) {
        return std::vector<cv::Mat>{};
    }
    for (const auto& f : facesBgr8) {
        if (f.empty() || f.depth() != CV_8U) {
            return makeError(ErrorCode::InvalidArgument,
                             "aligned faces must be non-empty 8-bit images");
        }
    }
    try {
        std::vector<cv::Mat> inputs = facesBgr8;
        if (task == FaceTask::Colorize) {
            for (auto& f : inputs) f = grayAsBgr(f);
        }
        const bool normalised = task != FaceTask::Seg2face;
        auto out = generator.forward(
            facesToGpenInput(inputs, generator.architecture().inSize, normalised), stop);
        if (!out) {
            return tl::unexpected(out.error());
        }
        std::vector<cv::Mat> faces = gpenOutputToFaces(*out, normalised);
        if (task == FaceTask::Colorize) {
            for (std::size_t i = 0; i < faces.size(); ++i) {
                if (keepLuma || inputs[i].size() != faces[i].size())
                    faces[i] = withLumaOf(inputs[i], faces[i]);
            }
        }
        return faces;
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Internal, "face preprocessing failed: " + e.msg);
    }
}

Expected<std::vector<cv::Mat>> restoreAlignedFaces(const GpenGenerator& generator,
                                                   const std::vector<cv::Mat>& facesBgr8,
                                                   std::stop_token stop) {
    return runFaceTask(generator, FaceTask::Restore, facesBgr8, stop);
}

}  // namespace gpen
