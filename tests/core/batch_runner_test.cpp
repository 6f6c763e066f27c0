// SPDX-License-Identifier: Apache-2.0
// The batch runner on a generated tree of real photos and real bad files, with a real (small)
// GPEN checkpoint and the built-in detector: good files restored in their own layout with their
// metadata and a processing note, bad ones reported, the batch never stopped by one file; a write
// failure that loses nothing; cancel, pause, resume, names that collide.

#include <atomic>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <exiv2/exiv2.hpp>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/base/sha256.h"
#include "gpen/batch/batch_report.h"
#include "gpen/batch/batch_runner.h"
#include "gpen/io/image_io.h"
#include "support/pipeline_test_cache.h"
#include "support/temp_models_dir.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;

std::string exifValue(const fs::path& file, const char* key) {
    auto image = Exiv2::ImageFactory::open(file.string());
    image->readMetadata();
    const auto& exif = image->exifData();
    const auto it = exif.findKey(Exiv2::ExifKey(key));
    return it == exif.end() ? std::string() : it->toString();
}

std::vector<fs::path> tempFilesUnder(const fs::path& root) {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (isAtomicTempName(e.path().filename().string())) out.push_back(e.path());
    }
    return out;
}

class BatchRunnerTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }

    void SetUp() override {
        m_models = m_dir.dir("models");
        m_in = m_dir.dir("in");
        m_out = m_dir.path() / "out";
    }

    bool havePhoto() {
        if (!test::manifest()) return false;
        m_faces = test::solvayThreeFaces();
        return !m_faces.empty();
    }

    std::unique_ptr<ModelCache> makeCache() {
        if (test::manifest())
            test::copyFixture("gpen-64-cm1-n0.0625.pth", m_models / "tiny-gpen.pth");
        return test::makePipelineCache(m_dir, m_models);
    }

    BatchParams params() const {
        BatchParams p;
        p.inputDir = m_in;
        p.outputDir = m_out;
        p.restore.faceModel = "tiny-gpen";
        p.restore.detector = "dlib";
        p.reportInterval = std::chrono::milliseconds(0);
        return p;
    }

    // Small face-less pictures: the runner's logic without the cost of restoring faces.
    void writeNoise(const fs::path& rel, int seed) {
        ASSERT_TRUE(test::writeNoiseImage(m_in / rel, seed));
    }

    test::TempModelsDir m_dir{"batch-runner"};
    fs::path m_models, m_in, m_out;
    cv::Mat m_faces;
};

