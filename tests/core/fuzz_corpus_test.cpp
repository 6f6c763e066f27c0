// SPDX-License-Identifier: Apache-2.0
// Replays the fuzzers' trimmed corpus (tests/fuzz/corpus, grown by packaging/fuzz.sh) through
// the checkpoint reader and the image decoder: every input ends in a result or an error that
// names the file, never a crash, a hang or an internal error.

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "gpen/io/checkpoint.h"
#include "gpen/io/image_io.h"
#include "support/fixtures.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> corpus(const std::string& which) {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(fs::path(GPEN_FUZZ_CORPUS_DIR) / which)) {
        if (e.is_regular_file()) files.push_back(e.path());
    }
    return files;
}

TEST(FuzzCorpus, CheckpointInputsEndInAResultOrANamedError) {
    const auto files = corpus("checkpoint");
    ASSERT_GE(files.size(), 5U) << "the committed corpus is missing";
    for (const auto& file : files) {
        SCOPED_TRACE(file.filename().string());
        const std::string bytes = test::readFileBytes(file);
        for (const bool storages : {true, false}) {
            const auto result =
                readCheckpointFromMemory(bytes, "corpus.pth", {.readStorages = storages});
            if (!result) {
                EXPECT_NE(result.error().code, ErrorCode::Internal) << result.error().message;
                EXPECT_EQ(result.error().message.rfind("corpus.pth: ", 0), 0U)
                    << result.error().message;
            }
        }
    }
}

TEST(FuzzCorpus, ImageInputsEndInAResultOrANamedError) {
    const auto files = corpus("image");
    ASSERT_GE(files.size(), 5U) << "the committed corpus is missing";
    for (const auto& file : files) {
        SCOPED_TRACE(file.filename().string());
        const auto result = readImage(file, {.maxPixels = 16'000'000});
        if (!result) {
            EXPECT_NE(result.error().code, ErrorCode::Internal) << result.error().message;
            EXPECT_EQ(result.error().message.rfind(file.filename().string() + ": ", 0), 0U)
                << result.error().message;
        } else {
            EXPECT_FALSE(result->bgr8.empty());
        }
    }
}

}  // namespace
}  // namespace gpen
