// SPDX-License-Identifier: Apache-2.0
// decodeJpeg: libjpeg with our own error manager. Its warnings (damaged data it decoded around)
// are collected for the caller instead of printed; its errors end the decode by a longjmp back
// into readJpeg, whose frame holds only trivially destructible objects (setjmp's rule in C++).

#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>

#include <jpeglib.h>

#include "io/image_decoders.h"

namespace gpen {
namespace {

struct JpegMessages {
    jpeg_error_mgr manager;  // first: libjpeg holds a pointer to it
    std::jmp_buf jump;
    char error[JMSG_LENGTH_MAX];
    std::vector<std::string>* warnings;
    bool tooLarge;
};

JpegMessages& messagesOf(j_common_ptr info) {
    return *reinterpret_cast<JpegMessages*>(info->err);
}

[[noreturn]] void onJpegError(j_common_ptr info) {
    (*info->err->format_message)(info, messagesOf(info).error);
    std::longjmp(messagesOf(info).jump, 1);
}

// Level -1: a warning (corrupt data worked around); 0 and above: trace messages, dropped.
void onJpegMessage(j_common_ptr info, int level) {
    if (level >= 0) return;
    ++info->err->num_warnings;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    keepDecoderWarning(*messagesOf(info).warnings, text);
}

void printNothing(j_common_ptr) {}

// Everything libjpeg may jump out of. False: an error (messages.error) or a size over the limit.
bool readJpeg(jpeg_decompress_struct& info, JpegMessages& messages, std::FILE* file,
              std::uint64_t maxPixels, cv::Mat& out) {
    if (setjmp(messages.jump)) return false;
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    switch (info.jpeg_color_space) {
        case JCS_GRAYSCALE:
            info.out_color_space = JCS_GRAYSCALE;
            break;
        case JCS_CMYK:
        case JCS_YCCK:
            info.out_color_space = JCS_CMYK;
            break;
        default:
            info.out_color_space = JCS_EXT_BGR;
            break;
    }
    jpeg_calc_output_dimensions(&info);
    if (info.output_height == 0 || info.output_width > maxPixels / info.output_height) {
        messages.tooLarge = true;
        return false;
    }
    jpeg_start_decompress(&info);
    out.create(static_cast<int>(info.output_height), static_cast<int>(info.output_width),
               CV_8UC(info.output_components));
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = out.ptr(static_cast<int>(info.output_scanline));
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    return true;
}

// Adobe's inverted CMYK (what libjpeg gives for CMYK and YCCK files) to BGR, as OpenCV does.
cv::Mat cmykToBgr(const cv::Mat& cmyk) {
    cv::Mat bgr(cmyk.size(), CV_8UC3);
    for (int y = 0; y < cmyk.rows; ++y) {
        const auto* in = cmyk.ptr<std::uint8_t>(y);
        auto* out = bgr.ptr<std::uint8_t>(y);
        for (int x = 0; x < cmyk.cols; ++x, in += 4, out += 3) {
            const int k = in[3];
            out[2] = static_cast<std::uint8_t>(k - ((255 - in[0]) * k >> 8));
            out[1] = static_cast<std::uint8_t>(k - ((255 - in[1]) * k >> 8));
            out[0] = static_cast<std::uint8_t>(k - ((255 - in[2]) * k >> 8));
        }
    }
    return bgr;
}

}  // namespace

Expected<DecodedRaster> decodeJpeg(const std::filesystem::path& path, std::uint64_t maxPixels) {
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file)
        return makeError(ErrorCode::Io,
                         std::string("cannot be opened for reading: ") + std::strerror(errno));
    DecodedRaster result;
    JpegMessages messages{};
    messages.warnings = &result.warnings;
    jpeg_decompress_struct info{};
    info.err = jpeg_std_error(&messages.manager);
    messages.manager.error_exit = onJpegError;
    messages.manager.emit_message = onJpegMessage;
    messages.manager.output_message = printNothing;
    cv::Mat raw;
    bool ok = false;
    try {
        ok = readJpeg(info, messages, file, maxPixels, raw);
    } catch (...) {
        jpeg_destroy_decompress(&info);
        std::fclose(file);
        throw;
    }
    jpeg_destroy_decompress(&info);
    std::fclose(file);
    if (messages.tooLarge) {
        return overPixelLimit("JPEG", maxPixels);
    }
    if (!ok) {
        return makeError(
            ErrorCode::Malformed,
            std::string("the JPEG data cannot be decoded (libjpeg: ") + messages.error + ")");
    }
    result.pixels = raw.channels() == 4 ? cmykToBgr(raw) : raw;
    return result;
}

}  // namespace gpen