TEST_F(BatchRunnerTest, AGeneratedTreeOfGoodAndBadFiles) {
    if (!havePhoto()) GTEST_SKIP() << "fixtures or the sample photo not found";
    const cv::Mat& faces = m_faces;
    const fs::path uni = "Ünïcode photo – 1927.jpg";
    ASSERT_TRUE(cv::imwrite((m_in / uni).string(), faces));
    fs::create_directories(m_in / "nested" / "deeper level");
    cv::Mat sixteen;
    faces.convertTo(sixteen, CV_16U, 257.0);
    ASSERT_TRUE(
        cv::imwrite((m_in / "nested" / "deeper level" / "scan 16-bit.png").string(), sixteen));
    ASSERT_TRUE(cv::imwrite((m_in / "nested" / "print.tif").string(), faces));
    cv::Mat bgra;
    cv::cvtColor(faces, bgra, cv::COLOR_BGR2BGRA);
    std::vector<cv::Mat> planes;
    cv::split(bgra, planes);
    for (int x = 0; x < bgra.cols; ++x) planes[3].col(x).setTo(55 + x);
    cv::merge(planes, bgra);
    ASSERT_TRUE(cv::imwrite((m_in / "alpha face.png").string(), bgra));
    cv::Mat gray;
    cv::cvtColor(faces, gray, cv::COLOR_BGR2GRAY);
    ASSERT_TRUE(cv::imwrite((m_in / "gray.png").string(), gray));
    // Stored on its side with EXIF orientation 6 (rotate 90 clockwise to view) and a GPS position.
    cv::Mat sideways;
    cv::rotate(faces, sideways, cv::ROTATE_90_COUNTERCLOCKWISE);
    const fs::path rotated = m_in / "nested" / "rotated gps.jpg";
    ASSERT_TRUE(cv::imwrite(rotated.string(), sideways));
    {
        auto image = Exiv2::ImageFactory::open(rotated.string());
        image->readMetadata();
        Exiv2::ExifData& exif = image->exifData();
        exif["Exif.Image.Orientation"] = static_cast<std::uint16_t>(6);
        exif["Exif.GPSInfo.GPSLatitudeRef"] = "N";
        exif["Exif.GPSInfo.GPSLatitude"] = "50/1 50/1 0/1";
        exif["Exif.GPSInfo.GPSLongitudeRef"] = "E";
        exif["Exif.GPSInfo.GPSLongitude"] = "4/1 21/1 0/1";
        exif["Exif.Image.Artist"] = "Benjamin Couprie";
        image->writeMetadata();
    }
    // The bad ones.
    std::ofstream(m_in / "corrupt.jpg", std::ios::binary)
        << std::string("\xff\xd8\xff\xe0 this JPEG stops here", 25);
    std::ofstream(m_in / "nested" / "empty.jpg").flush();
    std::ofstream(m_in / "notes.png") << "this is a text file, not a picture\n";
    std::ofstream(m_in / "readme.txt") << "not an image extension: never listed";

    auto cache = makeCache();
    BatchParams p = params();
    p.scan.recursive = true;
    std::vector<FileRecord> finished;
    p.fileDone = [&](std::size_t, const FileRecord& r) { finished.push_back(r); };
    int progressCalls = 0;
    std::optional<double> lastEta;
    p.progress = [&](const BatchProgress& pr) {
        ++progressCalls;
        if (pr.etaSeconds) lastEta = pr.etaSeconds;
        EXPECT_LE(pr.filesDone, pr.filesTotal);
    };
    auto summary = runBatch(*cache, p);
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->total, 9);
    EXPECT_EQ(summary->ok, 6);
    EXPECT_EQ(summary->failed, 3);
    EXPECT_FALSE(summary->wasCancelled);
    EXPECT_EQ(finished.size(), 9U);
    EXPECT_GT(progressCalls, 9);
    EXPECT_TRUE(lastEta.has_value());

    auto report = readBatchReport(summary->reportJson);
    ASSERT_TRUE(report) << report.error().message;
    std::map<std::string, FileRecord> byFile;
    for (const auto& f : report->files) byFile[f.file] = f;
    for (const char* bad : {"corrupt.jpg", "nested/empty.jpg", "notes.png"}) {
        ASSERT_TRUE(byFile.count(bad)) << bad;
        EXPECT_EQ(byFile[bad].status, FileStatus::Failed) << bad;
        EXPECT_NE(byFile[bad].error.find(fs::path(bad).filename().string()), std::string::npos)
            << byFile[bad].error;
        EXPECT_FALSE(fs::exists(m_out / bad)) << bad;
    }
    EXPECT_NE(byFile["nested/empty.jpg"].error.find("empty"), std::string::npos);
    for (const auto& [file, rec] : byFile) {
        if (rec.status != FileStatus::Ok) continue;
        EXPECT_EQ(rec.output, file) << "the tree is mirrored";
        EXPECT_GE(rec.faces, 3) << file;
        EXPECT_GT(rec.seconds, 0.0) << file;
    }
    EXPECT_EQ(tempFilesUnder(m_out).size(), 0U);

    // Each output in its input's layout.
    const cv::Mat out16 = cv::imread(
        (m_out / "nested" / "deeper level" / "scan 16-bit.png").string(), cv::IMREAD_UNCHANGED);
    EXPECT_EQ(out16.type(), CV_16UC3);
    const cv::Mat outAlpha = cv::imread((m_out / "alpha face.png").string(), cv::IMREAD_UNCHANGED);
    ASSERT_EQ(outAlpha.type(), CV_8UC4);
    std::vector<cv::Mat> outPlanes;
    cv::split(outAlpha, outPlanes);
    EXPECT_EQ(cv::norm(outPlanes[3], planes[3], cv::NORM_INF), 0);
    EXPECT_EQ(cv::imread((m_out / "gray.png").string(), cv::IMREAD_UNCHANGED).type(), CV_8UC1);
    const cv::Mat tif = cv::imread((m_out / "nested" / "print.tif").string(), cv::IMREAD_UNCHANGED);
    EXPECT_EQ(tif.size(), faces.size());
    const cv::Mat uniOut = cv::imread((m_out / uni).string());
    ASSERT_EQ(uniOut.size(), faces.size());
    EXPECT_GT(cv::norm(uniOut, faces, cv::NORM_INF), 0) << "the faces were restored";

    // The sideways JPEG comes out upright, its orientation reset, its GPS and artist kept, and a
    // processing note naming the software and the model.
    const fs::path rotatedOut = m_out / "nested" / "rotated gps.jpg";
    EXPECT_EQ(cv::imread(rotatedOut.string()).size(), faces.size());
    EXPECT_EQ(exifValue(rotatedOut, "Exif.Image.Orientation"), "1");
    EXPECT_EQ(exifValue(rotatedOut, "Exif.GPSInfo.GPSLatitude"), "50/1 50/1 0/1");
    EXPECT_EQ(exifValue(rotatedOut, "Exif.GPSInfo.GPSLongitudeRef"), "E");
    EXPECT_EQ(exifValue(rotatedOut, "Exif.Image.Artist"), "Benjamin Couprie");
    const std::string note = exifValue(rotatedOut, "Exif.Image.Software");
    EXPECT_NE(note.find("GPEN Studio"), std::string::npos) << note;
    EXPECT_NE(note.find("tiny-gpen"), std::string::npos) << note;
    EXPECT_NE(
        exifValue(m_out / "nested" / "deeper level" / "scan 16-bit.png", "Exif.Image.Software")
            .find("tiny-gpen"),
        std::string::npos);

    // Every setting and the very model file, by its SHA-256.
    std::map<std::string, std::string> settings(report->settings.begin(), report->settings.end());
    for (const char* key :
         {"face_model", "detector", "strength", "background_scale", "tile", "name_template",
          "if_exists", "format", "quality", "recursive", "copy_metadata"}) {
        EXPECT_TRUE(settings.count(key)) << key;
    }
    EXPECT_EQ(settings["face_model"], "tiny-gpen");
    ASSERT_FALSE(report->models.empty());
    EXPECT_EQ(report->models[0].id, "tiny-gpen");
    EXPECT_EQ(report->models[0].sha256, *sha256OfFile(m_models / "tiny-gpen.pth"));
    EXPECT_FALSE(report->finished.empty());
    EXPECT_TRUE(fs::exists(summary->reportCsv));
}

