// SPDX-License-Identifier: Apache-2.0
#include "gpen/io/checkpoint.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>

#include "checkpoint_test_helpers.h"
#include "support/fixtures.h"
#include "support/torch_save_writer.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;
using test::PickleWriter;
using test::StoredStorage;
using test::StoredTensor;

using namespace checkpoint_test;

// ---- The fixture checkpoints written by torch.save ----

TEST(CheckpointReader, FormatNames) {
    EXPECT_STREQ(checkpointFormatName(CheckpointFormat::Zip), "zip (PyTorch >= 1.6)");
    EXPECT_STREQ(checkpointFormatName(CheckpointFormat::Legacy), "legacy");
}

TEST(CheckpointReader, ZipAndLegacyFixturesAgreeExactly) {
    GPEN_REQUIRE_FIXTURES();
    const auto zip = readCheckpoint(test::fixturesDir() / "gpen-64-cm1-n0.0625.pth");
    const auto legacy = readCheckpoint(test::fixturesDir() / "gpen-64-cm1-n0.0625.legacy.pth");
    ASSERT_TRUE(zip) << zip.error().message;
    ASSERT_TRUE(legacy) << legacy.error().message;
    EXPECT_EQ(zip->format, CheckpointFormat::Zip);
    EXPECT_EQ(legacy->format, CheckpointFormat::Legacy);
    EXPECT_EQ(zip->nestedKey, "");
    EXPECT_EQ(zip->fileSize, fs::file_size(test::fixturesDir() / "gpen-64-cm1-n0.0625.pth"));

    // Values read with PyTorch 1.13 when the fixtures were made.
    const auto names = zip->tensors.names();
    ASSERT_EQ(names.size(), 106u);
    EXPECT_EQ(names.front(), "generator.style.1.weight");
    EXPECT_EQ(names[90], "ecd0.0.0.weight");
    EXPECT_EQ(names.back(), "final_linear.0.bias");
    EXPECT_EQ(zip->tensors.parameterCount(), 2942488u);
    const auto info = zip->tensors.info("ecd0.0.0.weight");
    ASSERT_TRUE(info);
    EXPECT_EQ(info->shape, (Shape{16, 3, 1, 1}));
    EXPECT_EQ(info->storedDtype, "float32");
    const auto ecd0 = valuesOf(*zip, "ecd0.0.0.weight");
    ASSERT_EQ(ecd0.size(), 48u);
    EXPECT_EQ(ecd0[0], -0.2524077594280243f);
    EXPECT_EQ(ecd0[3], 1.16632080078125f);
    EXPECT_EQ(valuesOf(*zip, "generator.convs.0.conv.blur.kernel"),
              (std::vector<float>{0.0625f, 0.1875f, 0.1875f, 0.0625f, 0.1875f, 0.5625f, 0.5625f,
                                  0.1875f, 0.1875f, 0.5625f, 0.5625f, 0.1875f, 0.0625f, 0.1875f,
                                  0.1875f, 0.0625f}));

    ASSERT_EQ(legacy->tensors.names(), names);
    for (const auto& name : names) {
        EXPECT_EQ(legacy->tensors.info(name)->shape, zip->tensors.info(name)->shape) << name;
        EXPECT_EQ(valuesOf(*legacy, name), valuesOf(*zip, name)) << name;
    }
}

