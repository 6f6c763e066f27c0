// SPDX-License-Identifier: Apache-2.0
// Output names: every placeholder, the tree mirrored by default, formats and their extensions,
// and templates that would escape the output folder refused.

#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>

#include "gpen/batch/output_naming.h"
#include "support/temp_models_dir.h"

namespace {

namespace fs = std::filesystem;

gpen::NameFields fields(const std::string& rel,
                        gpen::OutputFormat format = gpen::OutputFormat::Same) {
    return {rel, "GPEN-BFR-512", 2, "2026-12-03", 6, 1200, format};
}

TEST(OutputNaming, TheDefaultMirrorsTheInputTree) {
    EXPECT_EQ(
        *gpen::expandNameTemplate(gpen::kDefaultNameTemplate, fields("2019/summer/Pier 1.JPG")),
        fs::path("2019/summer/Pier 1.JPG"));
    EXPECT_EQ(*gpen::expandNameTemplate(gpen::kDefaultNameTemplate, fields("top.tif")),
              fs::path("top.tif"));
}

TEST(OutputNaming, EveryPlaceholder) {
    auto p = gpen::expandNameTemplate("{relpath}/{date}/{index}_{name}_{model}_x{scale}.{ext}",
                                      fields("2019/beach.jpg", gpen::OutputFormat::Webp));
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_EQ(*p, fs::path("2019/2026-12-03/0007_beach_GPEN-BFR-512_x2.webp"));
    EXPECT_EQ(
        *gpen::expandNameTemplate("{name}.{ext}", fields("a/b.png", gpen::OutputFormat::Jpeg)),
        fs::path("b.jpg"));
    EXPECT_EQ(
        *gpen::expandNameTemplate("{name}.{ext}", fields("scan.TIFF", gpen::OutputFormat::Tiff)),
        fs::path("scan.tif"));
}

TEST(OutputNaming, BadTemplatesAreRefusedWithTheReason) {
    for (const char* bad : {"{nme}.{ext}", "{name.{ext}", "name}.png", "../{name}.{ext}",
                            "/tmp/{name}.{ext}", "{relpath}/"}) {
        auto p = gpen::expandNameTemplate(bad, fields("2019/beach.jpg"));
        EXPECT_FALSE(p) << bad;
        if (!p) {
            EXPECT_NE(p.error().message.find(bad), std::string::npos) << p.error().message;
        }
    }
}

TEST(OutputNaming, ParsingFormatsAndPolicies) {
    EXPECT_EQ(*gpen::parseOutputFormat("JPEG"), gpen::OutputFormat::Jpeg);
    EXPECT_EQ(*gpen::parseOutputFormat("tiff"), gpen::OutputFormat::Tiff);
    EXPECT_FALSE(gpen::parseOutputFormat("gif"));
    EXPECT_EQ(*gpen::parseIfExists("suffix"), gpen::IfExists::Suffix);
    EXPECT_FALSE(gpen::parseIfExists("replace"));
}

TEST(OutputNaming, SuffixesSkipNamesOnDiskAndNamesTaken) {
    gpen::test::TempModelsDir dir("naming");
    std::ofstream(dir.path() / "a.jpg") << "x";
    std::ofstream(dir.path() / "a-1.jpg") << "x";
    const std::set<fs::path> taken = {dir.path() / "a-2.jpg"};
    EXPECT_EQ(gpen::suffixedPath(dir.path() / "a.jpg", taken), dir.path() / "a-3.jpg");
}

}  // namespace
