// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: image decoding as readImage does it (format sniffing, our header reading,
// the JPEG completeness walk, exiv2's orientation, OpenCV's decoder). readImage reads by path, so
// each input is written to a file in /dev/shm first.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include "gpen/io/image_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::string path = "/dev/shm/gpen-image-fuzz-" + std::to_string(::getpid());
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    // A lower pixel limit than the product's keeps each run within the fuzzer's memory limit;
    // the check itself is the same.
    (void)gpen::readImage(path, {.maxPixels = 16'000'000, .acceptIncomplete = true});
    return 0;
}
