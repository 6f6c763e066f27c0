// SPDX-License-Identifier: Apache-2.0
// `gpen-cli batch` and `gpen-cli report merge` end to end: exit codes, the progress line, a
// read-only output folder, a batch killed with SIGKILL and resumed, shards that cover the list
// exactly once; and `gpen-cli restore` writing through restoreFile (its processing note).

#include <fcntl.h>
#include <linux/capability.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <exiv2/exiv2.hpp>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "gpen/base/atomic_file.h"
#include "gpen/base/sha256.h"
#include "gpen/batch/batch_report.h"
#include "gpen/engine/embedded_identity.h"
#include "gpen/io/image_io.h"
#include "support/cli_run.h"
#include "support/fixtures.h"
#include "support/pipeline_test_cache.h"
#include "support/temp_models_dir.h"

namespace {

namespace fs = std::filesystem;
using gpen::test::quote;
using gpen::test::runCli;

class BatchCliTest : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!gpen::test::manifest()) GTEST_SKIP() << "fixtures not found";
        m_model = gpen::test::copyFixture("gpen-64-cm1-n0.0625.pth",
                                          m_dir.dir("models") / "tiny-gpen.pth");
        m_in = m_dir.dir("in");
        m_out = m_dir.path() / "out";
    }

    std::string modelArgs() const {
        return "--detector dlib --face-model " + quote(m_model.string());
    }

    // `count` crops along the rows of the Solvay photo as "photo <i>.jpg": each holds faces, so
    // each file takes a while. False when the sample photo is absent.
    bool writeSolvayCrops(int count) {
        const cv::Mat photo =
            cv::imread((gpen::test::sampleImagesDir() / "Solvay_conference_1927.png").string());
        if (photo.empty()) return false;
        for (int i = 0; i < count; ++i) {
            const cv::Rect crop(60 + 110 * i, 130 + (i % 2) * 150, 260, 190);
            EXPECT_TRUE(cv::imwrite((m_in / ("photo " + std::to_string(i) + ".jpg")).string(),
                                    photo(crop)));
        }
        return true;
    }

    void writeNoise(const fs::path& rel, int seed, int size = 40) {
        ASSERT_TRUE(gpen::test::writeNoiseImage(m_in / rel, seed, size));
    }

    // gpen-cli `args` in a process of its own (output to /dev/null), once its first whole output is
    // in the output folder (polled: another process); returns its pid.
    pid_t startAndWaitForAnOutput(const std::string& args) const {
        const pid_t pid = ::fork();
        if (pid == 0) {
            const int devnull = ::open("/dev/null", O_WRONLY);
            ::dup2(devnull, 1);
            ::dup2(devnull, 2);
            const std::string cmd = "exec " + quote(GPEN_CLI_PATH) + " " + args;
            ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(3);
        while (outputs().empty() && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return pid;
    }

    std::set<std::string> outputs() const {
        std::set<std::string> out;
        if (!fs::exists(m_out)) return out;
        for (const auto& e : fs::recursive_directory_iterator(m_out)) {
            const std::string name = e.path().filename().string();
            if (e.is_regular_file() && name.rfind("gpen-batch-report", 0) != 0 &&
                !gpen::isAtomicTempName(name)) {
                out.insert(e.path().lexically_relative(m_out).generic_string());
            }
        }
        return out;
    }

    gpen::test::TempModelsDir m_dir{"batch-cli"};
    fs::path m_model, m_in, m_out;
};

TEST_F(BatchCliTest, ExitCodesProgressLineAndJsonSummary) {
    writeNoise("a.png", 1);
    writeNoise("sub/b.jpg", 2);
    auto all = runCli("batch --recursive --json " + modelArgs() + " " + quote(m_in.string()) + " " +
                      quote(m_out.string()));
    EXPECT_EQ(all.exitCode, 0) << all.out;
    EXPECT_NE(all.out.find("[2/2] ok 2, skipped 0, failed 0"), std::string::npos) << all.out;
    // Not a terminal (a pipe, as a scheduler's log is): plain lines, no redraws or escapes.
    EXPECT_EQ(all.out.find('\r'), std::string::npos) << all.out;
    EXPECT_EQ(all.out.find("\033["), std::string::npos) << all.out;
    EXPECT_NE(all.out.find("files/min"), std::string::npos) << all.out;
    const auto j = nlohmann::json::parse(all.out.substr(all.out.rfind("{\"")));
    EXPECT_EQ(j["ok"], 2);
    EXPECT_TRUE(fs::exists(m_out / "sub" / "b.jpg"));
    EXPECT_TRUE(fs::exists(m_out / "gpen-batch-report.csv"));

    std::ofstream(m_in / "notes.png") << "not a picture";
    auto some = runCli("batch --recursive --if-exists overwrite " + modelArgs() + " " +
                       quote(m_in.string()) + " " + quote(m_out.string()));
    EXPECT_EQ(some.exitCode, 2) << some.out;
    EXPECT_NE(some.out.find("failed: notes.png: notes.png"), std::string::npos) << some.out;
    EXPECT_NE(some.out.find("3 files: 2 restored, 0 skipped, 1 failed"), std::string::npos)
        << some.out;

    for (const std::string& bad :
         {"batch /nonexistent/in " + quote(m_out.string()) + " " + modelArgs(),
          "batch " + quote(m_in.string()) + " " + quote(m_out.string()) + " --format gif",
          "batch " + quote(m_in.string()) + " " + quote(m_out.string()) + " --shard 4/3",
          "batch " + quote(m_in.string()) + " " + quote(m_out.string()) +
              " --detector dlib --face-model GPEN-BFR-2048 --models-dir " +
              quote(m_model.parent_path().string())}) {
        const auto r = runCli(bad);
        EXPECT_EQ(r.exitCode, 1) << bad << "\n" << r.out;
    }
}

// Root ignores file permissions; the child gives up the capabilities that let it, so the folder
// is read-only to it as it would be to a user.
int runAsUserWithoutOverride(const std::string& arguments, const fs::path& log) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (::geteuid() == 0) {
            for (int cap : {CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER}) {
                if (::prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0) ::_exit(77);
            }
        }
        const std::string cmd =
            quote(GPEN_CLI_PATH) + " " + arguments + " > " + quote(log.string()) + " 2>&1";
        ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST_F(BatchCliTest, AReadOnlyOutputFolderGivesPerFileErrors) {
    writeNoise("a.png", 1);
    writeNoise("nested/b.png", 2);
    fs::create_directories(m_out);
    ASSERT_EQ(::chmod(m_out.c_str(), 0555), 0);
    const fs::path report = m_dir.path() / "report.json";
    const fs::path log = m_dir.path() / "log.txt";
    const int code = runAsUserWithoutOverride(
        "batch --recursive " + modelArgs() + " --report " + quote(report.string()) + " " +
            quote(m_in.string()) + " " + quote(m_out.string()),
        log);
    ::chmod(m_out.c_str(), 0755);
    if (code == 77) GTEST_SKIP() << "cannot drop root's capabilities here";
    std::ifstream logIn(log);
    const std::string out((std::istreambuf_iterator<char>(logIn)),
                          std::istreambuf_iterator<char>());
    EXPECT_EQ(code, 2) << out;
    auto r = gpen::readBatchReport(report);
    ASSERT_TRUE(r) << r.error().message << "\n" << out;
    ASSERT_EQ(r->files.size(), 2U);
    for (const auto& f : r->files) {
        EXPECT_EQ(f.status, gpen::FileStatus::Failed) << f.file;
        EXPECT_NE(f.error.find("Permission denied"), std::string::npos) << f.error;
    }
    EXPECT_TRUE(outputs().empty());
}

// SIGKILL while the batch is part way; a resume makes exactly the outputs that are missing,
// rewrites none of the ones that were complete, and leaves no temporary file.
TEST_F(BatchCliTest, AKilledBatchResumesWithExactlyTheMissingOutputs) {
    const int count = 8;
    if (!writeSolvayCrops(count)) GTEST_SKIP() << "sample photo not found";
    const std::string args =
        "batch " + modelArgs() + " " + quote(m_in.string()) + " " + quote(m_out.string());
    // Killed once its first whole output is there.
    const pid_t pid = startAndWaitForAnOutput(args);
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    const std::set<std::string> before = outputs();
    ASSERT_FALSE(before.empty());
    ASSERT_LT(before.size(), static_cast<std::size_t>(count))
        << "the batch ended before the kill; nothing to resume";
    std::map<std::string, ino_t> inodes;
    for (const auto& f : before) {
        struct stat st {};
        ASSERT_EQ(::stat((m_out / f).c_str(), &st), 0);
        inodes[f] = st.st_ino;
        EXPECT_FALSE(cv::imread((m_out / f).string()).empty()) << f << " is whole";
    }

    const auto resumed = runCli(args + " --resume");
    ASSERT_EQ(resumed.exitCode, 0) << resumed.out;
    // The summary counts this run's work apart from the earlier run's.
    const std::string summary =
        std::to_string(count) +
        " files: " + std::to_string(count - static_cast<int>(before.size())) + " restored, " +
        std::to_string(before.size()) + " already done, ";
    EXPECT_NE(resumed.out.find(summary), std::string::npos) << resumed.out;
    const std::set<std::string> after = outputs();
    EXPECT_EQ(after.size(), static_cast<std::size_t>(count));
    for (const auto& [f, inode] : inodes) {
        struct stat st {};
        ASSERT_EQ(::stat((m_out / f).c_str(), &st), 0);
        EXPECT_EQ(st.st_ino, inode) << f << " was written again";
    }
    for (const auto& e : fs::recursive_directory_iterator(m_out)) {
        EXPECT_FALSE(gpen::isAtomicTempName(e.path().filename().string())) << e.path();
    }
    auto report = gpen::readBatchReport(m_out / "gpen-batch-report.json");
    ASSERT_TRUE(report) << report.error().message;
    EXPECT_EQ(report->files.size(), static_cast<std::size_t>(count));
    // Every file ok: the ones the killed run wrote (kept, not redone: their inodes above) and the
    // ones the resumed run restored, exactly the missing ones.
    EXPECT_EQ(report->count(gpen::FileStatus::Ok), count);
}

// Whether `pid` has a SIGINT pending (not yet delivered), per /proc/PID/status.
bool sigintPending(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("ShdPnd:", 0) == 0 || line.rfind("SigPnd:", 0) == 0) {
            if (std::stoull(line.substr(7), nullptr, 16) & (1ULL << (SIGINT - 1))) return true;
        }
    }
    return false;
}