// A full disk at the third output: that file fails, the two before stay whole, the ones after
// are written, and no temporary file is left anywhere.
TEST_F(BatchRunnerTest, AWriteFailureFailsThatFileAndKeepsTheOthersWhole) {
    for (int i = 0; i < 5; ++i) writeNoise("p" + std::to_string(i) + ".png", i);
    auto cache = makeCache();
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found";
    BatchParams p = params();
    std::atomic<int> writes{0};
    p.atomic.faultForTesting = [&](AtomicWriteStep step) {
        if (step != AtomicWriteStep::Write) return 0;
        return ++writes == 3 ? EIO : 0;
    };
    auto summary = runBatch(*cache, p);
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->ok, 4);
    EXPECT_EQ(summary->failed, 1);
    auto report = readBatchReport(summary->reportJson);
    ASSERT_TRUE(report);
    EXPECT_EQ(report->files[2].status, FileStatus::Failed);
    EXPECT_NE(report->files[2].error.find("Input/output error"), std::string::npos)
        << report->files[2].error;
    EXPECT_FALSE(fs::exists(m_out / "p2.png"));
    for (int i : {0, 1, 3, 4}) {
        const cv::Mat back = cv::imread((m_out / ("p" + std::to_string(i) + ".png")).string());
        EXPECT_EQ(back.size(), cv::Size(40, 40)) << i;
    }
    EXPECT_EQ(tempFilesUnder(m_out).size(), 0U);
}

