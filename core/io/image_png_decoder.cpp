// SPDX-License-Identifier: Apache-2.0
// decodePng: libpng with our own error and warning functions. Warnings (ancillary chunks it
// skips: a bad colour profile, a CRC error in a text chunk) are collected for the caller instead
// of printed; errors end the decode by a longjmp back into readPng, whose frame holds only
// trivially destructible objects (setjmp's rule in C++).

#include <bit>
#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>

#include <png.h>

#include "io/image_decoders.h"

namespace gpen {
namespace {

struct PngMessages {
    std::jmp_buf jump;
    char error[256];
    std::vector<std::string>* warnings;
    bool tooLarge;
};

[[noreturn]] void onPngError(png_structp png, png_const_charp message) {
    auto& messages = *static_cast<PngMessages*>(png_get_error_ptr(png));
    std::snprintf(messages.error, sizeof messages.error, "%s", message);
    std::longjmp(messages.jump, 1);
}

void onPngWarning(png_structp png, png_const_charp message) {
    keepDecoderWarning(*static_cast<PngMessages*>(png_get_error_ptr(png))->warnings, message);
}

// Everything libpng may jump out of. False: an error (messages.error) or a size over the limit.
bool readPng(png_structp png, png_infop info, PngMessages& messages, std::FILE* file,
             std::uint64_t maxPixels, cv::Mat& out, std::vector<png_bytep>& rows) {
    if (setjmp(messages.jump)) return false;
    png_init_io(png, file);
    png_read_info(png, info);
    const png_uint_32 width = png_get_image_width(png, info);
    const png_uint_32 height = png_get_image_height(png, info);
    if (height == 0 || width > maxPixels / height) {
        messages.tooLarge = true;
        return false;
    }
    const int depth = png_get_bit_depth(png, info);
    const int type = png_get_color_type(png, info);
    // What cv::imread(IMREAD_UNCHANGED) gives, but gray + alpha kept as two channels: palettes
    // expanded, low bit depths widened to 8, a tRNS chunk made an alpha channel, BGR order,
    // 16-bit samples in the host's order.
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16 && std::endian::native == std::endian::little) png_set_swap(png);
    if (type & PNG_COLOR_MASK_COLOR) png_set_bgr(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    const int channels = png_get_channels(png, info);
    const int bits = png_get_bit_depth(png, info);
    out.create(static_cast<int>(height), static_cast<int>(width),
               CV_MAKETYPE(bits == 16 ? CV_16U : CV_8U, channels));
    rows.resize(height);
    for (png_uint_32 y = 0; y < height; ++y) rows[y] = out.ptr(static_cast<int>(y));
    png_read_image(png, rows.data());
    png_read_end(png, nullptr);
    return true;
}

}  // namespace

Expected<DecodedRaster> decodePng(const std::filesystem::path& path, std::uint64_t maxPixels) {
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file)
        return makeError(ErrorCode::Io,
                         std::string("cannot be opened for reading: ") + std::strerror(errno));
    DecodedRaster result;
    PngMessages messages{};
    messages.warnings = &result.warnings;
    png_structp png =
        png_create_read_struct(PNG_LIBPNG_VER_STRING, &messages, onPngError, onPngWarning);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!info) {
        png_destroy_read_struct(&png, nullptr, nullptr);
        std::fclose(file);
        return makeError(ErrorCode::OutOfMemory, "not enough memory to start the PNG decoder");
    }
    cv::Mat raw;
    std::vector<png_bytep> rows;
    bool ok = false;
    try {
        ok = readPng(png, info, messages, file, maxPixels, raw, rows);
    } catch (...) {
        png_destroy_read_struct(&png, &info, nullptr);
        std::fclose(file);
        throw;
    }
    png_destroy_read_struct(&png, &info, nullptr);
    std::fclose(file);
    if (messages.tooLarge) {
        return overPixelLimit("PNG", maxPixels);
    }
    if (!ok) {
        return makeError(
            ErrorCode::Malformed,
            std::string("the PNG data cannot be decoded (libpng: ") + messages.error + ")");
    }
    result.pixels = raw;
    return result;
}

}  // namespace gpen
