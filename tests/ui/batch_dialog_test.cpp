// SPDX-License-Identifier: Apache-2.0
// The batch dialog with the real engine: a small GPEN checkpoint from the fixtures and the
// built-in dlib detector, three crops of the Solvay photograph. Waits on signals only.

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTranslator>

#include <filesystem>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <gtest/gtest.h>

#include "gpen/engine/embedded_identity.h"
#include "open_photos.h"
#include "support/cli_run.h"
#include "support/fixtures.h"
#include "support/pipeline_test_cache.h"
#include "temp_settings.h"
#include "ui/batch/batch_dialog.h"
#include "ui/bridge/engine_controller.h"
#include "ui/common/translations.h"
#include "ui/main_window.h"
#include "ui/photos/image_session.h"
#include "ui/photos/restore_panel.h"
#include "ui_test_app.h"

namespace {

using namespace gpen::ui;
namespace fs = std::filesystem;

class BatchDialogTest : public ::testing::Test {
  protected:
    void SetUp() override {
        gpen::test::uiApp();
        gpen::test::useTemporarySettings();
        QStandardPaths::setTestModeEnabled(true);
        if (!gpen::test::manifest())
            GTEST_SKIP() << "fixtures not found at " << gpen::test::fixturesDir();
        ASSERT_TRUE(m_models.isValid() && m_input.isValid() && m_output.isValid());
        fs::copy_file(gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth",
                      fs::path(m_models.path().toStdString()) / "tiny-gpen.pth");
        m_settings.modelsDir = m_models.path();
        m_settings.preload = {QStringLiteral("tiny-gpen"), QStringLiteral("dlib")};
        m_settings.threads = 1;  // leaves a core to the GUI thread
        // Three crops of the photograph, a few faces each, in three formats.
        const cv::Mat solvay =
            cv::imread((gpen::test::sampleImagesDir() / "Solvay_conference_1927.png").string());
        ASSERT_FALSE(solvay.empty());
        const std::string in = m_input.path().toStdString();
        ASSERT_TRUE(cv::imwrite(in + "/a-left.png", solvay(cv::Rect(0, 0, 440, 300))));
        ASSERT_TRUE(cv::imwrite(in + "/b-middle.jpg", solvay(cv::Rect(440, 0, 440, 300))));
        ASSERT_TRUE(cv::imwrite(in + "/c-right.tif", solvay(cv::Rect(880, 0, 440, 300))));
        // The tiny test network draws no face, so every face would be marked for review: these
        // tests run as on a machine without the identity descriptor, except the one about review.
        qputenv("GPEN_IDENTITY_DIR",
                QDir(m_models.path()).filePath(QStringLiteral("no-identity")).toUtf8());
    }
    void TearDown() override { qunsetenv("GPEN_IDENTITY_DIR"); }

    // Starts the engine, waits for its preload, and fills the dialog for the three photos.
    BatchDialog* prepare(EngineController& engine, MainWindow& window) {
        QSignalSpy settled(&engine, &EngineController::preloadSettledChanged);
        engine.start(m_settings);
        if (!settled.wait(60000)) return nullptr;
        BatchDialog* dialog = window.showBatchDialog(m_input.path());
        dialog->setOutputFolder(m_output.path());
        dialog->restoreOptions()->setFaceModel(QStringLiteral("tiny-gpen"));
        return dialog;
    }

    QString status(BatchDialog* dialog, int row) const {
        const QTableWidgetItem* item = dialog->table()->item(row, BatchDialog::StatusColumn);
        return item ? item->text() : QString();
    }

