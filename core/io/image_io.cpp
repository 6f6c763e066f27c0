// SPDX-License-Identifier: Apache-2.0
#include "gpen/io/image_io.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/base/ascii.h"
#include "gpen/base/log.h"
#include "io/image_decoders.h"
#include "io/image_header.h"
#include "io/image_metadata.h"

namespace gpen {
namespace {

std::string lowerExtension(const std::filesystem::path& path) {
    return asciiLower(path.extension().string());
}

// TIFF, BMP and WebP are decoded by OpenCV 4.6, which writes a failed decode on std::cerr
// ("imread_('...'): can't read data: ...") and returns an empty picture. Core never prints: the
// line is caught and goes to the log; the user gets our message naming the file. std::cerr is
// the process's, so one decode at a time redirects it (these formats are a small share of the
// reading, and decoding is a small share of a restore).
cv::Mat decodeWithOpenCv(const std::filesystem::path& path, const std::string& name) {
    static std::mutex redirecting;
    std::ostringstream caught;
    cv::Mat raw;
    {
        const std::lock_guard lock(redirecting);
        struct Redirect {
            std::streambuf* previous;
            ~Redirect() { std::cerr.rdbuf(previous); }
        } redirect{std::cerr.rdbuf(caught.rdbuf())};
        raw = cv::imread(path.string(), cv::IMREAD_UNCHANGED);
    }
    std::string said = caught.str();
    while (!said.empty() && std::isspace(static_cast<unsigned char>(said.back()))) said.pop_back();
    if (!said.empty()) log(LogLevel::Info, name + ": OpenCV said: " + said);
    return raw;
}

std::string pixelLimitMessage(const std::string& name, const std::string& size,
                              std::uint64_t maxPixels) {
    return name + ": " + size + " is more than the limit of " +
           std::to_string(maxPixels / 1'000'000) + " megapixels";
}

// The EXIF orientation's transform to upright (TIFF tag 274: 1 normal, 2 mirrored, 3 rotated
// 180, 4 flipped, 5 transposed, 6 rotated 90 clockwise, 7 transversed, 8 rotated 90 counter-
// clockwise). IMREAD_UNCHANGED never applies it, so we do, for every format.
cv::Mat upright(const cv::Mat& m, int orientation) {
    cv::Mat out;
    switch (orientation) {
        case 2:
            cv::flip(m, out, 1);
            break;
        case 3:
            cv::rotate(m, out, cv::ROTATE_180);
            break;
        case 4:
            cv::flip(m, out, 0);
            break;
        case 5:
            cv::transpose(m, out);
            break;
        case 6:
            cv::rotate(m, out, cv::ROTATE_90_CLOCKWISE);
            break;
        case 7:
            cv::transpose(m, out);
            cv::flip(out, out, -1);
            break;
        case 8:
            cv::rotate(m, out, cv::ROTATE_90_COUNTERCLOCKWISE);
            break;
        default:
            return m;
    }
    return out;
}

cv::Mat to8Bit(const cv::Mat& m) {
    if (m.depth() == CV_8U) return m;
    cv::Mat out;
    if (m.depth() == CV_16U) {
        m.convertTo(out, CV_8U, 1.0 / 257.0);
    } else if (m.depth() == CV_32F || m.depth() == CV_64F) {
        m.convertTo(out, CV_8U, 255.0);  // float images hold 0..1
    } else {
        m.convertTo(out, CV_8U);
    }
    return out;
}

// What the target format can hold: 16 bits only in PNG and TIFF, alpha not in JPEG.
cv::Mat fitFormat(const cv::Mat& image, const std::string& ext) {
    cv::Mat out = image;
    const bool sixteen = ext == ".png" || ext == ".tif" || ext == ".tiff";
    if (out.depth() == CV_16U && !sixteen) out = to8Bit(out);
    if (out.channels() == 2) {  // gray + alpha: no encoder writes two channels, so BGRA
        std::vector<cv::Mat> planes;
        cv::split(out, planes);
        out = cv::Mat();
        cv::merge(std::vector<cv::Mat>{planes[0], planes[0], planes[0], planes[1]}, out);
    }
    if (out.channels() == 4 && (ext == ".jpg" || ext == ".jpeg"))
        cv::cvtColor(out, out, cv::COLOR_BGRA2BGR);
    return out;
}

// Why `path` cannot be an input photo, or nothing: a missing file, a folder, a device or a FIFO
// (reading /dev/zero or a pipe would never end) each get their own words.
std::optional<std::string> inputKindProblem(const std::filesystem::path& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (status.type() == std::filesystem::file_type::not_found) return "no such file";
    if (ec) return "cannot be examined (" + ec.message() + ")";
    if (std::filesystem::is_directory(status)) return "is a folder, not an image file";
    if (!std::filesystem::is_regular_file(status))
        return "is not a regular file (a device, pipe or socket)";
    return std::nullopt;
}

const char* depthName(int depth) {
    switch (depth) {
        case CV_8S:
            return "8-bit signed";
        case CV_16S:
            return "16-bit signed";
        case CV_32S:
            return "32-bit integers";
        case CV_32F:
            return "32-bit floating point";
        case CV_64F:
            return "64-bit floating point";
        default:
            return "of an unusual type";
    }
}

std::string tiffSampleProblem(const ImageHeader& header) {
    const std::string kind = header.sampleFormat == 3   ? "floating-point"
                             : header.sampleFormat == 2 ? "signed"
                                                        : "unsigned";
    return "a TIFF of " + std::to_string(header.bitsPerSample) + "-bit " + kind +
           " samples, whose range would be lost; only 8- and 16-bit unsigned images are read "
           "(convert it first)";
}

// What libjpeg or libpng warned about while decoding. libjpeg's warnings mean damaged data it
// decoded around (the picture may be wrong in places): a warning in the result and the log, never
// a silent loss. libpng's concern ancillary chunks it skipped, never pixels: the log's Info.
void noteLibraryWarnings(const std::string& name, ImageFormat format,
                         const std::vector<std::string>& libraryWarnings,
                         std::vector<std::string>& warnings) {
    if (libraryWarnings.empty()) return;
    if (format == ImageFormat::Png) {
        for (const auto& w : libraryWarnings)
            log(LogLevel::Info, name + ": libpng skipped part of the file: " + w);
        return;
    }
    if (!warnings.empty())
        return;  // a JPEG cut short, already said: libjpeg's "premature end" repeats it
    std::string joined;
    for (const auto& w : libraryWarnings) joined += (joined.empty() ? "" : "; ") + w;
    const std::string why =
        "the JPEG data is damaged and was decoded around it, so parts of the picture may be "
        "wrong (libjpeg: " +
        joined + ")";
    warnings.push_back(why);
    log(LogLevel::Warning, name + ": " + why);
}

}  // namespace

namespace {

// What readImage refuses from the header alone (no decoder runs): a special file, a format not
// read, a size over the limit, TIFF samples that would lose range. Errors name the file.
Expected<ImageHeader> checkedHeader(const std::filesystem::path& path,
                                    const ImageReadParams& params, const std::string& name) {
    if (auto kind = inputKindProblem(path)) return makeError(ErrorCode::Io, name + ": " + *kind);
    // Format and size from our own reading of the header, before any decoder sees the file.
    auto header = readImageHeader(path);
    if (!header) return tl::unexpected<Error>(withContext(header.error(), name));
    if (header->width > params.maxPixels / header->height) {
        return makeError(
            ErrorCode::TooLarge,
            pixelLimitMessage(name,
                              std::to_string(header->width) + "x" + std::to_string(header->height),
                              params.maxPixels));
    }
    if (header->format == ImageFormat::Tiff &&
        (header->sampleFormat == 2 || header->sampleFormat == 3 || header->bitsPerSample > 16)) {
        return makeError(ErrorCode::InvalidArgument, name + ": " + tiffSampleProblem(*header));
    }
    return header;
}

std::string displayName(const std::filesystem::path& path) {
    return path.filename().string().empty() ? path.string() : path.filename().string();
}

}  // namespace

Expected<void> checkImageFile(const std::filesystem::path& path, const ImageReadParams& params) {
    const auto header = checkedHeader(path, params, displayName(path));
    if (!header) return tl::unexpected<Error>(header.error());
    return {};
}

Expected<DecodedImage> readImage(const std::filesystem::path& path, const ImageReadParams& params) {
    const std::string name = displayName(path);
    const auto refuse = [&](const Error& e) { return tl::unexpected<Error>(withContext(e, name)); };
    const auto header = checkedHeader(path, params, name);
    if (!header) return tl::unexpected<Error>(header.error());
    std::vector<std::string> warnings;
    if (header->format == ImageFormat::Jpeg) {
        const auto complete = jpegIsComplete(path);
        if (!complete) return refuse(complete.error());
        if (!*complete) {
            const std::string why =
                "the JPEG data ends before its end-of-image marker: the file is cut short or "
                "damaged, and part of the picture would be gray";
            if (!params.acceptIncomplete) return makeError(ErrorCode::Truncated, name + ": " + why);
            warnings.push_back(why);
            log(LogLevel::Warning, name + ": " + why);
        }
    }
    const ImageHeaderFacts facts = readImageHeaderFacts(path);
    try {
        cv::Mat raw;
        if (header->format == ImageFormat::Jpeg || header->format == ImageFormat::Png) {
            auto decoded = header->format == ImageFormat::Jpeg ? decodeJpeg(path, params.maxPixels)
                                                               : decodePng(path, params.maxPixels);
            if (!decoded) return refuse(decoded.error());
            raw = std::move(decoded->pixels);
            noteLibraryWarnings(name, header->format, decoded->warnings, warnings);
        } else {
            raw = decodeWithOpenCv(path, name);
        }
        if (raw.empty()) {
            return makeError(ErrorCode::Io,
                             name + ": the " + imageFormatName(header->format) +
                                 " data cannot be decoded (a damaged or cut-short file?)");
        }
        if (static_cast<std::uint64_t>(raw.cols) != header->width ||
            static_cast<std::uint64_t>(raw.rows) != header->height) {
            return makeError(ErrorCode::Malformed,
                             name + ": the header says " + std::to_string(header->width) + "x" +
                                 std::to_string(header->height) + " but the picture decodes as " +
                                 std::to_string(raw.cols) + "x" + std::to_string(raw.rows));
        }
        if (raw.depth() != CV_8U && raw.depth() != CV_16U) {
            return makeError(
                ErrorCode::InvalidArgument,
                name + ": its samples are " + depthName(raw.depth()) +
                    ", which would lose their range; only 8- and 16-bit unsigned images are read");
        }
        raw = upright(raw, facts.orientation);
        DecodedImage d;
        d.warnings = std::move(warnings);
        d.orientation = facts.orientation;
        d.gray = raw.channels() <= 2;
        cv::Mat colour;
        if (raw.channels() == 2 || raw.channels() == 4) {
            std::vector<cv::Mat> planes;
            cv::split(raw, planes);
            d.alpha = planes.back();
            planes.pop_back();
            cv::merge(planes, colour);
        } else {
            colour = raw;
        }
        if (colour.channels() == 1) cv::cvtColor(colour, colour, cv::COLOR_GRAY2BGR);
        if (colour.depth() == CV_16U) d.bgr16 = colour;
        d.bgr8 = to8Bit(colour);
        if (!d.alpha.empty() && d.alpha.depth() != CV_16U) d.alpha = to8Bit(d.alpha);
        return d;
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Io, name + ": " + e.msg);
    } catch (const std::bad_alloc&) {
        return makeError(ErrorCode::OutOfMemory, name + ": not enough memory to decode it");
    }
}