// Ctrl-C once: the file in hand ends, the rest is recorded cancelled, exit 2. Twice: the process
// is gone at once (130), the report on disk is a whole one, and a resume finishes the batch.
TEST_F(BatchCliTest, OneCtrlCCancelsWithAReportAndASecondStopsAtOnce) {
    const int count = 8;
    if (!writeSolvayCrops(count)) GTEST_SKIP() << "sample photo not found";
    const std::string args =
        "batch " + modelArgs() + " " + quote(m_in.string()) + " " + quote(m_out.string());
    // Starts the batch, waits (polling the folder: another process) for its first output, sends
    // `signals` SIGINTs, and returns the exit status and how long the process took to go.
    const auto interrupt = [&](int signals) {
        const pid_t pid = startAndWaitForAnOutput(args);
        const auto sent = std::chrono::steady_clock::now();
        for (int i = 0; i < signals; ++i) {
            ::kill(pid, SIGINT);
            // Two signals sent at once merge into one: the next goes once this one is delivered
            // (no SIGINT pending in /proc/PID/status), as a second Ctrl-C comes after the first.
            while (i + 1 < signals && sigintPending(pid)) std::this_thread::yield();
        }
        int status = 0;
        ::waitpid(pid, &status, 0);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
        return std::pair{WIFEXITED(status) ? WEXITSTATUS(status) : -1, seconds};
    };

    const auto [once, onceSeconds] = interrupt(1);
    EXPECT_EQ(once, 2);
    auto report = gpen::readBatchReport(m_out / "gpen-batch-report.json");
    ASSERT_TRUE(report) << report.error().message;
    EXPECT_GT(report->count(gpen::FileStatus::Cancelled), 0);
    EXPECT_EQ(report->count(gpen::FileStatus::Pending), 0);
    std::cout << "one Ctrl-C: gone in " << onceSeconds << " s\n";

    fs::remove_all(m_out);
    fs::create_directories(m_out);
    const auto [twice, twiceSeconds] = interrupt(2);
    EXPECT_EQ(twice, 130);
    std::cout << "two Ctrl-C: gone in " << twiceSeconds << " s\n";
    auto kept = gpen::readBatchReport(m_out / "gpen-batch-report.json");
    EXPECT_TRUE(kept) << "the report on disk is a whole one: "
                      << (kept ? std::string() : kept.error().message);
    const auto resumed = runCli(args + " --resume");
    ASSERT_EQ(resumed.exitCode, 0) << resumed.out;
    EXPECT_EQ(outputs().size(), static_cast<std::size_t>(count));
    for (const auto& e : fs::recursive_directory_iterator(m_out)) {
        EXPECT_FALSE(gpen::isAtomicTempName(e.path().filename().string())) << e.path();
    }
}