TEST(CheckpointReader, EveryStoredFixtureCheckpointLoadsWithItsNestedKey) {
    GPEN_REQUIRE_FIXTURES();
    int checked = 0;
    for (const auto& c : test::manifest()->at("cases")) {
        for (const char* field : {"checkpoint", "legacy_checkpoint"}) {
            if (!c.contains(field) || !c.at(field).is_string()) {
                continue;
            }
            const auto result =
                readCheckpoint(test::fixturesDir() / c.at(field).get<std::string>());
            ASSERT_TRUE(result) << result.error().message;
            EXPECT_FALSE(result->tensors.empty());
            EXPECT_EQ(result->nestedKey, c.value("checkpoint_key", std::string()));
            ++checked;
        }
    }
    EXPECT_GE(checked, 7);

    const auto rrdb = readCheckpoint(test::fixturesDir() / "rrdb-x2-f8-b2-g4.pth");
    ASSERT_TRUE(rrdb) << rrdb.error().message;
    EXPECT_EQ(rrdb->nestedKey, "params_ema");
    EXPECT_EQ(rrdb->tensors.size(), 72u);
    EXPECT_EQ(rrdb->tensors.names().front(), "conv_first.weight");
    EXPECT_EQ(rrdb->tensors.info("conv_first.weight")->shape, (Shape{8, 12, 3, 3}));
    EXPECT_EQ(rrdb->tensors.names().back(), "conv_last.bias");
}

TEST(CheckpointReader, ReadsFromMemoryAsFromTheFile) {
    GPEN_REQUIRE_FIXTURES();
    const fs::path file = test::fixturesDir() / "rrdb-x4-f8-b2-g4.pth";
    const auto fromFile = readCheckpoint(file);
    const auto fromMemory = readCheckpointFromMemory(readBytes(file), "x4.pth");
    ASSERT_TRUE(fromFile) << fromFile.error().message;
    ASSERT_TRUE(fromMemory) << fromMemory.error().message;
    ASSERT_EQ(fromMemory->tensors.names(), fromFile->tensors.names());
    for (const auto& name : fromFile->tensors.names()) {
        EXPECT_EQ(valuesOf(*fromMemory, name), valuesOf(*fromFile, name)) << name;
    }
}

TEST(CheckpointReader, MissingExplicitNestedKeyNamesTheKeysPresent) {
    GPEN_REQUIRE_FIXTURES();
    CheckpointReadParams params;
    params.nestedKey = "generator";
    const auto result = readCheckpoint(test::fixturesDir() / "rrdb-x1-f8-b1-g4.pth", params);
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::Malformed);
    EXPECT_NE(result.error().message.find("rrdb-x1-f8-b1-g4.pth: "), std::string::npos)
        << result.error().message;
    EXPECT_NE(result.error().message.find("'generator'"), std::string::npos)
        << result.error().message;
    EXPECT_NE(result.error().message.find("'params_ema'"), std::string::npos)
        << result.error().message;
}

TEST(CheckpointReader, TruncatedZipFixtureIsTruncated) {
    GPEN_REQUIRE_FIXTURES();
    TempDir dir;
    const std::string bytes = readBytes(test::fixturesDir() / "gpen-64-cm1-n0.0625.pth");
    const auto file = writeBytes(dir.path() / "half.pth", bytes.substr(0, bytes.size() / 2));
    const auto result = readCheckpoint(file);
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::Truncated);
    EXPECT_EQ(result.error().message.rfind(
                  "half.pth: truncated at byte " + std::to_string(bytes.size() / 2), 0),
              0u)
        << result.error().message;
}

TEST(CheckpointReader, TruncatedLegacyFixtureIsTruncated) {
    GPEN_REQUIRE_FIXTURES();
    TempDir dir;
    const std::string bytes = readBytes(test::fixturesDir() / "gpen-64-cm1-n0.0625.legacy.pth");
    // Half the file ends inside the storages; 10000 bytes end inside the main pickle.
    for (const std::size_t size : {bytes.size() / 2, std::size_t{10000}}) {
        const auto file = writeBytes(dir.path() / "cut.pth", bytes.substr(0, size));
        const auto result = readCheckpoint(file);
        ASSERT_FALSE(result);
        EXPECT_EQ(result.error().code, ErrorCode::Truncated);
        EXPECT_EQ(
            result.error().message.rfind("cut.pth: truncated at byte " + std::to_string(size), 0),
            0u)
            << result.error().message;
    }
}

// ---- Files that are not checkpoints ----

TEST(CheckpointReader, EmptyFileIsNotACheckpoint) {
    TempDir dir;
    const auto result = readCheckpoint(writeBytes(dir.path() / "empty.pth", ""));
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::NotACheckpoint);
    EXPECT_EQ(result.error().message, "empty.pth: empty file");
}