    QTemporaryDir m_models, m_input, m_output;
    EngineSettings m_settings;
};

TEST(BatchDialog, ADroppedFolderIsOfferedForABatchWithALiveNameExample) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    ASSERT_TRUE(cv::imwrite(dir.filePath(QStringLiteral("one.png")).toStdString(),
                            cv::Mat(20, 30, CV_8UC3, cv::Scalar::all(90))));
    EngineController engine;  // not started: the dialog needs none until Start
    MainWindow window(&engine);
    window.show();
    QSignalSpy opened(window.session(), &ImageSession::openFinished);
    ASSERT_TRUE(gpen::test::dropPaths(&window, {dir.path()}));
    ASSERT_TRUE(opened.wait(30000));
    EXPECT_EQ(window.session()->count(), 1);  // the folder's photos open as before
    auto* offer = window.findChild<QPushButton*>(QStringLiteral("batchOfferButton"));
    ASSERT_NE(offer, nullptr);
    EXPECT_TRUE(offer->isVisible());
    offer->click();
    auto* dialog = window.findChild<BatchDialog*>();
    ASSERT_NE(dialog, nullptr);
    EXPECT_TRUE(dialog->isVisible());
    const BatchRequest r = dialog->request();
    EXPECT_EQ(QFileInfo(r.inputDir).canonicalFilePath(), QFileInfo(dir.path()).canonicalFilePath());
    EXPECT_TRUE(
        r.outputDir.endsWith(QFileInfo(dir.path()).fileName() + QStringLiteral("-restored")))
        << r.outputDir.toStdString();

    // The example follows the template as it is typed, and a bad one is named before a start.
    dialog->templateEdit()->setText(QStringLiteral("{name}-{model}.{ext}"));
    EXPECT_TRUE(dialog->exampleLabel()->text().endsWith(QStringLiteral("Grandma-GPEN-BFR-512.jpg")))
        << dialog->exampleLabel()->text().toStdString();
    dialog->templateEdit()->setText(QStringLiteral("{name}-{colour}.{ext}"));
    EXPECT_TRUE(dialog->exampleLabel()->text().contains(QStringLiteral("colour")))
        << dialog->exampleLabel()->text().toStdString();
    EXPECT_FALSE(dialog->start());
    EXPECT_FALSE(dialog->running());
}

// Before Start the dialog says what Start would do: how many photos the form selects and the
// first names, following the form as it changes; a typed input folder gets its sibling output
// folder; a refused start leaves no rows of an earlier batch.
TEST(BatchDialog, ThePlanIsShownBeforeStartAndFollowsTheForm) {
    auto& app = gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    // As the app runs in English: with the English plural forms.
    const QList<QTranslator*> english = Translations::install(&app, QStringLiteral("en"));
    const auto removeEnglish = qScopeGuard([&] {
        for (QTranslator* t : english) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
    });
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString scans = dir.filePath(QStringLiteral("scans"));
    ASSERT_TRUE(QDir().mkpath(scans + QStringLiteral("/1931")));
    const cv::Mat pixels(20, 30, CV_8UC3, cv::Scalar::all(90));
    for (const char* name : {"a.png", "b.jpg", "c.png", "d.tif", "1931/e.png"}) {
        ASSERT_TRUE(cv::imwrite(
            (scans + QLatin1Char('/') + QString::fromLatin1(name)).toStdString(), pixels));
    }
    // Two files with photo names that are no photos: counted apart, not as photos to restore.
    for (const char* name : {"notes.jpg", "empty.png"}) {
        QFile file(scans + QLatin1Char('/') + QString::fromLatin1(name));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        if (name[0] == 'n') file.write("shopping list: milk, bread\n");
    }
    BatchDialog dialog(nullptr);
    dialog.show();
    QSignalSpy ready(&dialog, &BatchDialog::planReady);
    dialog.inputEdit()->clear();
    dialog.outputEdit()->clear();
    QTest::keyClicks(dialog.inputEdit(), scans);  // typed, as a user does
    const auto waitForPlan = [&] {
        ready.clear();
        return ready.wait(10000);
    };
    ASSERT_TRUE(waitForPlan());
    EXPECT_EQ(dialog.planLabel()->text(),
              QStringLiteral("4 photos selected: a.png, b.jpg, c.png, …\n"
                             "2 files that cannot be opened as photos: empty.png, notes.jpg"));
    EXPECT_EQ(QDir::fromNativeSeparators(dialog.outputEdit()->text()),
              dir.filePath(QStringLiteral("scans-restored")));
    dialog.findChild<QCheckBox*>(QStringLiteral("recursiveBox"))->setChecked(true);
    ASSERT_TRUE(waitForPlan());
    EXPECT_TRUE(dialog.planLabel()->text().startsWith(
        QStringLiteral("5 photos selected: 1931/e.png, a.png, b.jpg")))
        << dialog.planLabel()->text().toStdString();
    dialog.inputEdit()->setText(dir.filePath(QStringLiteral("nowhere")));
    ASSERT_TRUE(waitForPlan());
    EXPECT_TRUE(dialog.planLabel()->text().contains(QStringLiteral("nowhere")))
        << dialog.planLabel()->text().toStdString();
    // No engine: Start is refused, naming why, with no rows.
    EXPECT_FALSE(dialog.start());
    EXPECT_EQ(dialog.table()->rowCount(), 0);
    for (const QPushButton* browse : dialog.browseButtons()) EXPECT_TRUE(browse->isEnabled());
}