TEST_F(BatchCliTest, ThreeShardsCoverTheListExactlyOnceAndMerge) {
    for (int i = 0; i < 7; ++i)
        writeNoise((i % 2 ? "odd/" : "") + std::string("n") + std::to_string(i) + ".png", i);
    std::multiset<std::string> seen;
    std::vector<std::string> reports;
    for (int s = 1; s <= 3; ++s) {
        const auto r =
            runCli("batch --recursive --shard " + std::to_string(s) + "/3 " + modelArgs() + " " +
                   quote(m_in.string()) + " " + quote(m_out.string()));
        ASSERT_EQ(r.exitCode, 0) << r.out;
        const fs::path report = m_out / ("gpen-batch-report-" + std::to_string(s) + "of3.json");
        auto parsed = gpen::readBatchReport(report);
        ASSERT_TRUE(parsed) << parsed.error().message;
        EXPECT_EQ(parsed->shard, std::to_string(s) + "/3");
        for (const auto& f : parsed->files) seen.insert(f.file);
        reports.push_back(quote(report.string()));
    }
    EXPECT_EQ(seen.size(), 7U);
    for (const auto& f : seen) EXPECT_EQ(seen.count(f), 1U) << f;
    EXPECT_EQ(outputs().size(), 7U);
    const fs::path merged = m_dir.path() / "all.json";
    const auto m = runCli("report merge " + reports[0] + " " + reports[1] + " " + reports[2] +
                          " --output " + quote(merged.string()));
    ASSERT_EQ(m.exitCode, 0) << m.out;
    EXPECT_NE(m.out.find("7 files: 7 ok"), std::string::npos) << m.out;
    auto all = gpen::readBatchReport(merged);
    ASSERT_TRUE(all);
    EXPECT_EQ(all->files.size(), 7U);
    EXPECT_TRUE(fs::exists(m_dir.path() / "all.csv"));
}

