// SPDX-License-Identifier: Apache-2.0
// The batch report: JSON that reads back whole, CSV quoted for spreadsheets, and shard reports
// merged by input with settings that must agree.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>

#include "gpen/batch/batch_report.h"
#include "support/temp_models_dir.h"

namespace {

namespace fs = std::filesystem;
using gpen::FileStatus;

gpen::BatchReport sample(const std::string& shard) {
    gpen::BatchReport r;
    r.software = "GPEN Studio 0.1.0";
    r.started = "2026-12-03T09:00:00Z";
    r.inputDir = "/archive";
    r.outputDir = "/restored";
    r.shard = shard;
    r.settings = {{"face_model", "GPEN-BFR-512"}, {"quality", "95"}};
    r.models = {{"GPEN-BFR-512", "/models/GPEN-BFR-512.pth", 284, "ab12"}};
    return r;
}

TEST(BatchReport, JsonReadsBackWholeAndCsvQuotesWhatNeedsIt) {
    gpen::test::TempModelsDir dir("report");
    auto r = sample("");
    r.files = {{"2019/beach, \"best\".jpg",
                "2019/beach, \"best\".jpg",
                FileStatus::Ok,
                3,
                1.25,
                "",
                {"damaged JPEG data, decoded around", "face 2 skipped"},
                "64769:12:3:4"},
               {"bad.png",
                "bad.png",
                FileStatus::Failed,
                0,
                0.01,
                "bad.png: not an image\nOpenCV can decode",
                {},
                ""}};
    // The first file's faces were scored: face 2 and 3 fell below the minimum.
    r.files[0].identityMin = 0.42;
    r.files[0].reviewFaces = {2, 3};
    r.files[1].errorCode = gpen::ErrorCode::NotAnImage;
    const fs::path json = dir.path() / "report.json";
    ASSERT_TRUE(gpen::writeBatchReport(r, json));
    auto back = gpen::readBatchReport(json);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->settings, r.settings);
    ASSERT_EQ(back->files.size(), 2U);
    EXPECT_EQ(back->files[0].file, r.files[0].file);
    EXPECT_EQ(back->files[0].faces, 3);
    EXPECT_EQ(back->files[1].status, FileStatus::Failed);
    EXPECT_EQ(back->files[1].error, r.files[1].error);
    EXPECT_EQ(back->files[1].errorCode, gpen::ErrorCode::NotAnImage) << "its kind, for the GUI";
    EXPECT_EQ(back->files[0].notes, r.files[0].notes);
    EXPECT_EQ(back->files[0].replaces, "64769:12:3:4");
    EXPECT_TRUE(back->files[1].notes.empty());
    EXPECT_DOUBLE_EQ(back->files[0].identityMin, 0.42);
    EXPECT_EQ(back->files[0].reviewFaces, (std::vector<int>{2, 3}));
    EXPECT_TRUE(back->files[0].review());
    EXPECT_TRUE(std::isnan(back->files[1].identityMin)) << "not scored stays not scored";
    EXPECT_FALSE(back->files[1].review());
    EXPECT_EQ(back->models[0].sha256, "ab12");
    std::ifstream csv(gpen::csvPathFor(json));
    const std::string text((std::istreambuf_iterator<char>(csv)), std::istreambuf_iterator<char>());
    EXPECT_EQ(
        text.rfind(
            "file,output,status,faces,seconds,error,notes,identity_min,identity_below,review\r\n",
            0),
        0U);
    EXPECT_NE(
        text.find("\"2019/beach, \"\"best\"\".jpg\",\"2019/beach, \"\"best\"\".jpg\",ok,3,1.250,,"
                  "\"damaged JPEG data, decoded around; face 2 skipped\",0.4200,2,yes\r\n"),
        std::string::npos)
        << text;
    EXPECT_NE(
        text.find(
            "bad.png,bad.png,failed,0,0.010,\"bad.png: not an image\nOpenCV can decode\",,,,\r\n"),
        std::string::npos)
        << text;
}

