// SPDX-License-Identifier: Apache-2.0
#pragma once

// The shared sample photos (GPEN_SAMPLE_IMAGES_DIR) as 8-bit BGR, for the tests that degrade
// them: the damage repair's and the print stage's.

#include <filesystem>
#include <initializer_list>
#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/io/image_io.h"
#include "support/fixtures.h"

namespace gpen::test {

struct SharedPhoto {
    std::string name;  // the file's stem: "astronaut"
    cv::Mat clean;
};

// Those of `paths` (relative to the sample folder) that could be read; a test compares the count.
inline std::vector<SharedPhoto> sharedPhotos(std::initializer_list<const char*> paths) {
    std::vector<SharedPhoto> photos;
    for (const char* path : paths) {
        auto img = readImageBgr8(sampleImagesDir() / path);
        if (img) photos.push_back({std::filesystem::path(path).stem().string(), *img});
    }
    return photos;
}

// The four colour photos of the sample folder's colour/.
inline std::vector<SharedPhoto> colourPhotos() {
    return sharedPhotos(
        {"colour/astronaut.png", "colour/coffee.png", "colour/chelsea.png", "colour/rocket.jpg"});
}

}  // namespace gpen::test
