// gpen-cli end to end: the executable as a user runs it, output and exit codes checked.

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/io/image_io.h"
#include "support/cli_run.h"
#include "support/fixtures.h"

namespace {

namespace fs = std::filesystem;

using gpen::test::CliRun;
using gpen::test::quote;
using gpen::test::runCli;

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

fs::path solvay() { return gpen::test::sampleImagesDir() / "Solvay_conference_1927.png"; }

// The whole pipeline on the 1927 photo with a real (small) GPEN checkpoint and the built-in
// detector: every face restored, and outside the faces the output is the background untouched.
TEST(GpenCli, RestoreSolvayEndToEnd) {
    GPEN_REQUIRE_FIXTURES();
    if (!fs::exists(solvay())) GTEST_SKIP() << "sample photo not found at " << solvay();
    const fs::path dir = tempDir() / "solvay";
    fs::create_directories(dir / "models");
    fs::copy_file(gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth", dir / "models" / "tiny-gpen.pth",
                  fs::copy_options::overwrite_existing);
    const fs::path out = dir / "restored.png";
    const CliRun r = runCli("restore --json --detector dlib --face-model " + quote((dir / "models" / "tiny-gpen.pth").string()) +
                            " --save-faces " + quote((dir / "faces").string()) + " " + quote(solvay().string()) + " " +
                            quote(out.string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out.substr(r.out.find('{')));
    EXPECT_GE(j["faces"].size(), 28U);
    EXPECT_EQ(j["detector"], "dlib");
    EXPECT_TRUE(j["grayscale"].get<bool>());
    for (const char* stage : {"background", "detection", "alignment", "faces", "mask", "paste-back"}) {
        EXPECT_TRUE(j["timings_ms"].contains(stage)) << stage;
    }
    EXPECT_TRUE(fs::exists(dir / "faces" / "face1-after.png"));
    auto in = gpen::readImageBgr8(solvay());
    auto res = gpen::readImageBgr8(out);
    ASSERT_TRUE(in && res);
    ASSERT_EQ(res->size(), in->size());
    // Outside every face's neighbourhood (its box grown by its own size) nothing changed.
    cv::Mat nearFaces = cv::Mat::zeros(in->size(), CV_8U);
    for (const auto& f : j["faces"]) {
        const double x = f["box"][0], y = f["box"][1], w = f["box"][2], h = f["box"][3];
        cv::rectangle(nearFaces, cv::Rect(cv::Point(int(x - w), int(y - h)), cv::Point(int(x + 2 * w), int(y + 2 * h))),
                      cv::Scalar(255), cv::FILLED);
    }
    cv::Mat diff, changed;
    cv::absdiff(*in, *res, diff);
    cv::cvtColor(diff, changed, cv::COLOR_BGR2GRAY);
    changed.setTo(0, nearFaces);
    EXPECT_EQ(cv::countNonZero(changed), 0);
    // And the faces did change.
    cv::cvtColor(diff, changed, cv::COLOR_BGR2GRAY);
    EXPECT_GT(cv::countNonZero(changed), 1000);
}

TEST(GpenCli, RestoreKeepsSixteenBitsAndAlphaOutsideTheFaces) {
    GPEN_REQUIRE_FIXTURES();
    if (!fs::exists(solvay())) GTEST_SKIP() << "sample photo not found at " << solvay();
    const fs::path dir = tempDir() / "sixteen";
    fs::create_directories(dir);
    fs::copy_file(gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth", dir / "tiny-gpen.pth",
                  fs::copy_options::overwrite_existing);
    // Three faces of the photo as a 16-bit scan with an alpha ramp; the low bits carry detail an
    // 8-bit round trip would lose.
    auto photo = gpen::readImageBgr8(solvay());
    ASSERT_TRUE(photo);
    cv::Mat colour;
    (*photo)(cv::Rect(680, 130, 200, 150)).convertTo(colour, CV_16U, 257.0);
    cv::Mat lowBits(colour.size(), CV_16UC3);
    cv::randu(lowBits, 0, 200);
    colour += lowBits;
    cv::Mat alpha(colour.size(), CV_16UC1);
    for (int x = 0; x < alpha.cols; ++x) alpha.col(x).setTo(x * 300);
    std::vector<cv::Mat> planes;
    cv::split(colour, planes);
    planes.push_back(alpha);
    cv::Mat input;
    cv::merge(planes, input);
    const fs::path in = dir / "scan16.png";
    ASSERT_TRUE(cv::imwrite(in.string(), input));

    const fs::path out = dir / "restored16.png";
    const CliRun r = runCli("restore --json --detector dlib --face-model " + quote((dir / "tiny-gpen.pth").string()) + " " +
                            quote(in.string()) + " " + quote(out.string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out.substr(r.out.find('{')));
    ASSERT_GE(j["faces"].size(), 3U);
    EXPECT_TRUE(j["timings_ms"].contains("decode"));
    EXPECT_TRUE(j["timings_ms"].contains("encode"));
    const cv::Mat result = cv::imread(out.string(), cv::IMREAD_UNCHANGED);
    ASSERT_EQ(result.type(), CV_16UC4);
    ASSERT_EQ(result.size(), input.size());
    std::vector<cv::Mat> got;
    cv::split(result, got);
    EXPECT_EQ(cv::norm(got[3], alpha, cv::NORM_INF), 0) << "alpha must come back unchanged";
    cv::Mat nearFaces = cv::Mat::zeros(input.size(), CV_8U);
    for (const auto& f : j["faces"]) {
        const double x = f["box"][0], y = f["box"][1], w = f["box"][2], h = f["box"][3];
        cv::rectangle(nearFaces, cv::Rect(cv::Point(int(x - w), int(y - h)), cv::Point(int(x + 2 * w), int(y + 2 * h))),
                      cv::Scalar(255), cv::FILLED);
    }
    cv::Mat diff, changed;
    cv::absdiff(result, input, diff);
    cv::cvtColor(diff, changed, cv::COLOR_BGRA2GRAY);
    changed.setTo(0, nearFaces);
    EXPECT_EQ(cv::countNonZero(changed), 0) << "outside the faces every 16-bit value is kept";
    cv::cvtColor(diff, changed, cv::COLOR_BGRA2GRAY);
    EXPECT_GT(cv::countNonZero(changed), 100) << "the faces were restored";
}

TEST(GpenCli, RestoreOfAMissingPhotoNamesIt) {
    const CliRun r = runCli("restore /nonexistent/photo-1931.jpg " + quote((tempDir() / "x.png").string()));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.out.find("photo-1931.jpg"), std::string::npos) << r.out;
}

TEST(GpenCli, DetectFindsTheSolvayFacesWithDlib) {
    if (!fs::exists(solvay())) GTEST_SKIP() << "sample photo not found at " << solvay();
    const fs::path drawn = tempDir() / "faces.png";
    const CliRun r = runCli("detect --json --detector dlib --draw " + quote(drawn.string()) + " " + quote(solvay().string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out.substr(r.out.find('{')));
    EXPECT_GE(j["faces"].size(), 28U);
    EXPECT_EQ(j["faces"][0]["landmarks"].size(), 5U);
    EXPECT_TRUE(fs::exists(drawn));
}

TEST(GpenCli, ModelsListsTheCatalog) {
    const CliRun r = runCli("models --json");
    ASSERT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("GPEN-BFR-512"), std::string::npos);
    EXPECT_NE(r.out.find("RetinaFace-R50"), std::string::npos);
}

}  // namespace