// `restore` runs a RestoreJob: the output carries its processing note.
TEST_F(BatchCliTest, RestoreWritesThroughRestoreFile) {
    writeNoise("one.jpg", 5, 64);
    const fs::path out = m_dir.path() / "one-restored.jpg";
    const auto r = runCli("restore " + modelArgs() + " " + quote((m_in / "one.jpg").string()) +
                          " " + quote(out.string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    auto image = Exiv2::ImageFactory::open(out.string());
    image->readMetadata();
    const auto it = image->exifData().findKey(Exiv2::ExifKey("Exif.Image.Software"));
    ASSERT_NE(it, image->exifData().end());
    EXPECT_NE(it->toString().find("GPEN Studio"), std::string::npos);
    EXPECT_NE(it->toString().find("tiny-gpen"), std::string::npos) << it->toString();
}

// A first-run machine: no face model installed, background x2. The batch resolves its models as
// restore does (the embedded upscaler, no face model) instead of failing on a default it pinned.
TEST_F(BatchCliTest, AFirstRunBatchUpscalesWithTheEmbeddedNetwork) {
    writeNoise("a.png", 1);
    writeNoise("sub/b.jpg", 2);
    const fs::path empty = m_dir.dir("no-models");
    const std::string env =
        "-u GPEN_MODELS_DIR XDG_DATA_HOME=" + quote((m_dir.path() / "data").string());
    const auto r = runCli("batch --recursive --sr-scale 2 --models-dir " + quote(empty.string()) +
                              " " + quote(m_in.string()) + " " + quote(m_out.string()),
                          env);
    ASSERT_EQ(r.exitCode, 0) << r.out;
    EXPECT_EQ(outputs(), (std::set<std::string>{"a.png", "sub/b.jpg"}));
    EXPECT_EQ(cv::imread((m_out / "a.png").string()).size(), cv::Size(80, 80));
    auto report = gpen::readBatchReport(m_out / "gpen-batch-report.json");
    ASSERT_TRUE(report) << report.error().message;
    const std::map<std::string, std::string> settings(report->settings.begin(),
                                                      report->settings.end());
    EXPECT_EQ(settings.at("face_model"), "none");
    EXPECT_NE(settings.at("background_model"), "none");
    // Each record says which network ran, and so does the note written into the output.
    std::string notes;
    for (const auto& n : report->files[0].notes) notes += n + "\n";
    EXPECT_NE(notes.find("background upscaled x2 by " + settings.at("background_model")),
              std::string::npos)
        << notes;
    EXPECT_NE(notes.find("no face model"), std::string::npos) << notes;
    auto image = Exiv2::ImageFactory::open((m_out / "sub" / "b.jpg").string());
    image->readMetadata();
    const auto it = image->exifData().findKey(Exiv2::ExifKey("Exif.Image.Software"));
    ASSERT_NE(it, image->exifData().end());
    EXPECT_NE(it->toString().find(settings.at("background_model")), std::string::npos)
        << it->toString();
    EXPECT_EQ(it->toString().find("realesrnet"), std::string::npos) << it->toString();
}

// Output folder = input folder, with overwrite: refused before anything is written; every
// original is byte for byte what it was.
TEST_F(BatchCliTest, TheInputFolderAsOutputIsRefusedAndTheOriginalsStayWhole) {
    writeNoise("a.png", 1);
    writeNoise("b.jpg", 2);
    const auto before = gpen::sha256OfFile(m_in / "a.png");
    const auto beforeJpg = gpen::sha256OfFile(m_in / "b.jpg");
    ASSERT_TRUE(before && beforeJpg);
    for (const std::string& out :
         {m_in.string(), m_in.string() + "/.", m_in.string() + "/../" + m_in.filename().string()}) {
        const auto r = runCli("batch --if-exists overwrite " + modelArgs() + " " +
                              quote(m_in.string()) + " " + quote(out));
        EXPECT_EQ(r.exitCode, 1) << r.out;
        EXPECT_NE(r.out.find("the output folder is the input folder"), std::string::npos) << r.out;
    }
    EXPECT_EQ(*gpen::sha256OfFile(m_in / "a.png"), *before);
    EXPECT_EQ(*gpen::sha256OfFile(m_in / "b.jpg"), *beforeJpg);
    EXPECT_FALSE(fs::exists(m_in / "gpen-batch-report.json"));
}

// --resume with another strength would mix two settings in one folder: refused, naming it.
TEST_F(BatchCliTest, ResumeWithAnotherAlphaIsRefusedNamingIt) {
    writeNoise("a.png", 1);
    const std::string args =
        "batch " + modelArgs() + " " + quote(m_in.string()) + " " + quote(m_out.string());
    ASSERT_EQ(runCli(args).exitCode, 0);
    writeNoise("b.png", 2);
    const auto changed = runCli(args + " --resume --alpha 0.5");
    EXPECT_EQ(changed.exitCode, 1) << changed.out;
    EXPECT_NE(changed.out.find("strength = 1, this one strength = 0.5"), std::string::npos)
        << changed.out;
    EXPECT_NE(changed.out.find("without --resume"), std::string::npos) << changed.out;
    EXPECT_FALSE(fs::exists(m_out / "b.png"));
    const auto same = runCli(args + " --resume");
    EXPECT_EQ(same.exitCode, 0) << same.out;
    EXPECT_TRUE(fs::exists(m_out / "b.png"));
}

// Shards are taken by path, not by position: files added between two shards' runs (a scanner
// still writing) move no file to another shard. The merge refuses reports that saw different
// lists; after every shard is resumed it has every file exactly once, none restored twice.
TEST_F(BatchCliTest, ShardsSurviveFilesAddedBetweenTheirRuns) {
    // Appended, not concatenated: GCC 12 warns falsely on "n" + std::string&& (-Wrestrict).
    const auto name = [](int i) {
        std::string n = "n";
        n += std::to_string(i);
        n += ".png";
        return n;
    };
    for (int i = 0; i < 12; ++i) writeNoise(name(i), i);
    const auto shard = [&](int s, const std::string& extra) {
        return runCli("batch --shard " + std::to_string(s) + "/2 " + extra + modelArgs() + " " +
                      quote(m_in.string()) + " " + quote(m_out.string()));
    };
    ASSERT_EQ(shard(1, "").exitCode, 0);
    for (int i = 12; i < 16; ++i) writeNoise(name(i), i);  // arriving meanwhile
    ASSERT_EQ(shard(2, "").exitCode, 0);
    const std::string reports = quote((m_out / "gpen-batch-report-1of2.json").string()) + " " +
                                quote((m_out / "gpen-batch-report-2of2.json").string());
    const fs::path merged = m_dir.path() / "all.json";
    const auto refused = runCli("report merge " + reports + " --output " + quote(merged.string()));
    EXPECT_NE(refused.exitCode, 0) << refused.out;
    EXPECT_NE(
        refused.out.find(
            "the shards saw different lists of files (shard 1/2: 12 files, shard 2/2: 16 files)"),
        std::string::npos)
        << refused.out;

    std::map<std::string, ino_t> written;
    for (const auto& f : outputs()) {
        struct stat st {};
        ASSERT_EQ(::stat((m_out / f).c_str(), &st), 0);
        written[f] = st.st_ino;
    }
    ASSERT_EQ(shard(1, "--resume ").exitCode, 0);
    ASSERT_EQ(shard(2, "--resume ").exitCode, 0);
    const auto ok = runCli("report merge " + reports + " --output " + quote(merged.string()));
    ASSERT_EQ(ok.exitCode, 0) << ok.out;
    EXPECT_NE(ok.out.find("16 files: 16 ok"), std::string::npos) << ok.out;
    EXPECT_EQ(outputs().size(), 16U);
    for (const auto& [f, inode] : written) {
        struct stat st {};
        ASSERT_EQ(::stat((m_out / f).c_str(), &st), 0);
        EXPECT_EQ(st.st_ino, inode) << f << " was restored twice";
    }
}

// Every face is scored against the face that went in: a file with a face below --min-identity is
// marked for review (the report names the faces; the summary counts the files), and a batch
// with --no-identity scores nothing.
TEST_F(BatchCliTest, FacesBelowTheMinimumIdentityMarkTheirFileForReview) {
    if (gpen::identityModelDir().empty())
        GTEST_SKIP() << "the identity descriptor is absent (the build could not fetch it with npm)";
    const cv::Mat faces = gpen::test::solvayThreeFaces();
    if (faces.empty()) GTEST_SKIP() << "the sample photo is absent";
    ASSERT_TRUE(cv::imwrite((m_in / "three.png").string(), faces));
    writeNoise("noise.png", 5);  // no face: nothing to review
    // The tiny test network draws no face at all: every restored face has changed.
    const auto r = runCli("batch --json --min-identity 0.6 " + modelArgs() + " " +
                          quote(m_in.string()) + " " + quote(m_out.string()));
    ASSERT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("review: three.png: faces 1, 2, 3 below identity 0.60"), std::string::npos)
        << r.out;
    EXPECT_EQ(nlohmann::json::parse(r.out.substr(r.out.rfind("{\""))).at("review"), 1);
    auto report = gpen::readBatchReport(m_out / "gpen-batch-report.json");
    ASSERT_TRUE(report) << report.error().message;
    EXPECT_DOUBLE_EQ(report->minIdentity, 0.6);
    for (const auto& f : report->files) {
        if (f.file == "three.png") {
            EXPECT_EQ(f.faces, 3);
            EXPECT_EQ(f.reviewFaces, (std::vector<int>{1, 2, 3}));
            EXPECT_LT(f.identityMin, 0.6);
            EXPECT_EQ(f.status, gpen::FileStatus::Ok)
                << "the output is written; the file is only marked";
        } else {
            EXPECT_FALSE(f.review()) << f.file;
            EXPECT_TRUE(std::isnan(f.identityMin)) << f.file;
        }
    }
    std::ifstream csv(m_out / "gpen-batch-report.csv");
    const std::string text((std::istreambuf_iterator<char>(csv)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find(",3,yes\r\n"), std::string::npos) << text;

    const auto off = runCli("batch --no-identity --if-exists overwrite " + modelArgs() + " " +
                            quote(m_in.string()) + " " + quote((m_out / "off").string()));
    ASSERT_EQ(off.exitCode, 0) << off.out;
    auto unscored = gpen::readBatchReport(m_out / "off" / "gpen-batch-report.json");
    ASSERT_TRUE(unscored);
    for (const auto& f : unscored->files) EXPECT_TRUE(std::isnan(f.identityMin)) << f.file;
}

// A real full disk: the output folder on a 400 kB tmpfs. The batch stops at the first photo that
// does not fit, says how much is free and about what the next photo needs, leaves the rest
// pending (exit 2); once the disk has room, --resume finishes exactly those.
TEST_F(BatchCliTest, AFullDiskStopsTheBatchAndResumeFinishesIt) {
    if (::geteuid() != 0) GTEST_SKIP() << "mounting a small tmpfs needs root";
    for (int i = 0; i < 6; ++i)
        writeNoise("scan-" + std::to_string(i) + ".png", i, 200);  // ~120 kB each
    const fs::path small = m_dir.path() / "small-disk";
    fs::create_directories(small);
    const std::string mount =
        "mount -t tmpfs -o size=400k gpen-test " + quote(small.string()) + " 2>/dev/null";
    if (std::system(mount.c_str()) != 0) GTEST_SKIP() << "cannot mount a tmpfs here";
    const auto unmount = [&] {
        (void)std::system(("umount " + quote(small.string()) + " 2>/dev/null").c_str());
    };
    struct Guard {
        std::function<void()> f;
        ~Guard() { f(); }
    } guard{unmount};
    const fs::path out = small / "out";
    const fs::path report =
        m_dir.path() / "full-disk-report.json";  // the report beside, not on the full disk
    const std::string args = "batch --face-model none --json --report " + quote(report.string()) +
                             " " + quote(m_in.string()) + " " + quote(out.string());
    const auto full = runCli(args);
    EXPECT_EQ(full.exitCode, 2) << full.out;
    EXPECT_NE(full.out.find("stopped: the disk holding"), std::string::npos) << full.out;
    EXPECT_NE(full.out.find("the next photo needs about"), std::string::npos) << full.out;
    const auto j = nlohmann::json::parse(full.out.substr(full.out.rfind("{\"")));
    EXPECT_TRUE(j.at("disk_full").get<bool>());
    const int written = j.at("ok").get<int>();
    const int pending = j.at("pending").get<int>();
    EXPECT_GE(written, 1);
    EXPECT_GE(pending, 1);
    EXPECT_EQ(written + pending, 6);
    EXPECT_EQ(j.at("failed"), 0);

    ASSERT_EQ(
        std::system(("mount -o remount,size=4m " + quote(small.string()) + " 2>/dev/null").c_str()),
        0);
    const auto again = runCli(args + " --resume");
    EXPECT_EQ(again.exitCode, 0) << again.out;
    const auto k = nlohmann::json::parse(again.out.substr(again.out.rfind("{\"")));
    EXPECT_EQ(k.at("ok"), 6);
    EXPECT_EQ(k.at("already_done").get<int>() + k.at("restored").get<int>(), 6);
    EXPECT_EQ(k.at("already_done"), j.at("ok"));
    EXPECT_FALSE(k.at("disk_full").get<bool>());
    for (int i = 0; i < 6; ++i)
        EXPECT_TRUE(fs::exists(out / ("scan-" + std::to_string(i) + ".png"))) << i;
}

}  // namespace