// A full disk stops the batch at the first write that finds it full (every later one would fail
// too): that file and the rest stay pending, the summary says how much space is free and about
// what the next photo needs, and --resume completes them once space is freed, redoing nothing.
TEST_F(BatchRunnerTest, AFullDiskStopsTheBatchAndResumeFinishesIt) {
    const auto name = [](int i) { return "disk-" + std::to_string(i) + ".png"; };
    for (int i = 0; i < 5; ++i) writeNoise(name(i), i);
    auto cache = makeCache();
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found";
    BatchParams p = params();
    std::atomic<int> writes{0};
    p.atomic.faultForTesting = [&](AtomicWriteStep step) {
        if (step != AtomicWriteStep::Write) return 0;
        return ++writes >= 3 ? ENOSPC : 0;  // full from the third photo on, as a real disk stays
    };
    auto summary = runBatch(*cache, p);
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_TRUE(summary->diskFull);
    EXPECT_EQ(summary->ok, 2);
    EXPECT_EQ(summary->failed, 0);
    EXPECT_EQ(summary->pending, 3);
    EXPECT_EQ(writes.load(), 3) << "no write after the first that found the disk full";
    EXPECT_NE(summary->stopReason.find("is full"), std::string::npos) << summary->stopReason;
    EXPECT_NE(summary->stopReason.find(" free, the next photo needs about "), std::string::npos)
        << summary->stopReason;
    EXPECT_NE(summary->stopReason.find("--resume"), std::string::npos) << summary->stopReason;
    auto report = readBatchReport(summary->reportJson);
    ASSERT_TRUE(report);
    EXPECT_EQ(report->count(FileStatus::Pending), 3);
    EXPECT_EQ(report->count(FileStatus::Failed), 0);
    EXPECT_EQ(tempFilesUnder(m_out).size(), 0U);

    // Space freed: the same batch with --resume writes the three, and only them.
    p.atomic.faultForTesting = nullptr;
    p.resume = true;
    std::atomic<int> done{0};
    p.fileDone = [&](std::size_t, const FileRecord& r) {
        done += r.status == FileStatus::Ok ? 1 : 0;
    };
    auto again = runBatch(*cache, p);
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_FALSE(again->diskFull);
    EXPECT_EQ(done.load(), 3);
    EXPECT_EQ(again->ok, 5);
    EXPECT_EQ(again->pending, 0);
    for (int i = 0; i < 5; ++i) EXPECT_TRUE(fs::exists(m_out / name(i))) << i;
}

TEST_F(BatchRunnerTest, CancelStopsTheRestAndTheReportSaysSo) {
    for (int i = 0; i < 6; ++i) writeNoise("c" + std::to_string(i) + ".png", i);
    auto cache = makeCache();
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found";
    std::stop_source cancel;
    BatchParams p = params();
    p.stop = cancel.get_token();
    p.fileDone = [&](std::size_t, const FileRecord&) { cancel.request_stop(); };
    auto summary = runBatch(*cache, p);
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_TRUE(summary->wasCancelled);
    EXPECT_GE(summary->ok, 1);
    EXPECT_LE(summary->ok, 3) << "at most the files already in the queues finish";
    EXPECT_EQ(summary->ok + summary->cancelled, 6);
    auto report = readBatchReport(summary->reportJson);
    ASSERT_TRUE(report);
    EXPECT_EQ(report->count(FileStatus::Cancelled), summary->cancelled);
    EXPECT_EQ(report->count(FileStatus::Pending), 0);
}