Expected<cv::Mat> readImageBgr8(const std::filesystem::path& path, const ImageReadParams& params) {
    auto d = readImage(path, params);
    if (!d) return tl::unexpected(d.error());
    return d->bgr8;
}

cv::Mat toInputLayout(const DecodedImage& input, const cv::Mat& restored) {
    cv::Mat colour = restored;
    if (!input.bgr16.empty()) {
        if (input.bgr16.size() == restored.size()) {
            // original + 257 x (what the restoration changed): untouched pixels keep every bit.
            cv::Mat delta;
            cv::subtract(restored, input.bgr8, delta, cv::noArray(), CV_32S);
            cv::Mat base;
            input.bgr16.convertTo(base, CV_32S);
            cv::Mat sum = base + delta * 257;
            sum.convertTo(colour, CV_16U);  // saturates to 0..65535
        } else {
            restored.convertTo(colour, CV_16U, 257.0);
        }
    }
    if (input.gray) cv::cvtColor(colour, colour, cv::COLOR_BGR2GRAY);
    if (input.alpha.empty()) return colour;
    cv::Mat alpha = input.alpha;
    if (alpha.size() != colour.size())
        cv::resize(alpha, alpha, colour.size(), 0, 0, cv::INTER_LINEAR);
    if (alpha.depth() != colour.depth()) {
        alpha.convertTo(alpha, colour.depth(), colour.depth() == CV_16U ? 257.0 : 1.0 / 257.0);
    }
    std::vector<cv::Mat> planes;
    cv::split(colour, planes);
    planes.push_back(alpha);
    cv::Mat out;
    cv::merge(planes, out);
    return out;
}

