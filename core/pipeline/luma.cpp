#include "pipeline/luma.h"

#include <opencv2/imgproc.hpp>

namespace gpen {

cv::Mat grayAsBgr(const cv::Mat& picture) {
    cv::Mat gray = picture, out;
    if (picture.channels() != 1) cv::cvtColor(picture, gray, cv::COLOR_BGR2GRAY);
    cv::cvtColor(gray, out, cv::COLOR_GRAY2BGR);
    return out;
}

cv::Mat withLumaOf(const cv::Mat& lumaSource, const cv::Mat& colour) {
    cv::Mat resized = colour;
    if (colour.size() != lumaSource.size()) cv::resize(colour, resized, lumaSource.size(), 0, 0, cv::INTER_LINEAR);
    cv::Mat sourceYuv, outYuv, out;
    cv::cvtColor(lumaSource, sourceYuv, cv::COLOR_BGR2YUV);
    cv::cvtColor(resized, outYuv, cv::COLOR_BGR2YUV);
    cv::Mat y;
    cv::extractChannel(sourceYuv, y, 0);
    cv::insertChannel(y, outYuv, 0);
    cv::cvtColor(outYuv, out, cv::COLOR_YUV2BGR);
    return out;
}

}  // namespace gpen
