// Measures an x2 upscaler against plain interpolation on a real photo: the photo (or a region of
// it) is halved -- by 2 x 2 averaging and by bicubic sampling -- then brought back by nearest,
// bilinear and bicubic interpolation and by `gpen-cli restore --sr-scale 2` with the embedded
// network of each @upscalerjs variant given; prints PSNR against the original and the mean
// gradient (Sobel magnitude of the gray image: how sharp it looks), and each network's time.
// Used once by hand to choose the embedded variant (the numbers are in the issue-11 note); the
// test suite holds the chosen one to them (tests/core/embedded_upscaler_test.cpp).
//
//   g++ -O2 -std=c++20 -I tests tests/tools/upscaler_quality.cpp -o /tmp/upscaler_quality $(pkg-config --cflags --libs opencv4)
//   npm pack @upscalerjs/esrgan-slim@1.0.0 && mkdir slim && tar xzf upscalerjs-esrgan-slim-1.0.0.tgz -C slim
//   /tmp/upscaler_quality build/app/gpen-cli PHOTO X Y W H slim/package/models medium/package/models
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "support/image_quality.h"

namespace fs = std::filesystem;

using gpen::test::meanGradient;
using gpen::test::psnr;

int main(int argc, char** argv) {
    if (argc < 8) {
        std::fprintf(stderr, "usage: %s GPEN_CLI PHOTO X Y W H MODELS_DIR...\n", argv[0]);
        return 2;
    }
    const std::string cli = argv[1];
    const cv::Mat photo = cv::imread(argv[2], cv::IMREAD_COLOR);
    if (photo.empty()) {
        std::fprintf(stderr, "%s: not a readable image\n", argv[2]);
        return 1;
    }
    const cv::Rect region(std::stoi(argv[3]), std::stoi(argv[4]), std::stoi(argv[5]), std::stoi(argv[6]));
    const cv::Mat original = photo(region & cv::Rect(0, 0, photo.cols, photo.rows)).clone();
    const fs::path work = fs::temp_directory_path() / "gpen-upscaler-quality";
    fs::create_directories(work / "no-models");
    std::printf("%s %dx%d at %d,%d: original mean gradient %.2f\n", argv[2], original.cols, original.rows, region.x, region.y,
                meanGradient(original));
    for (const auto& [how, interpolation] : {std::pair{"2x2 average", cv::INTER_AREA}, std::pair{"bicubic sampling", cv::INTER_CUBIC}}) {
        cv::Mat half;
        cv::resize(original, half, cv::Size(), 0.5, 0.5, interpolation);
        cv::imwrite((work / "half.png").string(), half);
        std::printf("halved by %s\n  %-40s %8s %8s\n", how, "", "PSNR dB", "gradient");
        for (const auto& [name, up] : {std::pair{"nearest", cv::INTER_NEAREST}, std::pair{"bilinear", cv::INTER_LINEAR},
                                       std::pair{"bicubic", cv::INTER_CUBIC}}) {
            cv::Mat back;
            cv::resize(half, back, original.size(), 0, 0, up);
            std::printf("  %-40s %8.2f %8.2f\n", name, psnr(back, original), meanGradient(back));
        }
        for (int i = 7; i < argc; ++i) {
            const fs::path out = work / "net.png";
            const std::string command = "GPEN_UPSCALER_DIR='" + std::string(argv[i]) + "' '" + cli + "' restore '" +
                                        (work / "half.png").string() + "' '" + out.string() + "' --sr-scale 2 --models-dir '" +
                                        (work / "no-models").string() + "' --no-keep-gray --no-metadata > /dev/null 2>&1";
            const auto started = std::chrono::steady_clock::now();
            if (std::system(command.c_str()) != 0) {
                std::fprintf(stderr, "failed: %s\n", command.c_str());
                return 1;
            }
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            const cv::Mat back = cv::imread(out.string(), cv::IMREAD_COLOR);
            std::printf("  %-40s %8.2f %8.2f  (%.1f s)\n", argv[i], psnr(back, original), meanGradient(back), s);
        }
    }
    return 0;
}