TEST(CheckpointReader, TextFileIsNotACheckpoint) {
    TempDir dir;
    const auto result =
        readCheckpoint(writeBytes(dir.path() / "notes.pth", "These are not weights.\nReally.\n"));
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::NotACheckpoint);
    EXPECT_EQ(result.error().message.rfind("notes.pth: not a PyTorch checkpoint (a text file", 0),
              0u)
        << result.error().message;
}

TEST(CheckpointReader, RandomBytesAreNotACheckpoint) {
    std::mt19937 rng(7);
    std::string bytes(4096, '\0');
    for (auto& b : bytes) {
        b = static_cast<char>(rng() & 0xff);
    }
    bytes[0] = '\x01';  // neither "PK" nor PROTO
    const auto result = readCheckpointFromMemory(bytes, "noise.bin");
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::NotACheckpoint);
    EXPECT_EQ(result.error().message.rfind("noise.bin: not a PyTorch checkpoint (", 0), 0u)
        << result.error().message;
}

TEST(CheckpointReader, MissingFileIsAnIoError) {
    TempDir dir;
    const auto result = readCheckpoint(dir.path() / "absent.pth");
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::Io);
    EXPECT_EQ(result.error().message.rfind("absent.pth: ", 0), 0u) << result.error().message;
}

// ---- Hostile pickles: nothing is ever executed ----

void expectOsSystemRejected(const Expected<Checkpoint>& result, const fs::path& sentinel,
                            const std::string& file) {
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::UnsupportedGlobal);
    EXPECT_EQ(result.error().message.rfind(file + ": unsupported global os.system", 0), 0u)
        << result.error().message;
    EXPECT_FALSE(fs::exists(sentinel));
}

TEST(CheckpointReader, OsSystemPickleIsRejectedAndNeverRun) {
    TempDir dir;
    const fs::path sentinel = dir.path() / "pwned";
    PickleWriter w;
    w.proto().global("os", "system").str("touch " + sentinel.string()).op('\x85').reduce().stop();
    const auto result = readCheckpoint(writeBytes(dir.path() / "evil.pth", w.bytes()));
    expectOsSystemRejected(result, sentinel, "evil.pth");
}

TEST(CheckpointReader, OsSystemInsideACheckpointIsRejectedInBothFormats) {
    TempDir dir;
    const fs::path sentinel = dir.path() / "pwned";
    PickleWriter w;
    w.proto().global("collections", "OrderedDict").emptyTuple().reduce().mark().str("weight");
    w.global("os", "system")
        .str("touch " + sentinel.string())
        .op('\x85')
        .reduce()
        .setItems()
        .stop();
    const auto legacy =
        readCheckpoint(writeBytes(dir.path() / "evil-legacy.pth", test::legacyFile(w.bytes(), {})));
    expectOsSystemRejected(legacy, sentinel, "evil-legacy.pth");
    const auto zip =
        readCheckpoint(writeBytes(dir.path() / "evil-zip.pth", test::zipFile(w.bytes(), {})));
    expectOsSystemRejected(zip, sentinel, "evil-zip.pth");
}

TEST(CheckpointReader, StackGlobalGoesThroughTheAllowListToo) {
    // Protocol 4 style: builtins.eval named by two strings and STACK_GLOBAL.
    PickleWriter w;
    w.raw("\x80\x04")
        .op('\x8c')
        .le(8, 1)
        .raw("builtins")
        .op('\x8c')
        .le(4, 1)
        .raw("eval")
        .op('\x93');
    w.str("__import__('os').system('false')").op('\x85').reduce().stop();
    const auto result = readCheckpointFromMemory(w.bytes(), "eval.pth");
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::UnsupportedGlobal);
    EXPECT_NE(result.error().message.find("builtins.eval"), std::string::npos)
        << result.error().message;
}

// ---- Tensors as torch.save lays them out ----