TEST_F(BatchRunnerTest, PauseHoldsTheBatchUntilResumed) {
    for (int i = 0; i < 3; ++i) writeNoise("q" + std::to_string(i) + ".png", i);
    auto cache = makeCache();
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found";
    PauseToken pause;
    pause.pause();
    BatchParams p = params();
    p.pause = &pause;
    std::atomic<int> done{0};
    std::atomic<bool> sawPaused{false};
    p.fileDone = [&](std::size_t, const FileRecord&) { ++done; };
    p.progress = [&](const BatchProgress& pr) {
        if (pr.paused && !sawPaused.exchange(true)) {
            EXPECT_EQ(done.load(), 0) << "nothing finishes while paused";
            pause.resume();
        }
    };
    auto summary = runBatch(*cache, p);
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_TRUE(sawPaused.load());
    EXPECT_EQ(summary->ok, 3);
}

// A stop requested while the batch is paused wakes the runner at once: the wait is on the token
// itself, so nothing polls, and without the wake-up this test would never end.
TEST_F(BatchRunnerTest, CancelWhilePausedEndsTheBatch) {
    for (int i = 0; i < 3; ++i) writeNoise("w" + std::to_string(i) + ".png", i);
    auto cache = makeCache();
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found";
    PauseToken pause;
    pause.pause();
    std::stop_source cancel;
    BatchParams p = params();
    p.pause = &pause;
    p.stop = cancel.get_token();
    std::atomic<int> done{0};
    p.fileDone = [&](std::size_t, const FileRecord& r) {
        if (r.status == FileStatus::Ok) ++done;
    };
    p.progress = [&](const BatchProgress& pr) {
        if (pr.paused) cancel.request_stop();
    };
    auto summary = runBatch(*cache, p);
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_TRUE(summary->wasCancelled);
    EXPECT_TRUE(pause.paused()) << "it was never resumed";
    EXPECT_EQ(done.load(), 0);
    EXPECT_EQ(summary->cancelled, 3);
}

TEST_F(BatchRunnerTest, ResumeRedoesOnlyWhatIsMissingAndCollisionsGetSuffixes) {
    writeNoise("a/x.png", 1);
    writeNoise("b/x.png", 2);
    writeNoise("c.png", 3);
    auto cache = makeCache();
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found";
    BatchParams p = params();
    p.scan.recursive = true;
    p.nameTemplate = "{name}.{ext}";  // flat: a/x.png and b/x.png collide
    p.ifExists = IfExists::Suffix;
    p.format = OutputFormat::Webp;
    p.quality = 80;
    auto first = runBatch(*cache, p);
    ASSERT_TRUE(first) << first.error().message;
    EXPECT_EQ(first->ok, 3);
    EXPECT_TRUE(fs::exists(m_out / "x.webp"));
    EXPECT_TRUE(fs::exists(m_out / "x-1.webp"));
    EXPECT_TRUE(fs::exists(m_out / "c.webp"));
    // One output lost; a resume makes exactly that one and leaves the others untouched.
    fs::remove(m_out / "x-1.webp");
    const auto before = fs::last_write_time(m_out / "c.webp");
    p.resume = true;
    auto second = runBatch(*cache, p);
    ASSERT_TRUE(second) << second.error().message;
    EXPECT_EQ(second->ok, 3);
    EXPECT_TRUE(fs::exists(m_out / "x-1.webp"));
    EXPECT_FALSE(fs::exists(m_out / "x-2.webp"));
    EXPECT_EQ(fs::last_write_time(m_out / "c.webp"), before);
    // Without resume and with skip, present outputs are skipped.
    p.resume = false;
    p.ifExists = IfExists::Skip;
    auto third = runBatch(*cache, p);
    ASSERT_TRUE(third);
    EXPECT_EQ(third->skipped, 2);
    EXPECT_EQ(third->failed, 1) << "b/x.png's name collides with a/x.png's and skip adds no suffix";
}