TEST_F(BatchDialogTest, ThreeFilesRunRowByRowWhileTheWindowStaysResponsive) {
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    BatchDialog* dialog = prepare(engine, window);
    ASSERT_NE(dialog, nullptr);
    EXPECT_TRUE(dialog->exampleLabel()->text().contains(QStringLiteral("Grandma.jpg")));

    // Every status a row shows, in order.
    QHash<int, QStringList> seen;
    QObject::connect(dialog->table(), &QTableWidget::itemChanged, dialog,
                     [&](QTableWidgetItem* item) {
                         if (item->column() != BatchDialog::StatusColumn) return;
                         QStringList& states = seen[item->row()];
                         const QString state = item->text().section(QLatin1Char(':'), 0, 0);
                         if (states.isEmpty() || states.back() != state) states << state;
                     });
    // The GUI thread keeps turning while the batch runs: a timer on it ticks before the first file
    // ends and between every two files' ends. A batch that held the GUI thread would deliver its
    // files back to back with no tick between (an order, not a number of milliseconds).
    QTimer probe;
    probe.setInterval(5);
    int ticks = 0;
    std::vector<int> ticksAtFileEnd;
    QObject::connect(&probe, &QTimer::timeout, &probe, [&] { ++ticks; });

    QSignalSpy ended(dialog, &BatchDialog::batchEnded);
    QSignalSpy notified(dialog, &BatchDialog::notified);
    QSignalSpy restored(&engine, &EngineController::jobFinished);
    QSignalSpy files(&engine, &EngineController::batchFileDone);
    QObject::connect(&engine, &EngineController::batchFileDone, dialog,
                     [&] { ticksAtFileEnd.push_back(ticks); });
    bool sawPaused = false;
    QObject::connect(&engine, &EngineController::batchProgress, dialog,
                     [&](const BatchProgressView& p) { sawPaused = sawPaused || p.paused; });
    ASSERT_TRUE(dialog->start());
    probe.start();
    EXPECT_FALSE(dialog->startButton()->isEnabled());
    EXPECT_TRUE(dialog->cancelButton()->isEnabled());
    // Pause after the first photo: the runner reports itself paused; Resume lets it finish.
    ASSERT_TRUE(files.wait(120000));
    dialog->pauseButton()->click();
    ASSERT_TRUE(QTest::qWaitFor([&] { return sawPaused; }, 60000));
    EXPECT_TRUE(
        dialog->progressLabel()->text().contains(QStringLiteral("paused"), Qt::CaseInsensitive))
        << dialog->progressLabel()->text().toStdString();
    EXPECT_EQ(ended.count(), 0);
    dialog->pauseButton()->click();
    ASSERT_TRUE(QTest::qWaitFor([&] { return ended.count() == 1; }, 240000));
    probe.stop();

    const auto outcome = ended.at(0).at(0).value<BatchOutcome>();
    EXPECT_TRUE(ended.at(0).at(1).toString().isEmpty())
        << ended.at(0).at(1).toString().toStdString();
    EXPECT_EQ(outcome.jobId, dialog->lastOutcome().jobId);
    EXPECT_EQ(outcome.ok, 3);
    EXPECT_FALSE(outcome.wasCancelled);
    ASSERT_EQ(dialog->table()->rowCount(), 3);
    for (int row = 0; row < 3; ++row) {
        EXPECT_EQ(status(dialog, row), BatchDialog::tr("Done"));
        // Waiting (the plan) -> Restoring (in inference) -> Done.
        EXPECT_TRUE(seen[row].contains(QStringLiteral("Restoring")))
            << row << ": " << seen[row].join(QStringLiteral(" > ")).toStdString();
        EXPECT_EQ(seen[row].back(), QStringLiteral("Done"));
        EXPECT_GT(dialog->table()->item(row, BatchDialog::FacesColumn)->text().toInt(), 0);
    }
    for (const char* name : {"a-left.png", "b-middle.jpg", "c-right.tif"}) {
        EXPECT_TRUE(QFileInfo::exists(QDir(m_output.path()).filePath(QString::fromLatin1(name))))
            << name;
    }
    EXPECT_TRUE(QFileInfo::exists(outcome.reportJson)) << outcome.reportJson.toStdString();
    EXPECT_TRUE(dialog->openReportButton()->isEnabled());
    EXPECT_TRUE(dialog->openOutputButton()->isEnabled());
    // Offscreen there is no tray: the window asks for attention instead.
    ASSERT_EQ(notified.count(), 1);
    EXPECT_EQ(notified.at(0).at(0).toString(), QStringLiteral("alert"));
    // The batch's work never reached the window's restore signals.
    EXPECT_EQ(restored.count(), 0);
    EXPECT_TRUE(window.restorePanel()->stageLabel()->text().isEmpty());
    EXPECT_FALSE(engine.busy());
    ASSERT_EQ(ticksAtFileEnd.size(), 3U);
    EXPECT_GT(ticksAtFileEnd[0], 0);
    for (std::size_t i = 1; i < ticksAtFileEnd.size(); ++i) {
        EXPECT_GT(ticksAtFileEnd[i], ticksAtFileEnd[i - 1])
            << "no tick of the GUI thread between files " << i << " and " << i + 1;
    }
}