// Every error code has a name of its own in the report, read back as itself; a name from a newer
// version reads as Internal.
TEST(BatchReport, EveryErrorCodeHasANameThatReadsBack) {
    std::set<std::string> names;
    for (int c = 0; c <= static_cast<int>(gpen::ErrorCode::Internal); ++c) {
        const auto code = static_cast<gpen::ErrorCode>(c);
        const std::string name = gpen::errorCodeName(code);
        EXPECT_TRUE(names.insert(name).second) << name << " twice";
        EXPECT_EQ(gpen::errorCodeNamed(name), code) << name;
    }
    EXPECT_EQ(gpen::errorCodeNamed("from_the_future"), gpen::ErrorCode::Internal);
}

TEST(BatchReport, AFileThatIsNoReportIsRefused) {
    gpen::test::TempModelsDir dir("report");
    std::ofstream(dir.path() / "other.json") << "{\"hello\": 1}";
    EXPECT_FALSE(gpen::readBatchReport(dir.path() / "other.json"));
    std::ofstream(dir.path() / "cut.json") << "{\"format\": \"gpen-batch-report\", \"files\": [";
    auto cut = gpen::readBatchReport(dir.path() / "cut.json");
    ASSERT_FALSE(cut);
    EXPECT_NE(cut.error().message.find("cut.json"), std::string::npos);
}

TEST(BatchReport, MergeJoinsShardsByInputAndRefusesOtherSettings) {
    auto a = sample("1/2");
    a.files = {{"a.jpg", "a.jpg", FileStatus::Ok, 1, 1, ""},
               {"c.jpg", "c.jpg", FileStatus::Failed, 0, 1, "broken"}};
    auto b = sample("2/2");
    b.files = {{"b.jpg", "b.jpg", FileStatus::Ok, 2, 1, ""},
               {"c.jpg", "c.jpg", FileStatus::Ok, 1, 1, ""}};
    auto merged = gpen::mergeBatchReports({a, b});
    ASSERT_TRUE(merged) << merged.error().message;
    ASSERT_EQ(merged->files.size(), 3U);
    EXPECT_EQ(merged->files[0].file, "a.jpg");
    EXPECT_EQ(merged->files[2].status, FileStatus::Ok);  // a later success wins
    EXPECT_EQ(merged->shard, "");
    b.settings[1].second = "80";
    auto refused = gpen::mergeBatchReports({a, b});
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("quality = 80"), std::string::npos)
        << refused.error().message;
    b = sample("2/2");
    b.models[0].sha256 = "ff00";
    EXPECT_FALSE(gpen::mergeBatchReports({a, b}));
}

// A merge of shards that are not one whole batch would lack files without a word: it says which
// shard is missing, given twice or of another split.
TEST(BatchReport, MergeRefusesShardsThatAreNotOneWholeBatch) {
    const auto refusal = [](const std::vector<std::string>& shards) {
        std::vector<gpen::BatchReport> reports;
        for (const auto& s : shards) reports.push_back(sample(s));
        auto merged = gpen::mergeBatchReports(reports);
        return merged ? std::string() : merged.error().message;
    };
    EXPECT_EQ(refusal({"1/3", "3/3", "2/3"}), "");
    EXPECT_EQ(refusal({"", ""}), "");  // two runs of one whole batch
    EXPECT_EQ(refusal({"1/3", "3/3"}),
              "shard 2/3 is missing: its files are in no report. Run it (or wait for it to "
              "finish), then merge");
    EXPECT_NE(refusal({"2/16"}).find("shards 1/16, 3/16, 4/16, 5/16, 6/16, 7/16, 8/16, 9/16 and "
                                     "7 more are missing"),
              std::string::npos)
        << refusal({"2/16"});
    EXPECT_NE(refusal({"1/2", "2/2", "2/2"}).find("shard 2/2 is given twice"), std::string::npos);
    EXPECT_NE(refusal({"1/2", "2/3"}).find("split differently (shard 2/3 beside shards of 2)"),
              std::string::npos);
    EXPECT_NE(refusal({"1/2", "0/2"}).find("a report names shard \"0/2\""), std::string::npos);
}

}  // namespace