TEST_F(BatchRunnerTest, AMissingFaceModelStopsTheBatchBeforeItStarts) {
    writeNoise("a.png", 1);
    auto cache = makeCache();
    BatchParams p = params();
    p.restore.faceModel = "GPEN-BFR-2048";
    auto summary = runBatch(*cache, p);
    ASSERT_FALSE(summary);
    EXPECT_NE(summary.error().message.find("GPEN-BFR-2048"), std::string::npos)
        << summary.error().message;
    EXPECT_FALSE(fs::exists(m_out / "a.png"));
    p.restore.faceModel = "tiny-gpen";
    p.nameTemplate = "{title}.{ext}";
    auto badTemplate = runBatch(*cache, p);
    ASSERT_FALSE(badTemplate);
    EXPECT_NE(badTemplate.error().message.find("{title}"), std::string::npos);
}

// An output folder inside the input folder is never taken as input: run twice, the second run
// sees the one original again and none of its own outputs (no restored/restored/...).
TEST_F(BatchRunnerTest, AnOutputFolderInsideTheInputIsNeverScanned) {
    writeNoise("a.png", 1);
    writeNoise("old/b.png", 2);
    auto cache = makeCache();
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found";
    BatchParams p = params();
    p.scan.recursive = true;
    p.outputDir = m_in / "restored";
    for (int run = 0; run < 2; ++run) {
        p.ifExists = run == 0 ? IfExists::Skip : IfExists::Overwrite;
        auto summary = runBatch(*cache, p);
        ASSERT_TRUE(summary) << summary.error().message;
        EXPECT_EQ(summary->total, 2) << "run " << run;
        EXPECT_EQ(summary->ok, 2) << "run " << run;
    }
    EXPECT_FALSE(fs::exists(m_in / "restored" / "restored"));
    auto report = readBatchReport(m_in / "restored" / "gpen-batch-report.json");
    ASSERT_TRUE(report);
    for (const auto& f : report->files)
        EXPECT_EQ(f.file.find("restored/"), std::string::npos) << f.file;
}

// No output is ever written over an input, whatever the template and the policy: a template that
// names an input photo (the input inside the output folder) fails that file and leaves it whole.
TEST_F(BatchRunnerTest, ATargetThatIsAnInputFailsAndTheInputStaysWhole) {
    const fs::path outer = m_dir.dir("outer");
    m_in = outer / "in";
    writeNoise("x.png", 1);
    auto cache = makeCache();
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found";
    const auto before = sha256OfFile(m_in / "x.png");
    ASSERT_TRUE(before);
    BatchParams p = params();
    p.inputDir = m_in;
    p.outputDir = outer;
    p.nameTemplate = "in/{name}.{ext}";  // outer/in/x.png: the input itself
    p.ifExists = IfExists::Overwrite;
    auto summary = runBatch(*cache, p);
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->failed, 1);
    EXPECT_EQ(*sha256OfFile(m_in / "x.png"), *before);
    auto report = readBatchReport(outer / "gpen-batch-report.json");
    ASSERT_TRUE(report);
    EXPECT_NE(report->files[0].error.find("is an input photo, which is never replaced"),
              std::string::npos)
        << report->files[0].error;
}

