// SPDX-License-Identifier: Apache-2.0
// Writes the fuzzers' starting inputs: small checkpoints in both torch.save formats (floating,
// half and integer storages, views, a nested state dict) and small images of every accepted
// format (8- and 16-bit, gray, alpha). packaging/fuzz.sh adds the fixtures' small .pth files.
// usage: fuzz_seeds CHECKPOINT_DIR IMAGE_DIR

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "support/torch_save_writer.h"

namespace fs = std::filesystem;
using namespace gpen::test;

namespace {

void write(const fs::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

void checkpointSeeds(const fs::path& dir) {
    const StoredStorage weights = floatStorage("0", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    const StoredStorage bias = floatStorage("1", {0.5F, -0.5F});
    StoredStorage half{"2", "HalfStorage", 4, std::string("\x00\x3c\x00\x40\x00\x42\x00\x44", 8)};
    StoredStorage longs{"3", "LongStorage", 1, std::string("\x07\0\0\0\0\0\0\0", 8)};
    const std::vector<StoredTensor> tensors = {
        {"conv.weight", &weights, {3, 4}, {4, 1}},
        {"conv.bias", &bias, {2}, {1}},
        {"module.view", &weights, {2, 2}, {1, 4}, 5},
        {"half", &half, {4}, {1}},
        {"steps", &longs, {}, {}},
    };
    const std::vector<const StoredStorage*> storages = {&weights, &bias, &half, &longs};
    for (const bool legacy : {false, true}) {
        const std::string pickle = stateDictPickle(tensors, legacy);
        write(dir / (legacy ? "seed-legacy.pth" : "seed-zip.pth"),
              legacy ? legacyFile(pickle, storages) : zipFile(pickle, storages));
        // The same state dict nested under params_ema, as released RRDBNet files are.
        PickleWriter nested;
        nested.proto().emptyDict().str("params_ema");
        writeTensorDict(nested, tensors, legacy);
        nested.setItem().stop();
        write(dir / (legacy ? "seed-legacy-nested.pth" : "seed-zip-nested.pth"),
              legacy ? legacyFile(nested.bytes(), storages) : zipFile(nested.bytes(), storages));
    }
}

void imageSeeds(const fs::path& dir) {
    cv::Mat colour(12, 16, CV_8UC3);
    cv::randu(colour, 0, 256);
    cv::Mat deep;
    colour.convertTo(deep, CV_16U, 257.0);
    cv::Mat withAlpha(12, 16, CV_8UC4);
    cv::randu(withAlpha, 0, 256);
    cv::Mat gray(12, 16, CV_8UC1);
    cv::randu(gray, 0, 256);
    const std::vector<std::pair<std::string, cv::Mat>> images = {
        {"colour.png", colour},  {"deep.png", deep},        {"alpha.png", withAlpha},
        {"gray.png", gray},      {"colour.jpg", colour},    {"gray.jpg", gray},
        {"colour.tif", colour},  {"deep.tif", deep},        {"alpha.tif", withAlpha},
        {"colour.webp", colour}, {"alpha.webp", withAlpha}, {"colour.bmp", colour},
        {"gray.bmp", gray},
    };
    for (const auto& [name, image] : images) {
        std::vector<unsigned char> bytes;
        if (!cv::imencode(fs::path(name).extension().string(), image, bytes)) {
            std::cerr << "cannot encode " << name << "\n";
            continue;
        }
        write(dir / name, std::string(bytes.begin(), bytes.end()));
    }
    std::vector<unsigned char> progressive;
    if (cv::imencode(".jpg", colour, progressive, {cv::IMWRITE_JPEG_PROGRESSIVE, 1})) {
        write(dir / "progressive.jpg", std::string(progressive.begin(), progressive.end()));
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: fuzz_seeds CHECKPOINT_DIR IMAGE_DIR\n";
        return 2;
    }
    fs::create_directories(argv[1]);
    fs::create_directories(argv[2]);
    checkpointSeeds(argv[1]);
    imageSeeds(argv[2]);
    return 0;
}
