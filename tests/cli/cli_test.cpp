// gpen-cli end to end: the executable as a user runs it, output and exit codes checked.

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>

#include "gpen/io/image_io.h"
#include "support/fixtures.h"

namespace {

namespace fs = std::filesystem;

struct CliRun {
    int exitCode = -1;
    std::string out;  // stdout and stderr together
};

std::string quote(const std::string& s) { return "'" + s + "'"; }

CliRun runCli(const std::string& arguments) {
    CliRun r;
    const std::string cmd = quote(GPEN_CLI_PATH) + " " + arguments + " 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) {
        return r;
    }
    std::array<char, 4096> buf{};
    while (const auto n = fread(buf.data(), 1, buf.size(), pipe)) {
        r.out.append(buf.data(), n);
    }
    const int status = pclose(pipe);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

fs::path tempDir() {
    const fs::path d = fs::temp_directory_path() / ("gpen-cli-test-" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
}

TEST(GpenCli, InspectDescribesBothFormats) {
    GPEN_REQUIRE_FIXTURES();
    for (const char* file : {"gpen-64-cm1-n0.0625.pth", "gpen-64-cm1-n0.0625.legacy.pth"}) {
        const CliRun r = runCli("inspect --json " + quote((gpen::test::fixturesDir() / file).string()));
        ASSERT_EQ(r.exitCode, 0) << r.out;
        const auto j = nlohmann::json::parse(r.out);
        EXPECT_EQ(j["network"], "FullGenerator");
        EXPECT_EQ(j["architecture"]["in_size"], 64);
        EXPECT_EQ(j["architecture"]["channel_multiplier"], 1);
        EXPECT_DOUBLE_EQ(j["architecture"]["narrow"].get<double>(), 0.0625);
        EXPECT_EQ(j["entries"], 106);
    }
    const CliRun sr = runCli("inspect " + quote((gpen::test::fixturesDir() / "gpen-sr-64to128-cm1-n0.0625.pth").string()));
    ASSERT_EQ(sr.exitCode, 0) << sr.out;
    EXPECT_NE(sr.out.find("FullGenerator_SR 64 -> 128"), std::string::npos) << sr.out;
}

TEST(GpenCli, InspectOfATextFileFailsNamingIt) {
    const fs::path f = tempDir() / "notes.pth";
    std::ofstream(f) << "this is not a checkpoint\n";
    const CliRun r = runCli("inspect " + quote(f.string()));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.out.find("notes.pth"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("not a PyTorch checkpoint"), std::string::npos) << r.out;
}

TEST(GpenCli, FaceMatchesTheReferenceWrapperWithinOneLevel) {
    GPEN_REQUIRE_FIXTURES();
    const fs::path data = GPEN_TEST_DATA_DIR;
    const fs::path out = tempDir() / "restored.png";
    const CliRun r = runCli("face --model " + quote((gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth").string()) +
                         " --aligned " + quote((data / "aligned-face-80.png").string()) + " " + quote(out.string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    auto ours = gpen::readImageBgr8(out);
    auto ref = gpen::readImageBgr8(data / "aligned-face-80.gpen-64-cm1-n0.0625.png");
    ASSERT_TRUE(ours && ref);
    ASSERT_EQ(ours->size(), cv::Size(64, 64));
    cv::Mat diff;
    cv::absdiff(*ours, *ref, diff);
    double maxDiff = 0;
    cv::minMaxLoc(diff.reshape(1), nullptr, &maxDiff);
    EXPECT_LE(maxDiff, 1.0);
}

TEST(GpenCli, FaceWithAMissingModelFailsAndWritesNothing) {
    const fs::path out = tempDir() / "never.png";
    const CliRun r = runCli("face --model /nonexistent/GPEN-BFR-512.pth --aligned " +
                         quote((fs::path(GPEN_TEST_DATA_DIR) / "aligned-face-80.png").string()) + " " + quote(out.string()));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.out.find("GPEN-BFR-512.pth"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(out));
}

TEST(GpenCli, BenchReportsJsonForACheckpoint) {
    GPEN_REQUIRE_FIXTURES();
    const CliRun r = runCli("bench --json --runs 2 --model " +
                         quote((gpen::test::fixturesDir() / "gpen-128-cm2-n0.0625.pth").string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["in_size"], 128);
    EXPECT_GT(j["median_forward_ms"].get<double>(), 0.0);
    EXPECT_GT(j["gflop_per_face"].get<double>(), 0.0);
    EXPECT_GT(j["peak_rss_mb"].get<double>(), 0.0);
}

TEST(GpenCli, UnknownOptionIsAnError) {
    const CliRun r = runCli("bench --frobnicate 3");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.out.find("--frobnicate"), std::string::npos) << r.out;
}

}  // namespace
