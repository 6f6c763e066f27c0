// SPDX-License-Identifier: Apache-2.0
// Photos open through core's decoder on the session's decode thread: TIFF and WebP (which Qt
// reads only with its image-format plugins), 16-bit scans kept at 16 bits for Save, the GUI thread
// never blocked by a decode.

#include <QDir>
#include <QFileInfo>
#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <iostream>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <gtest/gtest.h>

#include "open_photos.h"
#include "support/peak_memory.h"
#include "temp_settings.h"
#include "ui/main_window.h"
#include "ui/photos/image_session.h"
#include "ui/photos/result_saver.h"
#include "ui_test_app.h"

namespace {

using gpen::ui::MainWindow;

// A 16-bit colour gradient whose low bits matter (an 8-bit copy cannot hold it).
cv::Mat gradient16(int w, int h) {
    cv::Mat m(h, w, CV_16UC3);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            m.at<cv::Vec3w>(y, x) = {static_cast<ushort>(x * 65535 / w),
                                     static_cast<ushort>(y * 65535 / h),
                                     static_cast<ushort>((x * 7 + y * 13) * 37 % 65536)};
        }
    }
    return m;
}

std::string path(const QTemporaryDir& dir, const char* name) {
    return dir.filePath(QString::fromLatin1(name)).toStdString();
}

TEST(ImageSession, TiffAndWebpOpenInTheWindowThroughCore) {
    gpen::test::uiApp();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    if (!cv::haveImageWriter("x.webp") || !cv::haveImageWriter("x.tif"))
        GTEST_SKIP() << "OpenCV lacks WebP or TIFF";
    ASSERT_TRUE(cv::imwrite(path(dir, "scan.tif"), gradient16(120, 80)));
    cv::Mat colour(60, 90, CV_8UC3, cv::Scalar(30, 120, 210));
    ASSERT_TRUE(cv::imwrite(path(dir, "photo.webp"), colour, {cv::IMWRITE_WEBP_QUALITY, 101}));

    MainWindow window;
    window.show();
    QSignalSpy added(window.session(), &gpen::ui::ImageSession::entryAdded);
    QSignalSpy opened(window.session(), &gpen::ui::ImageSession::openFinished);
    const quint64 id = window.openPaths(
        {dir.filePath(QStringLiteral("scan.tif")), dir.filePath(QStringLiteral("photo.webp"))});
    // Decoding happens off the GUI thread: nothing is in the list when openPaths returns.
    EXPECT_EQ(added.count(), 0);
    EXPECT_TRUE(window.session()->opening());
    QStringList problems;
    ASSERT_TRUE(gpen::test::waitForOpen(opened, id, &problems));
    EXPECT_TRUE(problems.isEmpty()) << problems.join(QStringLiteral("; ")).toStdString();
    ASSERT_EQ(window.imageList()->count(), 2);
    const auto& tif = window.session()->entry(0);
    const auto& webp = window.session()->entry(1);
    EXPECT_EQ(tif.displayName, QStringLiteral("scan.tif"));
    EXPECT_EQ(tif.original.size(), QSize(120, 80));
    EXPECT_EQ(webp.original.size(), QSize(90, 60));
    EXPECT_EQ(webp.original.pixelColor(10, 10), QColor(210, 120, 30));  // lossless WebP, BGR -> RGB
    // core's decoder kept what the 8-bit copy cannot hold, for Save.
    ASSERT_TRUE(tif.decoded);
    EXPECT_EQ(tif.decoded->bgr16.type(), CV_16UC3);
    ASSERT_TRUE(webp.decoded);
    EXPECT_TRUE(webp.decoded->bgr16.empty());
    EXPECT_FALSE(tif.thumbnail.isNull());
    EXPECT_LE(tif.thumbnail.width(), 64);
}

TEST(ImageSession, AFileThatIsNotAnImageIsNamedAndTheOthersOpen) {
    gpen::test::uiApp();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QFile fake(dir.filePath(QStringLiteral("notes.tif")));
    ASSERT_TRUE(fake.open(QIODevice::WriteOnly));
    fake.write("just text");
    fake.close();
    ASSERT_TRUE(cv::imwrite(path(dir, "good.png"), cv::Mat(20, 30, CV_8UC3, cv::Scalar::all(90))));
    MainWindow window;
    QStringList problems;
    ASSERT_TRUE(gpen::test::openAndWait(window, {dir.path()}, &problems));
    EXPECT_EQ(window.imageList()->count(), 1);
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems.front().contains(QStringLiteral("notes.tif")))
        << problems.front().toStdString();
}