TEST(CheckpointReader, HalfBFloat16AndDoubleBecomeFloat32AndIntegersKeepTheirDtype) {
    const StoredStorage half{
        "0", "HalfStorage", 4,
        test::rawBytes(std::vector<std::uint16_t>{0x3c00, 0xc000, 0x3800, 0x7bff})};
    const StoredStorage bf16{"1", "BFloat16Storage", 2,
                             test::rawBytes(std::vector<std::uint16_t>{0x3f80, 0xc040})};
    const StoredStorage f64{"2", "DoubleStorage", 1, test::rawBytes(std::vector<double>{2.5})};
    const StoredStorage i64{"3", "LongStorage", 1, test::rawBytes(std::vector<std::int64_t>{7})};
    const std::vector<StoredTensor> tensors = {
        {"half", &half, {2, 2}, {2, 1}},
        {"bf16", &bf16, {2}, {1}},
        {"f64", &f64, {1}, {1}},
        {"num_batches_tracked", &i64, {}, {}},
    };
    for (const auto format : kFormats) {
        SCOPED_TRACE(checkpointFormatName(format));
        const auto result = readCheckpointFromMemory(
            checkpointBytes(format, tensors, {&half, &bf16, &f64, &i64}), "tiny.pth");
        ASSERT_TRUE(result) << result.error().message;
        EXPECT_EQ(result->format, format);
        EXPECT_EQ(result->tensors.names(),
                  (std::vector<std::string>{"half", "bf16", "f64", "num_batches_tracked"}));
        EXPECT_EQ(valuesOf(*result, "half"), (std::vector<float>{1.0f, -2.0f, 0.5f, 65504.0f}));
        EXPECT_EQ(result->tensors.info("half")->storedDtype, "float16");
        EXPECT_EQ(result->tensors.info("half")->shape, (Shape{2, 2}));
        EXPECT_EQ(valuesOf(*result, "bf16"), (std::vector<float>{1.0f, -3.0f}));
        EXPECT_EQ(result->tensors.info("bf16")->storedDtype, "bfloat16");
        EXPECT_EQ(valuesOf(*result, "f64"), (std::vector<float>{2.5f}));
        EXPECT_EQ(result->tensors.info("f64")->storedDtype, "float64");
        EXPECT_EQ(result->tensors.info("num_batches_tracked")->storedDtype, "int64");
        EXPECT_EQ(result->tensors.info("num_batches_tracked")->shape, Shape{});
        EXPECT_FALSE(result->tensors.tensor("num_batches_tracked"));  // not floating
    }
}