TEST_F(BatchDialogTest, CancelStopsTheBatchAndAnInteractiveRestoreKeepsItsOwnJob) {
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    BatchDialog* dialog = prepare(engine, window);
    ASSERT_NE(dialog, nullptr);
    ASSERT_TRUE(gpen::test::openAndWait(
        window, {QDir(m_input.path()).filePath(QStringLiteral("a-left.png"))}));
    window.restorePanel()->setFaceModel(QStringLiteral("tiny-gpen"));

    // Cancel as soon as the first photo is done.
    QObject::connect(&engine, &EngineController::batchFileDone, dialog,
                     [dialog](const BatchFileView& f) {
                         if (f.jobId == dialog->jobId() && dialog->cancelButton()->isEnabled())
                             dialog->cancelButton()->click();
                     });
    QSignalSpy ended(dialog, &BatchDialog::batchEnded);
    QSignalSpy restored(&engine, &EngineController::jobFinished);
    ASSERT_TRUE(dialog->start());
    // Closing the window during the batch asks; Cancel keeps both.
    bool asked = false;
    QTimer answer;
    answer.setInterval(5);
    QObject::connect(&answer, &QTimer::timeout, &answer, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            answer.stop();
            asked = true;
            box->button(QMessageBox::Cancel)->click();
        }
    });
    answer.start();
    EXPECT_FALSE(window.close());
    EXPECT_TRUE(asked);
    EXPECT_TRUE(dialog->running());
    // A restore asked for during the batch waits for it and answers to the window alone.
    window.restoreCurrent();
    EXPECT_NE(window.restoreJob(), dialog->jobId());
    ASSERT_TRUE(ended.wait(240000));
    const auto outcome = ended.at(0).at(0).value<BatchOutcome>();
    EXPECT_TRUE(outcome.wasCancelled);
    EXPECT_GE(outcome.ok, 1);
    EXPECT_LT(outcome.ok, 3);
    EXPECT_EQ(status(dialog, 0), BatchDialog::tr("Done"));
    EXPECT_EQ(status(dialog, 2), BatchDialog::tr("Cancelled"));
    // A cancelled row names no output (none was written); the bar stops where the batch did.
    EXPECT_TRUE(dialog->table()->item(2, BatchDialog::OutputColumn)->text().isEmpty());
    EXPECT_FALSE(dialog->table()->item(0, BatchDialog::OutputColumn)->text().isEmpty());
    EXPECT_LT(dialog->progressBar()->value(), dialog->progressBar()->maximum());
    EXPECT_FALSE(QFileInfo::exists(QDir(m_output.path()).filePath(QStringLiteral("c-right.tif"))));
    EXPECT_TRUE(QFileInfo::exists(outcome.reportJson));
    EXPECT_TRUE(dialog->startButton()->isEnabled());

    ASSERT_TRUE(restored.wait(120000));
    const auto mine = restored.at(0).at(0).value<RestoreOutcome>();
    EXPECT_EQ(mine.jobId, window.restoreJob());
    EXPECT_FALSE(window.session()->entry(0).result.isNull());
    EXPECT_EQ(dialog->table()->rowCount(), 3);
    EXPECT_FALSE(engine.busy());
}

