// SPDX-License-Identifier: Apache-2.0
// The checkpoint reader against hostile and damaged files: every prefix, random damage, stride-0
// broadcasts, deflated, overlapping and out-of-file zip records, and a flood of tensor names.

#include "gpen/io/checkpoint.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "checkpoint_test_helpers.h"
#include "support/peak_memory.h"
#include "support/torch_save_writer.h"

namespace gpen {
namespace {

using namespace checkpoint_test;
using test::PickleWriter;

TEST(CheckpointReader, EveryPrefixOfACheckpointIsTruncated) {
    const StoredStorage a = test::floatStorage("0", {1, 2, 3, 4, 5, 6});
    const StoredStorage b = test::floatStorage("1", {7, 8});
    for (const auto format : kFormats) {
        SCOPED_TRACE(checkpointFormatName(format));
        const std::string bytes = checkpointBytes(format, smallTensors(a, b), {&a, &b});
        ASSERT_TRUE(readCheckpointFromMemory(bytes, "whole.pth"));
        // Shorter than a zip signature the bytes are not recognisably a zip at all.
        const std::size_t first = format == CheckpointFormat::Zip ? 4 : 1;
        for (std::size_t size = first; size < bytes.size(); ++size) {
            const auto result = readCheckpointFromMemory(bytes.substr(0, size), "cut.pth");
            ASSERT_FALSE(result) << size;
            ASSERT_EQ(result.error().code, ErrorCode::Truncated)
                << size << ": " << result.error().message;
            ASSERT_EQ(result.error().message.rfind(
                          "cut.pth: truncated at byte " + std::to_string(size), 0),
                      0u)
                << result.error().message;
        }
    }
}

void expectReadsOrFailsCleanly(const std::string& bytes, const std::string& what) {
    const auto result = readCheckpointFromMemory(bytes, "damaged.pth");
    if (!result) {
        EXPECT_NE(result.error().code, ErrorCode::Internal)
            << what << ": " << result.error().message;
        EXPECT_EQ(result.error().message.rfind("damaged.pth: ", 0), 0u)
            << what << ": " << result.error().message;
    }
}

TEST(CheckpointReader, DamagedBytesNeverCrash) {
    const StoredStorage a = test::floatStorage("0", {1, 2, 3, 4, 5, 6});
    const StoredStorage b = test::floatStorage("1", {7, 8});
    const std::string legacy =
        checkpointBytes(CheckpointFormat::Legacy, smallTensors(a, b), {&a, &b});
    const std::string pickle = test::stateDictPickle(smallTensors(a, b), false);
    for (const char replacement : {'\x00', '\x7f', '\x80', '\xff'}) {
        for (std::size_t i = 0; i < legacy.size(); ++i) {
            std::string damaged = legacy;
            damaged[i] = replacement;
            expectReadsOrFailsCleanly(damaged, "legacy byte " + std::to_string(i));
        }
        // Damage inside data.pkl of an otherwise valid archive reaches the unpickler.
        for (std::size_t i = 0; i < pickle.size(); ++i) {
            std::string damaged = pickle;
            damaged[i] = replacement;
            expectReadsOrFailsCleanly(test::zipFile(damaged, {&a, &b}),
                                      "data.pkl byte " + std::to_string(i));
        }
    }
}

// ---- Hostile files: bounded time and memory ----

// Forty tensors of 2^30 elements with stride 0 over a one-element storage: about 2 KB that
// would materialise as 160 GiB.
std::string strideZeroBytes(CheckpointFormat format, const StoredStorage& one) {
    std::vector<StoredTensor> tensors;
    for (int i = 0; i < 40; ++i) {
        std::string name = "broadcast.";
        name += std::to_string(i);
        tensors.push_back({name, &one, {std::int64_t{1} << 30}, {0}});
    }
    return checkpointBytes(format, tensors, {&one});
}

TEST(CheckpointReader, StrideZeroFileIsRefusedQuicklyInLittleMemory) {
    const StoredStorage one = test::floatStorage("0", {1.0F});
    TempDir dir;
    for (const auto format : kFormats) {
        SCOPED_TRACE(checkpointFormatName(format));
        const fs::path file =
            writeBytes(dir.path() / "broadcast.pth", strideZeroBytes(format, one));
        ASSERT_LT(fs::file_size(file), 8000U);
        const std::uint64_t before = test::peakResidentBytes(true);
        const auto started = std::chrono::steady_clock::now();
        const auto result = readCheckpoint(file);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        const std::uint64_t grown = test::peakResidentBytes(false) - before;
        ASSERT_FALSE(result);
        EXPECT_EQ(result.error().code, ErrorCode::Malformed) << result.error().message;
        EXPECT_NE(result.error().message.find("broadcast.pth: tensor broadcast.0"),
                  std::string::npos)
            << result.error().message;
        EXPECT_LT(seconds, 1.0);
        EXPECT_LT(grown, std::uint64_t{200} << 20);
        // The names-and-shapes read (model discovery) refuses it the same way.
        const auto shapes = readCheckpoint(file, {.readStorages = false});
        ASSERT_FALSE(shapes);
        EXPECT_EQ(shapes.error().code, ErrorCode::Malformed);
    }
}

TEST(CheckpointReader, ShapesOnlyReadGivesNamesAndShapesWithoutValues) {
    const StoredStorage a = test::floatStorage("0", {1, 2, 3, 4, 5, 6});
    const StoredStorage b = test::floatStorage("1", {7, 8});
    for (const auto format : kFormats) {
        SCOPED_TRACE(checkpointFormatName(format));
        const std::string bytes = checkpointBytes(format, smallTensors(a, b), {&a, &b});
        const auto result = readCheckpointFromMemory(bytes, "shapes.pth", {.readStorages = false});
        ASSERT_TRUE(result) << result.error().message;
        EXPECT_EQ(result->tensors.names(), (std::vector<std::string>{"conv.weight", "conv.bias"}));
        EXPECT_EQ(result->tensors.info("conv.weight")->shape, (Shape{2, 3}));
        EXPECT_FALSE(result->tensors.tensor("conv.weight"));  // no values were read
        EXPECT_TRUE(validateStateDict(result->tensors, {{"conv.weight", {2, 3}}}, "shapes.pth"));
        EXPECT_FALSE(validateStateDict(result->tensors, {{"conv.weight", {3, 2}}}, "shapes.pth"));
    }
}

// The central directory entries of a zip: offsets of each "PK\1\2" record.
std::vector<std::size_t> centralEntries(const std::string& zip) {
    std::vector<std::size_t> out;
    for (auto p = zip.find("PK\x01\x02"); p != std::string::npos;
         p = zip.find("PK\x01\x02", p + 4)) {
        out.push_back(p);
    }
    return out;
}

TEST(CheckpointReader, DeflatedRecordIsRefused) {
    const StoredStorage a = test::floatStorage("0", {1, 2, 3, 4, 5, 6});
    const StoredStorage b = test::floatStorage("1", {7, 8});
    std::string zip = checkpointBytes(CheckpointFormat::Zip, smallTensors(a, b), {&a, &b});
    ASSERT_TRUE(readCheckpointFromMemory(zip, "stored.pth"));
    // Method 8 (deflate) on the storage record data/0, in its directory entry and local header.
    const auto entries = centralEntries(zip);
    ASSERT_EQ(entries.size(), 4U);
    zip[entries[1] + 10] = 8;
    zip[zip.find("PK\x03\x04", 1) + 8] = 8;
    const auto result = readCheckpointFromMemory(zip, "deflated.pth");
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::NotACheckpoint);
    EXPECT_NE(result.error().message.find("data/0 is compressed"), std::string::npos)
        << result.error().message;
}

TEST(CheckpointReader, OverlappingRecordsAreRefused) {
    const StoredStorage a = test::floatStorage("0", {1, 2});
    const StoredStorage b = test::floatStorage("1", {7, 8});
    std::string zip = checkpointBytes(CheckpointFormat::Zip,
                                      {{"x", &a, {2}, {1}}, {"y", &b, {2}, {1}}}, {&a, &b});
    ASSERT_TRUE(readCheckpointFromMemory(zip, "separate.pth"));
    // data/1's directory entry made to point at data/0's local header: the same bytes twice.
    const auto entries = centralEntries(zip);
    std::copy_n(zip.begin() + static_cast<std::ptrdiff_t>(entries[1] + 42), 4,
                zip.begin() + static_cast<std::ptrdiff_t>(entries[2] + 42));
    const auto result = readCheckpointFromMemory(zip, "overlap.pth");
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::Malformed);
    EXPECT_NE(result.error().message.find("overlap"), std::string::npos) << result.error().message;
}

