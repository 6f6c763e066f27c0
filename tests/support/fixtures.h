// SPDX-License-Identifier: Apache-2.0
#pragma once

// Test helpers for ../shared/fixtures: the manifest, raw .f32 tensors, tolerances.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpen/base/float_tensor.h"

namespace gpen::test {

std::filesystem::path fixturesDir();
std::filesystem::path sampleImagesDir();
// The manifest, or nullopt when the fixtures folder is absent (the parity tests then skip).
const nlohmann::json* manifest();
const nlohmann::json* findCase(const std::string& name);
std::vector<const nlohmann::json*> casesOfKind(const std::string& kind);

FloatTensor readF32(const std::filesystem::path& file, const Shape& shape);
// A file's bytes as they are (empty when it cannot be read).
std::string readFileBytes(const std::filesystem::path& file);
// An input or output entry of a case: {"file", "shape"} or {"fill_salt", "shape", "fill_scale"}.
FloatTensor loadTensorEntry(const nlohmann::json& entry);
Shape shapeFromJson(const nlohmann::json& j);

// "max|out-ref| <= 1e-4 * max(1, max|ref|)" -> 1e-4
double relativeTolerance(const nlohmann::json& testCase);

struct Agreement {
    double maxAbsDiff = 0;
    double maxAbsRef = 0;
    double bound = 0;
    bool ok = false;
    std::string describe() const;
};
Agreement compare(const FloatTensor& out, const FloatTensor& ref, double relTol);

}  // namespace gpen::test

// Skips the current test when the fixtures are not there, saying where they were looked for.
#define GPEN_REQUIRE_FIXTURES()                                                     \
    do {                                                                            \
        if (!::gpen::test::manifest()) {                                            \
            GTEST_SKIP() << "fixtures not found at " << ::gpen::test::fixturesDir() \
                         << " (set -DGPEN_FIXTURES_DIR); parity not checked";       \
        }                                                                           \
    } while (0)

namespace gpen::test {
// Sets the compute threads once for the test process (libtorch would use one).
void configureTestRuntime();
}  // namespace gpen::test