// One photo, one set of settings, three front ends: `gpen-cli restore`, `gpen-cli batch` and the
// dialog's batch all run RestoreJobs with the same resolved models, so they give the same pixels;
// here with the damage found and repaired on the whole photo (two scratches across the coats).
TEST_F(BatchDialogTest, RestoreBatchAndTheDialogGiveTheSamePixels) {
    const std::string left = m_input.filePath(QStringLiteral("a-left.png")).toStdString();
    cv::Mat scratched = cv::imread(left);
    cv::line(scratched, {40, 290}, {400, 240}, cv::Scalar::all(235), 2, cv::LINE_AA);
    cv::line(scratched, {120, 180}, {300, 296}, cv::Scalar::all(225), 1, cv::LINE_AA);
    ASSERT_TRUE(cv::imwrite(left, scratched));
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    BatchDialog* dialog = prepare(engine, window);
    ASSERT_NE(dialog, nullptr);
    dialog->restoreOptions()->repairDamageBox()->setChecked(true);
    const BatchRequest request = dialog->request();
    ASSERT_TRUE(request.options.findDamage);
    QSignalSpy ended(dialog, &BatchDialog::batchEnded);
    ASSERT_TRUE(dialog->start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return ended.count() == 1; }, 240000));
    ASSERT_EQ(ended.at(0).at(0).value<BatchOutcome>().ok, 3);
    bool repairedNoted = false;
    for (int row = 0; row < dialog->table()->rowCount(); ++row) {
        const QTableWidgetItem* notes = dialog->table()->item(row, BatchDialog::ErrorColumn);
        repairedNoted |=
            notes && notes->text().contains(QStringLiteral("damage repaired"), Qt::CaseInsensitive);
    }
    EXPECT_TRUE(repairedNoted) << "the scratched photo's row says what was repaired";

    using gpen::test::quote;
    const fs::path in = m_input.path().toStdString();
    const fs::path out = m_output.path().toStdString();
    const fs::path cli = out.parent_path() / (out.filename().string() + "-cli");
    const std::string options =
        "--threads 1 --detector " + request.options.detector.toStdString() + " --sr-scale " +
        std::to_string(request.options.backgroundScale) + " --find-damage 0.5 --face-model " +
        quote((fs::path(m_models.path().toStdString()) / "tiny-gpen.pth").string());
    fs::create_directories(cli / "restore");
    const auto restored =
        gpen::test::runCli("restore " + options + " " + quote((in / "a-left.png").string()) + " " +
                           quote((cli / "restore" / "a-left.png").string()));
    ASSERT_EQ(restored.exitCode, 0) << restored.out;
    const auto batch = gpen::test::runCli("batch " + options + " " + quote(in.string()) + " " +
                                          quote((cli / "batch").string()));
    ASSERT_EQ(batch.exitCode, 0) << batch.out;

    const cv::Mat dialogPixels = cv::imread((out / "a-left.png").string(), cv::IMREAD_UNCHANGED);
    const cv::Mat restorePixels =
        cv::imread((cli / "restore" / "a-left.png").string(), cv::IMREAD_UNCHANGED);
    const cv::Mat batchPixels =
        cv::imread((cli / "batch" / "a-left.png").string(), cv::IMREAD_UNCHANGED);
    ASSERT_FALSE(dialogPixels.empty() || restorePixels.empty() || batchPixels.empty());
    const cv::Mat original = cv::imread((in / "a-left.png").string(), cv::IMREAD_UNCHANGED);
    EXPECT_GT(cv::norm(dialogPixels, original, cv::NORM_INF), 0.0) << "the faces were restored";
    EXPECT_EQ(cv::norm(dialogPixels, restorePixels, cv::NORM_INF), 0.0);
    EXPECT_EQ(cv::norm(dialogPixels, batchPixels, cv::NORM_INF), 0.0);
    fs::remove_all(cli);
}