TEST(CheckpointReader, RecordReachingPastTheFileIsRefused) {
    const StoredStorage a = test::floatStorage("0", {1, 2});
    std::string zip = checkpointBytes(CheckpointFormat::Zip, {{"x", &a, {2}, {1}}}, {&a});
    // data/0 claims 1 GB in its directory entry (compressed and uncompressed alike).
    const auto entries = centralEntries(zip);
    for (const std::size_t field : {20U, 24U}) {
        zip.replace(entries[1] + field, 4, std::string("\x00\x00\x00\x40", 4));
    }
    const auto result = readCheckpointFromMemory(zip, "huge.pth");
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::Malformed);
    EXPECT_NE(result.error().message.find("reaches past the end of the file"), std::string::npos)
        << result.error().message;
}

// `count` one-element tensors named t0, t1, ... on one storage, written as torch.save writes
// repeated objects: through the pickle memo (BINPUT / BINGET), a handful of bytes each.
std::string manyNamesPickle(int count) {
    PickleWriter w;
    const auto put = [&](int i) { w.op('q').le(static_cast<std::uint64_t>(i), 1); };
    const auto get = [&](int i) { w.op('h').le(static_cast<std::uint64_t>(i), 1); };
    w.proto().global("collections", "OrderedDict").emptyTuple().reduce().mark();
    for (int i = 0; i < count; ++i) {
        std::string name = "t";  // appended: GCC 12 warns falsely on "t" + std::to_string(i)
        name += std::to_string(i);
        w.str(name);
        if (i == 0) {
            w.global("torch._utils", "_rebuild_tensor_v2");
            put(0);
        } else {
            get(0);
        }
        w.mark();
        if (i == 0) {
            w.mark().str("storage").global("torch", "FloatStorage").str("0").str("cpu").integer(1);
            w.tuple().persistentId();
            put(1);
            w.integer(0).ints({1});
            put(2);
            get(2);
            w.boolean(false).global("collections", "OrderedDict").emptyTuple().reduce();
            put(3);
        } else {
            get(1);
            w.integer(0);
            get(2);
            get(2);
            w.boolean(false);
            get(3);
        }
        w.tuple().reduce();
    }
    return w.setItems().stop().bytes();
}

TEST(CheckpointReader, ThreeHundredThousandNamesReadInSeconds) {
    constexpr int kCount = 300'000;
    const StoredStorage one = test::floatStorage("0", {0.5F});
    const std::string zip = test::zipFile(manyNamesPickle(kCount), {&one});
    const auto started = std::chrono::steady_clock::now();
    const auto result = readCheckpointFromMemory(zip, "names.pth");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_EQ(result->tensors.size(), static_cast<std::size_t>(kCount));
    EXPECT_TRUE(result->tensors.contains("t299999"));
    EXPECT_EQ(valuesOf(*result, "t123456"), (std::vector<float>{0.5F}));
    // Linear: seconds (a name lookup by linear scan, quadratic loading, takes many minutes here).
#if defined(__SANITIZE_ADDRESS__)
    EXPECT_LT(seconds, 120.0);
#else
    EXPECT_LT(seconds, 30.0);
#endif
}

// ---- validateStateDict ----

}  // namespace
}  // namespace gpen
