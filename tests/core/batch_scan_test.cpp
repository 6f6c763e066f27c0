// SPDX-License-Identifier: Apache-2.0
// Finding a batch's photos: extensions in any case, hidden and system files skipped, recursion
// by option, globs, link loops, a stable order, and shards that cover the list exactly once.

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpen/batch/batch_scan.h"
#include "support/temp_models_dir.h"

namespace {

namespace fs = std::filesystem;
using gpen::test::TempModelsDir;

void touch(const fs::path& p) {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << "x";
}

std::vector<std::string> relatives(const gpen::ScanResult& r) {
    std::vector<std::string> out;
    for (const auto& f : r.files) out.push_back(f.relative.generic_string());
    return out;
}

class BatchScanTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const fs::path& root = m_dir.path();
        for (const char* name :
             {"b.JPG", "a.jpeg", "c.Png", "d.tif", "e.TIFF", "f.webp", "g.bmp", "notes.txt",
              "raw.cr2", ".hidden.jpg", "Thumbs.db", ".DS_Store", "Zeta photo.jpg",
              "ünïcode ñame.png", ".x.jpg.gpen-tmp-host-1-abcdef", "2019/beach.jpg",
              "2019/summer/pier.png", "2019/.cache/thumb.jpg", "drafts/skip me.jpg"}) {
            touch(root / name);
        }
        // A link back to the root (a loop) and a link to a folder that is also walked directly.
        fs::create_directory_symlink(root, root / "2019" / "loop");
        fs::create_directory_symlink(root / "2019" / "summer", root / "zz-summer-link");
        fs::create_symlink(root / "a.jpeg", root / "a-link.jpg");
        fs::create_symlink(root / "missing.jpg", root / "dangling.jpg");
    }
    TempModelsDir m_dir{"batch-scan"};
};

TEST_F(BatchScanTest, TopLevelOnlyByDefaultWithEveryImageExtensionInAnyCaseAndNothingHidden) {
    auto r = gpen::scanInputFolder(m_dir.path());
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(relatives(*r),
              (std::vector<std::string>{"Zeta photo.jpg", "a-link.jpg", "a.jpeg", "b.JPG", "c.Png",
                                        "d.tif", "e.TIFF", "f.webp", "g.bmp", "ünïcode ñame.png"}));
    for (std::size_t i = 0; i < r->files.size(); ++i) EXPECT_EQ(r->files[i].index, i);
}

TEST_F(BatchScanTest, RecursiveWalksEachFolderOnceAndSurvivesALinkLoop) {
    auto r = gpen::scanInputFolder(m_dir.path(), {.recursive = true});
    ASSERT_TRUE(r) << r.error().message;
    const auto rel = relatives(*r);
    EXPECT_EQ(std::count(rel.begin(), rel.end(), "2019/beach.jpg"), 1);
    EXPECT_EQ(std::count(rel.begin(), rel.end(), "2019/summer/pier.png"), 1);
    EXPECT_EQ(std::count(rel.begin(), rel.end(), "drafts/skip me.jpg"), 1);
    // Neither the loop nor the second way into "summer" adds a file; the hidden folder is skipped.
    for (const auto& f : rel) {
        EXPECT_EQ(f.find("loop"), std::string::npos) << f;
        EXPECT_EQ(f.find("zz-summer-link"), std::string::npos) << f;
        EXPECT_EQ(f.find(".cache"), std::string::npos) << f;
    }
    EXPECT_EQ(rel.size(), 13U);
    EXPECT_TRUE(std::is_sorted(rel.begin(), rel.end()));
    EXPECT_FALSE(r->warnings.empty());
}

TEST_F(BatchScanTest, IncludeAndExcludeGlobsOnNamesAndPaths) {
    gpen::BatchScanParams p{
        .recursive = true, .include = {"*.jpg", "*.jpeg"}, .exclude = {"drafts", "z*"}};
    auto r = gpen::scanInputFolder(m_dir.path(), p);
    ASSERT_TRUE(r);
    EXPECT_EQ(relatives(*r),
              (std::vector<std::string>{"2019/beach.jpg", "a-link.jpg", "a.jpeg", "b.JPG"}));
    auto paths = gpen::scanInputFolder(m_dir.path(), {.recursive = true, .include = {"2019/**"}});
    ASSERT_TRUE(paths);
    EXPECT_EQ(relatives(*paths),
              (std::vector<std::string>{"2019/beach.jpg", "2019/summer/pier.png"}));
}

TEST(Glob, StarsQuestionMarksClassesAndCase) {
    EXPECT_TRUE(gpen::globMatch("*.jpg", "Beach.JPG"));
    EXPECT_FALSE(gpen::globMatch("*.jpg", "2019/beach.jpg"));
    EXPECT_TRUE(gpen::globMatch("**/*.jpg", "2019/summer/beach.jpg"));
    EXPECT_TRUE(gpen::globMatch("**/*.jpg", "beach.jpg"));
    EXPECT_TRUE(gpen::globMatch("scan_??.tif", "scan_07.tif"));
    EXPECT_FALSE(gpen::globMatch("scan_??.tif", "scan_7.tif"));
    EXPECT_TRUE(gpen::globMatch("img[0-9]*", "img3 copy.png"));
    EXPECT_FALSE(gpen::globMatch("img[!0-9]*", "img3.png"));
    EXPECT_TRUE(gpen::globMatch("a[b", "a[b"));
}

TEST(Glob, AMissingFolderIsAnErrorNamingIt) {
    auto r = gpen::scanInputFolder("/nonexistent/archive");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("/nonexistent/archive"), std::string::npos);
}

TEST(Shard, PartsCoverTheListExactlyOnceAndParseStrictly) {
    std::vector<gpen::ScannedFile> files;
    for (std::size_t i = 0; i < 10; ++i) {
        const fs::path name = fs::path("f") += std::to_string(i);
        files.push_back({name, name, i});
    }
    std::multiset<std::size_t> seen;
    for (int i = 1; i <= 3; ++i) {
        const auto part = gpen::shardOf(files, {i, 3});
        EXPECT_GE(part.size(), 3U);
        for (const auto& f : part) seen.insert(f.index);
    }
    EXPECT_EQ(seen.size(), 10U);
    for (std::size_t i = 0; i < 10; ++i) EXPECT_EQ(seen.count(i), 1U);
    // A file's part is its path's: the same after files are added around it; parts of a large
    // folder are near even.
    std::vector<gpen::ScannedFile> more = files;
    for (std::size_t i = 0; i < 990; ++i) {
        const fs::path name = fs::path("new") / (fs::path("g") += std::to_string(i));
        more.push_back({name, name, 10 + i});
    }
    for (int i = 1; i <= 3; ++i) {
        std::set<std::string> before, after;
        for (const auto& f : gpen::shardOf(files, {i, 3}))
            before.insert(f.relative.generic_string());
        const auto part = gpen::shardOf(more, {i, 3});
        for (const auto& f : part) after.insert(f.relative.generic_string());
        for (const auto& f : before) EXPECT_TRUE(after.count(f)) << f << " moved to another part";
        EXPECT_NEAR(static_cast<double>(part.size()), 1000.0 / 3, 1000.0 / 3 * 0.1);
    }
    EXPECT_EQ(gpen::parseShard("2/3")->index, 2);
    for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "-1/2", "2/3/4"})
        EXPECT_FALSE(gpen::parseShard(bad)) << bad;
}

}  // namespace