// A photo restored around damaged data is marked in its row, the decoder's words in the notes;
// rows are the runner's own plan, found by file.
TEST_F(BatchDialogTest, ADamagedPhotoIsMarkedInItsRowWithItsNote) {
    std::vector<unsigned char> jpeg;
    const cv::Mat photo = cv::imread(m_input.filePath(QStringLiteral("a-left.png")).toStdString());
    ASSERT_TRUE(cv::imencode(".jpg", photo, jpeg));
    jpeg.insert(jpeg.end() - 2, 16, 0x00);  // stray bytes between the last scan and the EOI marker
    QFile damaged(m_input.filePath(QStringLiteral("d-damaged.jpg")));
    ASSERT_TRUE(damaged.open(QIODevice::WriteOnly));
    damaged.write(reinterpret_cast<const char*>(jpeg.data()), static_cast<qint64>(jpeg.size()));
    damaged.close();
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    BatchDialog* dialog = prepare(engine, window);
    ASSERT_NE(dialog, nullptr);
    QSignalSpy ended(dialog, &BatchDialog::batchEnded);
    ASSERT_TRUE(dialog->start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return ended.count() == 1; }, 240000));
    ASSERT_EQ(ended.at(0).at(0).value<BatchOutcome>().ok, 4);
    ASSERT_EQ(dialog->table()->rowCount(), 4);
    for (int row = 0; row < 4; ++row) {
        const QTableWidgetItem* file = dialog->table()->item(row, BatchDialog::FileColumn);
        const QTableWidgetItem* state = dialog->table()->item(row, BatchDialog::StatusColumn);
        const QTableWidgetItem* notes = dialog->table()->item(row, BatchDialog::ErrorColumn);
        ASSERT_TRUE(file && state && notes);
        EXPECT_EQ(state->text(), BatchDialog::tr("Done"));
        const bool isDamaged = file->text() == QStringLiteral("d-damaged.jpg");
        EXPECT_EQ(!state->icon().isNull(), isDamaged) << file->text().toStdString();
        EXPECT_EQ(notes->text().contains(QStringLiteral("damaged")), isDamaged)
            << notes->text().toStdString();
        if (isDamaged) {
            EXPECT_TRUE(state->toolTip().contains(QStringLiteral("damaged")))
                << state->toolTip().toStdString();
        }
    }
}

