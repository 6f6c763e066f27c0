// SPDX-License-Identifier: Apache-2.0
#include "gpen/face/parsing_palette.h"

#include <limits>

namespace gpen {

const std::array<ParsingClass, 19>& parsingClasses() {
    static const std::array<ParsingClass, 19> classes = {{
        {"background", {0, 0, 0}}, {"skin", {204, 0, 0}},       {"nose", {76, 153, 0}},
        {"eye_g", {204, 204, 0}},  {"l_eye", {51, 51, 255}},    {"r_eye", {204, 0, 204}},
        {"l_brow", {0, 255, 255}}, {"r_brow", {255, 204, 204}}, {"l_ear", {102, 51, 0}},
        {"r_ear", {255, 0, 0}},    {"mouth", {102, 204, 0}},    {"u_lip", {255, 255, 0}},
        {"l_lip", {0, 0, 153}},    {"hair", {0, 0, 204}},       {"hat", {255, 51, 153}},
        {"ear_r", {0, 204, 204}},  {"neck_l", {0, 51, 0}},      {"neck", {255, 153, 51}},
        {"cloth", {0, 204, 0}},
    }};
    return classes;
}

SnappedParsingMap snapToParsingColours(const cv::Mat& bgr8, int tolerance) {
    SnappedParsingMap out;
    out.bgr8.create(bgr8.size(), CV_8UC3);
    const auto& classes = parsingClasses();
    std::size_t unknown = 0;
    for (int y = 0; y < bgr8.rows; ++y) {
        const auto* in = bgr8.ptr<cv::Vec3b>(y);
        auto* o = out.bgr8.ptr<cv::Vec3b>(y);
        for (int x = 0; x < bgr8.cols; ++x) {
            int best = std::numeric_limits<int>::max();
            cv::Vec3b colour;
            for (const auto& c : classes) {
                // The map is BGR; the table RGB.
                const int db = in[x][0] - c.rgb[2], dg = in[x][1] - c.rgb[1],
                          dr = in[x][2] - c.rgb[0];
                const int d = db * db + dg * dg + dr * dr;
                if (d < best) {
                    best = d;
                    colour = cv::Vec3b(c.rgb[2], c.rgb[1], c.rgb[0]);
                }
            }
            o[x] = colour;
            if (best > tolerance * tolerance) ++unknown;
        }
    }
    out.unknownShare =
        bgr8.total() ? static_cast<double>(unknown) / static_cast<double>(bgr8.total()) : 0.0;
    return out;
}

cv::Mat drawParsingMap(const cv::Mat& classes) {
    cv::Mat out(classes.size(), CV_8UC3);
    const auto& table = parsingClasses();
    for (int y = 0; y < classes.rows; ++y) {
        const auto* in = classes.ptr<unsigned char>(y);
        auto* o = out.ptr<cv::Vec3b>(y);
        for (int x = 0; x < classes.cols; ++x) {
            const cv::Vec3b& rgb = table[std::min<std::size_t>(in[x], table.size() - 1)].rgb;
            o[x] = cv::Vec3b(rgb[2], rgb[1], rgb[0]);
        }
    }
    return out;
}

}  // namespace gpen