Expected<void> writeImageAtomic(const std::filesystem::path& path, const cv::Mat& image,
                                const ImageWriteParams& params) {
    const std::string name = path.filename().string();
    if (image.empty()) {
        return makeError(ErrorCode::InvalidArgument, name + ": nothing to write (empty image)");
    }
    const std::string given = lowerExtension(path);
    const std::string ext = given.empty() ? std::string(".png") : given;
    std::vector<int> flags;
    if (ext == ".jpg" || ext == ".jpeg") {
        flags = {cv::IMWRITE_JPEG_QUALITY, std::clamp(params.jpegQuality, 1, 100)};
    } else if (ext == ".webp") {
        flags = {cv::IMWRITE_WEBP_QUALITY, std::clamp(params.jpegQuality, 1, 100)};
    } else if (ext == ".png") {
        flags = {cv::IMWRITE_PNG_COMPRESSION, std::clamp(params.pngCompression, 0, 9)};
    }
    std::vector<unsigned char> encoded;
    cv::Mat fitted;
    try {
        fitted = fitFormat(image, ext);
        if (!cv::imencode(ext, fitted, encoded, flags)) {
            return makeError(ErrorCode::InvalidArgument, name + ": cannot encode as '" + ext + "'");
        }
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::InvalidArgument,
                         name + ": cannot encode as '" + ext + "': " + e.msg);
    }
    if (!params.metadataFrom.empty() || !params.processingNote.empty()) {
        std::string warning;
        encoded = withMetadata(
            std::move(encoded),
            {params.metadataFrom, params.processingNote, fitted.cols, fitted.rows}, &warning);
        if (!warning.empty()) log(LogLevel::Warning, name + ": " + warning);
    }
    return writeFileAtomic(path, encoded, params.atomic);
}

}  // namespace gpen