TEST(ImageSession, SaveWritesTheKeptSixteenBitOriginalThroughWriteRestored) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const cv::Mat scan = gradient16(64, 48);
    ASSERT_TRUE(cv::imwrite(path(dir, "scan.png"), scan));
    MainWindow window;
    ASSERT_TRUE(gpen::test::openAndWait(window, {dir.filePath(QStringLiteral("scan.png"))}));
    ASSERT_EQ(window.session()->count(), 1);
    // The file changes on disk after opening: Save must use what was decoded then, not read it
    // again (the old path re-read the original and would now find an 8-bit photo).
    ASSERT_TRUE(cv::imwrite(path(dir, "scan.png"), cv::Mat(48, 64, CV_8UC3, cv::Scalar::all(7))));
    // A result equal to the 8-bit copy: every pixel unchanged, so each keeps its 16-bit value.
    window.session()->setResult(0, window.session()->entry(0).original);
    // TIFF: no encoder options to ask for, and it holds 16 bits.
    const QString out = dir.filePath(QStringLiteral("restored.tif"));
    window.resultSaver()->setPathPrompt(
        [&](const QString&, const QStringList&, QString*, gpen::ui::SaveOptions*) { return out; });
    QSignalSpy saved(window.resultSaver(), &gpen::ui::ResultSaver::saved);
    ASSERT_TRUE(window.resultSaver()->saveAs(0));
    ASSERT_EQ(saved.count(), 1);
    const cv::Mat written = cv::imread(out.toStdString(), cv::IMREAD_UNCHANGED);
    ASSERT_EQ(written.type(), CV_16UC3);
    EXPECT_EQ(cv::norm(written, scan, cv::NORM_INF), 0.0);
    // One atomic write: no temporary file left beside it.
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
}

// A large folder at bounded memory: 40 scans of 12 MP (36 MB each decoded, 1.4 GB in all) open
// with only what fits the session's budget decoded, plus every thumbnail; a released photo comes
// back when it is viewed (and another goes), and a photo that carries a result is never released.
TEST(ImageSession, AFolderOfLargeScansOpensWithinTheMemoryBudget) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    constexpr int kScans = 40;
    {
        cv::Mat scan(3000, 4000, CV_8UC3);
        for (int y = 0; y < scan.rows; ++y) {
            auto* row = scan.ptr<cv::Vec3b>(y);
            for (int x = 0; x < scan.cols; ++x)
                row[x] = {uchar(x / 16), uchar(y / 12), uchar((x + y) / 28)};
        }
        for (int i = 0; i < kScans; ++i) {
            scan(cv::Rect(0, 0, 40, 40)).setTo(cv::Scalar::all(i * 6));  // each file its own
            ASSERT_TRUE(cv::imwrite(
                dir.filePath(QStringLiteral("scan-%1.jpg").arg(i, 2, 10, QLatin1Char('0')))
                    .toStdString(),
                scan, {cv::IMWRITE_JPEG_QUALITY, 80}));
        }
    }
    const std::uint64_t before = gpen::test::peakResidentBytes(true);
    MainWindow window;
    window.show();
    constexpr std::uint64_t kPhoto = 4000ULL * 3000 * 3;
    window.session()->setResidentBudget(4 * kPhoto);
    ASSERT_TRUE(gpen::test::openAndWait(window, {dir.path()}));
    gpen::ui::ImageSession* session = window.session();
    ASSERT_EQ(session->count(), kScans);
    EXPECT_LE(session->residentBytes(), 4 * kPhoto);
    int resident = 0;
    for (int i = 0; i < kScans; ++i) {
        resident += session->resident(i) ? 1 : 0;
        EXPECT_FALSE(session->entry(i).thumbnail.isNull()) << i;
        EXPECT_EQ(session->entry(i).size, QSize(4000, 3000)) << i;
    }
    EXPECT_LE(resident, 4);
    EXPECT_TRUE(session->resident(0)) << "the photo in view stays";
    const std::uint64_t peak = gpen::test::peakResidentBytes(false);
    std::cout << "[ memory ] " << kScans << " scans of 12 MP: peak " << (peak - before) / 1000000
              << " MB above the start, " << session->residentBytes() / 1000000
              << " MB of photos resident\n";

    // One released photo viewed: decoded again in the background, and shown.
    const int far = kScans - 10;
    ASSERT_FALSE(session->resident(far));
    QSignalSpy loaded(session, &gpen::ui::ImageSession::entryLoaded);
    window.imageList()->setCurrentRow(far);
    ASSERT_TRUE(loaded.wait(30000));
    EXPECT_EQ(loaded.at(0).at(0).toInt(), far);
    EXPECT_TRUE(session->resident(far));
    EXPECT_LE(session->residentBytes(), 4 * kPhoto);

    // A photo with a result carries work: never released, whatever the budget.
    session->setResult(far, session->entry(far).original.copy());
    loaded.clear();
    window.imageList()->setCurrentRow(0);  // released meanwhile for the budget: back again
    if (!session->resident(0)) {
        ASSERT_TRUE(loaded.wait(30000));
    }
    session->setResidentBudget(0);
    EXPECT_TRUE(session->resident(far));
    EXPECT_TRUE(session->resident(0)) << "in view";
    EXPECT_FALSE(session->resident(1));
}

}  // namespace
