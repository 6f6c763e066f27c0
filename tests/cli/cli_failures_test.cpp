// SPDX-License-Identifier: Apache-2.0
// gpen-cli's failures end to end: every one is one line naming what is wrong and exit 1, never a
// signal, whether it comes before any work (bad output paths, inputs that are no files, a tile
// too small) or after it (a write that fails, names that are not UTF-8, a damaged JPEG).

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "support/cli_run.h"
#include "support/fixtures.h"

namespace {

namespace fs = std::filesystem;

using gpen::test::CliRun;
using gpen::test::cliScratchDir;
using gpen::test::quote;
using gpen::test::runCli;

// The lines of `out` that are not empty.
std::vector<std::string> linesOf(const std::string& out) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < out.size()) {
        const auto end = out.find_first_of("\r\n", start);
        const std::string line =
            out.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (line.find_first_not_of(' ') != std::string::npos) lines.push_back(line);
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return lines;
}

void expectOneLineError(const CliRun& r, const std::string& words) {
    EXPECT_EQ(r.exitCode, 1) << r.out;
    const auto lines = linesOf(r.out);
    ASSERT_EQ(lines.size(), 1U) << r.out;
    EXPECT_EQ(lines[0].rfind("gpen-cli: ", 0), 0U) << r.out;
    EXPECT_NE(lines[0].find(words), std::string::npos) << r.out;
}

fs::path smallPhoto(const fs::path& dir) {
    const fs::path photo = dir / "small.png";
    cv::imwrite(photo.string(), cv::Mat(48, 64, CV_8UC3, cv::Scalar(90, 120, 150)));
    return photo;
}

TEST(GpenCli, BadOutputPathsAreRefusedBeforeAnyWork) {
    const fs::path dir = cliScratchDir() / "outputs";
    fs::create_directories(dir / "existing-folder");
    const std::string in = quote(smallPhoto(dir).string());
    expectOneLineError(runCli("restore " + in + " " + quote((dir / "existing-folder").string())),
                       "is a folder");
    expectOneLineError(runCli("restore " + in + " " + quote((dir / "new-folder").string() + "/")),
                       "ends in '/'");
    expectOneLineError(runCli("restore " + in + " " + quote((dir / "out.xyz").string())),
                       "cannot write '.xyz' files");
    expectOneLineError(
        runCli("restore " + in + " " + quote((dir / "missing" / "out.png").string())),
        "does not exist");
}

TEST(GpenCli, InputsThatAreNotFilesAreNamedForWhatTheyAre) {
    const fs::path dir = cliScratchDir() / "inputs";
    fs::create_directories(dir / "a-folder");
    const std::string out = quote((dir / "out.png").string());
    expectOneLineError(runCli("restore " + quote((dir / "a-folder").string()) + " " + out),
                       "is a folder, not an image file");
    expectOneLineError(runCli("restore /dev/zero " + out), "zero: is not a regular file");
    const fs::path fifo = dir / "pipe.jpg";
    fs::remove(fifo);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    expectOneLineError(runCli("restore " + quote(fifo.string()) + " " + out),
                       "pipe.jpg: is not a regular file");
}

TEST(GpenCli, ATileTooSmallOrAnOverlapTooLargeIsRefused) {
    const fs::path dir = cliScratchDir() / "tiles";
    fs::create_directories(dir);
    const std::string io =
        quote(smallPhoto(dir).string()) + " " + quote((dir / "out.png").string());
    expectOneLineError(runCli("restore --json --sr-scale 2 --tile 1 " + io),
                       "tile size 1 must be 0");
    expectOneLineError(runCli("restore --json --sr-scale 4 --tile 64 --tile-overlap 64 " + io),
                       "overlap 64 must be smaller than the tile size 64");
    EXPECT_FALSE(fs::exists(dir / "out.png"));
}

// A restore that runs through (a small photo without faces, the fixture's tiny GPEN), then
// fails at --save-faces, and one whose output has a Latin-1 name in its JSON report.
TEST(GpenCli, FailuresAfterTheWorkAndNonUtf8NamesNeverAbort) {
    GPEN_REQUIRE_FIXTURES();
    const fs::path dir = cliScratchDir() / "late";
    fs::create_directories(dir);
    const std::string model =
        quote((gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth").string());
    std::ofstream(dir / "blocker") << "a file where a folder would go";
    const CliRun faces =
        runCli("restore --json --detector dlib --face-model " + model + " --save-faces " +
               quote((dir / "blocker" / "faces").string()) + " " + quote(smallPhoto(dir).string()) +
               " " + quote((dir / "out.png").string()));
    EXPECT_EQ(faces.exitCode, 1) << faces.out;
    const auto lines = linesOf(faces.out);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back().rfind("gpen-cli: restore: ", 0), 0U) << faces.out;
    EXPECT_NE(lines.back().find("blocker"), std::string::npos) << faces.out;

    const std::string latin1 =
        "Gr\xfc\xdf"
        "e.png";  // "Grüße" in Latin-1: not UTF-8
    const CliRun named =
        runCli("restore --json --detector dlib --face-model " + model + " " +
               quote(smallPhoto(dir).string()) + " " + quote((dir / latin1).string()));
    ASSERT_EQ(named.exitCode, 0) << named.out;
    const auto j = nlohmann::json::parse(named.out.substr(named.out.find('{')));
    EXPECT_NE(j["output"].get<std::string>().find("Gr\xef\xbf\xbd"), std::string::npos);  // U+FFFD
    EXPECT_TRUE(fs::exists(dir / latin1));
}

// A JPEG whose data is damaged but reaches its end marker (stray bytes before it) is restored,
// and stderr carries our one warning naming the file, not libjpeg's own line beside it.
TEST(GpenCli, ADamagedJpegIsRestoredWithOurOneWarningAndNoLibraryLine) {
    GPEN_REQUIRE_FIXTURES();
    const fs::path dir = cliScratchDir() / "damaged";
    fs::create_directories(dir);
    std::vector<unsigned char> jpeg;
    ASSERT_TRUE(cv::imencode(".jpg", cv::Mat(48, 64, CV_8UC3, cv::Scalar(90, 120, 150)), jpeg));
    jpeg.insert(jpeg.end() - 2, 16, 0x00);
    const fs::path photo = dir / "damaged.jpg";
    std::ofstream(photo, std::ios::binary)
        .write(reinterpret_cast<const char*>(jpeg.data()),
               static_cast<std::streamsize>(jpeg.size()));
    const std::string model =
        quote((gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth").string());
    const CliRun r =
        gpen::test::runCliApart("restore --json --detector dlib --face-model " + model + " " +
                                    quote(photo.string()) + " " + quote((dir / "out.png").string()),
                                (dir / "stderr.txt").string());
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(fs::exists(dir / "out.png"));
    const auto lines = linesOf(r.err);
    ASSERT_EQ(lines.size(), 1U) << r.err;
    EXPECT_EQ(lines[0].rfind("[warning] damaged.jpg: the JPEG data is damaged", 0), 0U) << r.err;
    EXPECT_NE(lines[0].find("libjpeg: Corrupt JPEG data: "), std::string::npos) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_FALSE(j["notes"].empty()) << r.out;
    EXPECT_NE(j["notes"][0].get<std::string>().find("the JPEG data is damaged"), std::string::npos)
        << r.out;
}

}  // namespace
