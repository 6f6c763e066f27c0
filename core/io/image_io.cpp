#include "gpen/io/image_io.h"

#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include <opencv2/imgcodecs.hpp>

namespace gpen {
namespace {

std::string lowerExtension(const std::filesystem::path& path) {
    std::string ext = path.extension().string();
    for (auto& c : ext) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return ext;
}

}  // namespace

Expected<cv::Mat> readImageBgr8(const std::filesystem::path& path, const ImageReadParams& params) {
    const std::string name = path.filename().string();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        return makeError(ErrorCode::Io, name + ": no such file");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return makeError(ErrorCode::Io, name + ": cannot be opened for reading");
    }
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    try {
        cv::Mat image = cv::imdecode(bytes, cv::IMREAD_COLOR);  // applies EXIF orientation
        if (image.empty()) {
            return makeError(ErrorCode::Io, name + ": not an image OpenCV can decode (or a damaged one)");
        }
        if (image.total() > params.maxPixels) {
            return makeError(ErrorCode::InvalidArgument,
                             name + ": " + std::to_string(image.cols) + "x" + std::to_string(image.rows) +
                                 " is more than the limit of " +
                                 std::to_string(params.maxPixels / 1'000'000) + " megapixels");
        }
        return image;
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Io, name + ": " + e.msg);
    }
}

Expected<void> writeImageAtomic(const std::filesystem::path& path, const cv::Mat& image,
                                const ImageWriteParams& params) {
    const std::string name = path.filename().string();
    if (image.empty()) {
        return makeError(ErrorCode::InvalidArgument, name + ": nothing to write (empty image)");
    }
    const std::string ext = lowerExtension(path);
    std::vector<int> flags;
    if (ext == ".jpg" || ext == ".jpeg") {
        flags = {cv::IMWRITE_JPEG_QUALITY, params.jpegQuality};
    } else if (ext == ".png") {
        flags = {cv::IMWRITE_PNG_COMPRESSION, params.pngCompression};
    }
    std::vector<unsigned char> encoded;
    try {
        if (!cv::imencode(ext.empty() ? std::string(".png") : ext, image, encoded, flags)) {
            return makeError(ErrorCode::InvalidArgument, name + ": cannot encode as '" + ext + "'");
        }
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::InvalidArgument, name + ": cannot encode as '" + ext + "': " + e.msg);
    }
    std::random_device rd;
    const auto tmp = path.parent_path() /
                     ("." + name + ".tmp-" + std::to_string(rd() % 1000000U));
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) {
            return makeError(ErrorCode::Io, name + ": cannot create a file in " +
                                                (path.parent_path().empty() ? std::string(".") : path.parent_path().string()));
        }
        out.write(reinterpret_cast<const char*>(encoded.data()), static_cast<std::streamsize>(encoded.size()));
        out.flush();
        if (!out) {
            out.close();
            std::error_code ignored;
            std::filesystem::remove(tmp, ignored);
            return makeError(ErrorCode::Io, name + ": writing failed (disk full?); nothing was changed");
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::filesystem::remove(tmp, ec);
        return makeError(ErrorCode::Io, name + ": cannot replace the file: " + ec.message());
    }
    return {};
}

}  // namespace gpen
