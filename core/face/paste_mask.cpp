// SPDX-License-Identifier: Apache-2.0
#include "gpen/face/paste_mask.h"

#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace gpen {
namespace {

Expected<void> checkParams(int faceSize, const PasteMaskParams& params) {
    if (faceSize <= 0) {
        return makeError(ErrorCode::InvalidArgument,
                         "face size must be positive, got " + std::to_string(faceSize));
    }
    if (params.frameSize <= 0 || params.border < 0 || 2 * params.border >= params.frameSize) {
        return makeError(ErrorCode::InvalidArgument,
                         "paste mask border " + std::to_string(params.border) +
                             " does not fit a frame of " + std::to_string(params.frameSize));
    }
    if (params.blurKernel <= 0 || params.blurKernel % 2 == 0 || params.blurSigma <= 0 ||
        params.blurPasses < 0) {
        return makeError(ErrorCode::InvalidArgument,
                         "paste mask blur needs an odd positive kernel and a positive sigma");
    }
    return {};
}

void blur(cv::Mat& mask, const PasteMaskParams& params) {
    for (int i = 0; i < params.blurPasses; ++i) {
        // Default border (BORDER_REFLECT_101), as cv2.GaussianBlur.
        cv::GaussianBlur(mask, mask, cv::Size(params.blurKernel, params.blurKernel),
                         params.blurSigma);
    }
}

cv::Mat toFaceSize(const cv::Mat& mask, int faceSize) {
    if (mask.rows == faceSize && mask.cols == faceSize) {
        return mask;
    }
    cv::Mat out;
    cv::resize(mask, out, cv::Size(faceSize, faceSize), 0, 0, cv::INTER_LINEAR);
    return out;
}

}  // namespace

Expected<cv::Mat> rectanglePasteMask(int faceSize, const PasteMaskParams& params) {
    if (auto ok = checkParams(faceSize, params); !ok) {
        return tl::unexpected(ok.error());
    }
    try {
        const int n = params.frameSize;
        cv::Mat mask = cv::Mat::zeros(n, n, CV_32FC1);
        cv::rectangle(mask, cv::Point(params.border, params.border),
                      cv::Point(n - params.border, n - params.border), cv::Scalar::all(1),
                      cv::FILLED, cv::LINE_AA);
        blur(mask, params);
        return toFaceSize(mask, faceSize);
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Internal, std::string("paste mask: ") + e.what());
    }
}

Expected<cv::Mat> parsingPasteMask(const cv::Mat& parsing, int faceSize,
                                   const PasteMaskParams& params) {
    if (auto ok = checkParams(faceSize, params); !ok) {
        return tl::unexpected(ok.error());
    }
    if (parsing.empty() || parsing.type() != CV_8UC1) {
        return makeError(ErrorCode::InvalidArgument,
                         "the parsing mask must be a non-empty 8-bit single-channel image");
    }
    try {
        const int n = params.frameSize;
        cv::Mat frame = parsing;
        if (parsing.rows != n || parsing.cols != n) {
            cv::resize(parsing, frame, cv::Size(n, n), 0, 0, cv::INTER_NEAREST);
        }
        // The reference divides the uint8 map by 255. (float64) and blurs that.
        cv::Mat mask(n, n, CV_64FC1);
        for (int y = 0; y < n; ++y) {
            const auto* in = frame.ptr<unsigned char>(y);
            auto* out = mask.ptr<double>(y);
            for (int x = 0; x < n; ++x) {
                out[x] = in[x] / 255.0;  // a true division, not a product with 1/255
            }
        }
        const int b = params.border;
        if (b > 0) {
            mask.rowRange(0, b).setTo(0);
            mask.rowRange(n - b, n).setTo(0);
            mask.colRange(0, b).setTo(0);
            mask.colRange(n - b, n).setTo(0);
        }
        blur(mask, params);
        cv::Mat mask32;
        mask.convertTo(mask32, CV_32F);
        return toFaceSize(mask32, faceSize);
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Internal, std::string("paste mask: ") + e.what());
    }
}

}  // namespace gpen