TEST(CheckpointReader, OffsetsStridesSharedAndEmptyStorages) {
    std::vector<float> twelve(12);
    for (int i = 0; i < 12; ++i) {
        twelve[static_cast<std::size_t>(i)] = static_cast<float>(i);
    }
    const StoredStorage shared = test::floatStorage("0", twelve);
    const StoredStorage empty = test::floatStorage("1", {});
    const std::vector<StoredTensor> tensors = {
        {"matrix", &shared, {3, 4}, {4, 1}}, {"transposed", &shared, {4, 3}, {1, 4}},
        {"strided", &shared, {2}, {3}, 5},   {"scalar", &shared, {}, {}, 11},
        {"empty", &empty, {0, 3}, {3, 1}},
    };
    for (const auto format : kFormats) {
        SCOPED_TRACE(checkpointFormatName(format));
        const auto result = readCheckpointFromMemory(
            checkpointBytes(format, tensors, {&shared, &empty}), "views.pth");
        ASSERT_TRUE(result) << result.error().message;
        EXPECT_EQ(valuesOf(*result, "matrix"), twelve);
        EXPECT_EQ(valuesOf(*result, "transposed"),
                  (std::vector<float>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
        EXPECT_EQ(result->tensors.info("transposed")->shape, (Shape{4, 3}));
        EXPECT_EQ(valuesOf(*result, "strided"), (std::vector<float>{5, 8}));
        EXPECT_EQ(valuesOf(*result, "scalar"), (std::vector<float>{11}));
        EXPECT_EQ(result->tensors.info("empty")->shape, (Shape{0, 3}));
        EXPECT_TRUE(valuesOf(*result, "empty").empty());
    }
}

TEST(CheckpointReader, TensorReachingPastItsStorageIsMalformed) {
    const StoredStorage four = test::floatStorage("0", {1, 2, 3, 4});
    const std::vector<StoredTensor> tensors = {{"w", &four, {3}, {1}, 2}};
    for (const auto format : kFormats) {
        SCOPED_TRACE(checkpointFormatName(format));
        const auto result =
            readCheckpointFromMemory(checkpointBytes(format, tensors, {&four}), "short.pth");
        ASSERT_FALSE(result);
        EXPECT_EQ(result.error().code, ErrorCode::Malformed);
        EXPECT_NE(result.error().message.find("tensor w"), std::string::npos)
            << result.error().message;
    }
}

TEST(CheckpointReader, ModulePrefixIsStrippedUnlessAskedNotTo) {
    const StoredStorage s = test::floatStorage("0", {1, 2});
    const std::vector<StoredTensor> tensors = {{"module.conv.weight", &s, {1}, {1}},
                                               {"module.bias", &s, {1}, {1}, 1}};
    const std::string bytes = checkpointBytes(CheckpointFormat::Zip, tensors, {&s});
    const auto stripped = readCheckpointFromMemory(bytes, "dp.pth");
    ASSERT_TRUE(stripped) << stripped.error().message;
    EXPECT_EQ(stripped->tensors.names(), (std::vector<std::string>{"conv.weight", "bias"}));
    EXPECT_EQ(valuesOf(*stripped, "bias"), (std::vector<float>{2}));
    CheckpointReadParams keep;
    keep.stripModulePrefix = false;
    const auto kept = readCheckpointFromMemory(bytes, "dp.pth", keep);
    ASSERT_TRUE(kept) << kept.error().message;
    EXPECT_EQ(kept->tensors.names(),
              (std::vector<std::string>{"module.conv.weight", "module.bias"}));
}

// {'params': {a}, 'params_ema': {b}, 'iter': 5, 'optimizer': {'state': {}}}, as BasicSR saves.
std::string trainingCheckpoint(const StoredStorage& s) {
    PickleWriter w;
    w.proto().emptyDict().mark();
    w.str("params");
    test::writeTensorDict(w, {{"a", &s, {1}, {1}}}, false);
    w.str("params_ema");
    test::writeTensorDict(w, {{"b", &s, {1}, {1}, 1}, {"step", &s, {}, {}}}, false);
    w.str("iter").integer(5);
    w.str("optimizer").emptyDict().str("state").emptyDict().setItem();
    w.setItems().stop();
    return test::zipFile(w.bytes(), {&s});
}

TEST(CheckpointReader, DefaultNestedKeysAreTriedInTheirOrder) {
    const StoredStorage s = test::floatStorage("0", {1, 2});
    const std::string bytes = trainingCheckpoint(s);
    const auto byDefault = readCheckpointFromMemory(bytes, "train.pth");
    ASSERT_TRUE(byDefault) << byDefault.error().message;
    EXPECT_EQ(byDefault->nestedKey, "params_ema");  // before "params", though stored after it
    EXPECT_EQ(byDefault->tensors.names(), (std::vector<std::string>{"b", "step"}));
    CheckpointReadParams params;
    params.nestedKey = "params";
    const auto chosen = readCheckpointFromMemory(bytes, "train.pth", params);
    ASSERT_TRUE(chosen) << chosen.error().message;
    EXPECT_EQ(chosen->nestedKey, "params");
    EXPECT_EQ(chosen->tensors.names(), (std::vector<std::string>{"a"}));
}

TEST(CheckpointReader, NonTensorValuesAreSkipped) {
    const StoredStorage s = test::floatStorage("0", {3});
    PickleWriter w;
    w.proto().emptyDict().mark().str("epoch").integer(12);
    w.str("weight").global("torch._utils", "_rebuild_tensor_v2").mark();
    w.mark()
        .str("storage")
        .global("torch", "FloatStorage")
        .str("0")
        .str("cuda:0")
        .integer(1)
        .tuple()
        .persistentId();
    w.integer(0)
        .ints({1})
        .ints({1})
        .boolean(true)
        .global("collections", "OrderedDict")
        .emptyTuple()
        .reduce()
        .tuple();
    w.reduce();
    w.str("optimizer").emptyDict().str("lr").integer(1).setItem();
    w.str("name").str("gpen").setItems().stop();
    const auto result = readCheckpointFromMemory(test::zipFile(w.bytes(), {&s}), "mixed.pth");
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_EQ(result->nestedKey, "");
    EXPECT_EQ(result->tensors.names(), (std::vector<std::string>{"weight"}));
    EXPECT_EQ(valuesOf(*result, "weight"), (std::vector<float>{3}));
}

TEST(CheckpointReader, PickleWithoutTensorsIsMalformed) {
    PickleWriter w;
    w.proto()
        .emptyDict()
        .mark()
        .str("iter")
        .integer(5)
        .str("note")
        .str("no weights here")
        .setItems()
        .stop();
    for (const std::string& bytes :
         {test::legacyFile(w.bytes(), {}), test::zipFile(w.bytes(), {})}) {
        const auto result = readCheckpointFromMemory(bytes, "empty-dict.pth");
        ASSERT_FALSE(result);
        EXPECT_EQ(result.error().code, ErrorCode::Malformed);
        EXPECT_NE(result.error().message.find("no tensors"), std::string::npos)
            << result.error().message;
        EXPECT_NE(result.error().message.find("'iter'"), std::string::npos)
            << result.error().message;
    }
}

// ---- Robustness against cut and damaged files ----

StateDict smallDict() {
    StateDict dict;
    dict.insert("conv.weight", FloatTensor({2, 3}, {1, 2, 3, 4, 5, 6}));
    dict.insert("conv.bias", FloatTensor({2}, {0.5f, -0.5f}));
    return dict;
}

const std::vector<TensorSpec> kSmallSpecs = {{"conv.weight", {2, 3}}, {"conv.bias", {2}}};

TEST(ValidateStateDict, AcceptsMatchingWeightsAndIgnoresExtraEntries) {
    StateDict dict = smallDict();
    dict.insert("unused", FloatTensor({1}, {std::numeric_limits<float>::quiet_NaN()}));
    EXPECT_TRUE(validateStateDict(dict, kSmallSpecs, "ok.pth"));
}

TEST(ValidateStateDict, ReportsAWrongShape) {
    const std::vector<TensorSpec> specs = {{"conv.weight", {3, 2}}, {"conv.bias", {2}}};
    const auto result = validateStateDict(smallDict(), specs, "shape.pth");
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::ShapeMismatch);
    EXPECT_EQ(result.error().message,
              "shape.pth: tensor conv.weight has shape [2, 3] where [3, 2] is needed");
}

TEST(ValidateStateDict, ReportsAMissingTensor) {
    std::vector<TensorSpec> specs = kSmallSpecs;
    specs.push_back({"conv2.weight", {1}});
    const auto result = validateStateDict(smallDict(), specs, "missing.pth");
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::MissingTensor);
    EXPECT_EQ(result.error().message, "missing.pth: tensor conv2.weight is missing");
}

TEST(ValidateStateDict, ReportsNonFiniteValues) {
    for (const float bad :
         {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
        StateDict dict = smallDict();
        dict.insert("conv.bias", FloatTensor({2}, {0.5f, bad}));
        const auto result = validateStateDict(dict, kSmallSpecs, "nan.pth");
        ASSERT_FALSE(result);
        EXPECT_EQ(result.error().code, ErrorCode::NonFinite);
        EXPECT_EQ(result.error().message,
                  "nan.pth: tensor conv.bias holds non-finite values (corrupt file?)");
    }
}

}  // namespace
}  // namespace gpen