// Esc during a batch cancels the batch and keeps the dialog open on its rows; once it has ended,
// Esc closes the dialog.
TEST_F(BatchDialogTest, EscCancelsARunningBatchThenCloses) {
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    BatchDialog* dialog = prepare(engine, window);
    ASSERT_NE(dialog, nullptr);
    QSignalSpy ended(dialog, &BatchDialog::batchEnded);
    bool pressed = false;
    QObject::connect(&engine, &EngineController::batchProgress, dialog,
                     [&](const BatchProgressView& p) {
                         if (!pressed && p.stage == QStringLiteral("faces")) {
                             pressed = true;
                             QTest::keyClick(dialog, Qt::Key_Escape);
                         }
                     });
    ASSERT_TRUE(dialog->start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return ended.count() == 1; }, 240000));
    EXPECT_TRUE(pressed);
    EXPECT_TRUE(ended.at(0).at(0).value<BatchOutcome>().wasCancelled);
    EXPECT_TRUE(dialog->isVisible()) << "the rows stay for the user to read";
    QTest::keyClick(dialog, Qt::Key_Escape);
    EXPECT_FALSE(dialog->isVisible());
}

// Files with a face whose identity score fell below the minimum are marked "Review" (the faces
// and the lowest score in the tooltip), the summary counts them, and a filter shows only them.
TEST_F(BatchDialogTest, FilesToReviewAreMarkedCountedAndFiltered) {
    qunsetenv("GPEN_IDENTITY_DIR");
    if (gpen::identityModelDir().empty())
        GTEST_SKIP() << "the identity descriptor is absent (the build could not fetch it with npm)";
    ASSERT_TRUE(gpen::test::writeNoiseImage(fs::path(m_input.path().toStdString()) / "d-noise.png",
                                            3));  // no face
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    BatchDialog* dialog = prepare(engine, window);
    ASSERT_NE(dialog, nullptr);
    EXPECT_FALSE(dialog->reviewFilter()->isEnabled()) << "nothing to filter yet";
    QSignalSpy ended(dialog, &BatchDialog::batchEnded);
    ASSERT_TRUE(dialog->start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return ended.count() == 1; }, 240000));
    const auto outcome = ended.at(0).at(0).value<BatchOutcome>();
    EXPECT_EQ(outcome.ok, 4);
    EXPECT_EQ(outcome.review, 3) << "the three crops with faces; the noise has none";
    const QString said = dialog->progressLabel()->text();
    EXPECT_TRUE(said.contains(QStringLiteral("3 file")) &&
                said.contains(QStringLiteral("to review")))
        << said.toStdString();
    ASSERT_EQ(dialog->table()->rowCount(), 4);
    for (int row = 0; row < 4; ++row) {
        const bool faces = dialog->table()->item(row, BatchDialog::FileColumn)->text() !=
                           QStringLiteral("d-noise.png");
        EXPECT_EQ(dialog->rowNeedsReview(row), faces) << row;
        EXPECT_EQ(status(dialog, row), faces ? BatchDialog::tr("Review") : BatchDialog::tr("Done"))
            << row;
        if (faces) {
            const QString tip = dialog->table()->item(row, BatchDialog::StatusColumn)->toolTip();
            EXPECT_TRUE(tip.contains(QStringLiteral("lowest identity score 0.")))
                << tip.toStdString();
        }
    }
    ASSERT_TRUE(dialog->reviewFilter()->isEnabled());
    dialog->reviewFilter()->setChecked(true);
    for (int row = 0; row < 4; ++row)
        EXPECT_EQ(dialog->table()->isRowHidden(row), !dialog->rowNeedsReview(row)) << row;
    dialog->reviewFilter()->setChecked(false);
    for (int row = 0; row < 4; ++row) EXPECT_FALSE(dialog->table()->isRowHidden(row)) << row;
}

}  // namespace