// The decoder's warnings reach the record: a damaged JPEG restored around its damage says so.
TEST_F(BatchRunnerTest, ADamagedJpegIsRestoredWithANoteInItsRecord) {
    std::vector<unsigned char> jpeg;
    cv::Mat noise(48, 48, CV_8UC3);
    cv::randu(noise, 0, 255);
    ASSERT_TRUE(cv::imencode(".jpg", noise, jpeg));
    jpeg.insert(jpeg.end() - 2, 16, 0x00);  // stray bytes between the last scan and the EOI marker
    fs::create_directories(m_in);
    std::ofstream(m_in / "damaged.jpg", std::ios::binary)
        .write(reinterpret_cast<const char*>(jpeg.data()),
               static_cast<std::streamsize>(jpeg.size()));
    writeNoise("whole.png", 2);
    auto cache = makeCache();
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found";
    auto summary = runBatch(*cache, params());
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->ok, 2);
    auto report = readBatchReport(m_out / "gpen-batch-report.json");
    ASSERT_TRUE(report);
    std::map<std::string, FileRecord> byFile;
    for (const auto& f : report->files) byFile[f.file] = f;
    ASSERT_FALSE(byFile["damaged.jpg"].notes.empty());
    EXPECT_NE(byFile["damaged.jpg"].notes.front().find("damaged"), std::string::npos)
        << byFile["damaged.jpg"].notes.front();
    for (const auto& n : byFile["whole.png"].notes)
        EXPECT_EQ(n.find("damaged"), std::string::npos) << n;
    std::ifstream csv(m_out / "gpen-batch-report.csv");
    const std::string text((std::istreambuf_iterator<char>(csv)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find(byFile["damaged.jpg"].notes.front()), std::string::npos) << text;
}

// Under overwrite, a target that existed before the first run is redone by a resume until it has
// been replaced; an output the stopped run wrote but never recorded is kept, not redone.
TEST_F(BatchRunnerTest, ResumeUnderOverwriteRedoesWhatWasNotReplacedAndKeepsWhatWas) {
    writeNoise("a.png", 1);
    writeNoise("b.png", 2);
    auto cache = makeCache();
    if (!test::manifest()) GTEST_SKIP() << "fixtures not found";
    fs::create_directories(m_out);
    ASSERT_TRUE(test::writeNoiseImage(m_out / "a.png", 7));  // stale outputs of some older run
    ASSERT_TRUE(test::writeNoiseImage(m_out / "b.png", 8));
    const auto stale = sha256OfFile(m_out / "a.png");
    BatchParams p = params();
    p.ifExists = IfExists::Overwrite;
    std::stop_source stopped;
    stopped
        .request_stop();  // the first run stops before its first file: both planned, neither done
    p.stop = stopped.get_token();
    auto first = runBatch(*cache, p);
    ASSERT_TRUE(first) << first.error().message;
    EXPECT_EQ(first->cancelled, 2);
    EXPECT_EQ(*sha256OfFile(m_out / "a.png"), *stale);

    p.stop = {};
    p.resume = true;
    auto second = runBatch(*cache, p);
    ASSERT_TRUE(second) << second.error().message;
    EXPECT_EQ(second->ok, 2) << "the stale targets are replaced, not kept as done";
    EXPECT_NE(*sha256OfFile(m_out / "a.png"), *stale);

    // A run killed after writing both but before recording them: its records say pending.
    const fs::path json = m_out / "gpen-batch-report.json";
    auto report = readBatchReport(json);
    ASSERT_TRUE(report);
    for (auto& f : report->files) {
        f.status = FileStatus::Pending;
        f.replaces = fileIdentity(m_out / "b.png") == fileIdentity(m_out / f.output) ? "1:2:3:4"
                                                                                     : f.replaces;
    }
    ASSERT_TRUE(writeBatchReport(*report, json));
    const auto written = fs::last_write_time(m_out / "a.png");
    auto third = runBatch(*cache, p);
    ASSERT_TRUE(third) << third.error().message;
    EXPECT_EQ(third->ok, 2);
    EXPECT_EQ(fs::last_write_time(m_out / "a.png"), written)
        << "a whole output is never restored again";
}

}  // namespace
}  // namespace gpen
