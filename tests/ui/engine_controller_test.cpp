// SPDX-License-Identifier: Apache-2.0
// The GUI's engine bridge with real models: a small GPEN checkpoint from the fixtures and the
// built-in dlib detector. Waits on signals only.

#include <algorithm>
#include <cmath>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QTreeWidgetItem>

#include <filesystem>
#include <fstream>
#include <memory>

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include "engine_fixture.h"
#include "gpen/base/process_info.h"
#include "gpen/engine/embedded_identity.h"
#include "gpen/pipeline/identity_bands.h"
#include "modal_driver.h"
#include "open_photos.h"
#include "support/fixtures.h"
#include "temp_settings.h"
#include "ui/bridge/engine_controller.h"
#include "ui/common/theme.h"
#include "ui/main_window.h"
#include "ui/models/model_status_indicator.h"
#include "ui/photos/face_strip.h"
#include "ui/photos/image_session.h"
#include "ui/photos/restore_panel.h"
#include "ui/settings/settings_dialog.h"
#include "ui_test_app.h"

namespace {

using namespace gpen::ui;
namespace fs = std::filesystem;

using EngineControllerTest = gpen::test::EngineFixture;

// The engine runs in the desktop process without the command line's heap policy: memory the GUI
// frees (a closed photo's pixels) goes back to the system, and RSS falls.
TEST_F(EngineControllerTest, MemoryTheWindowFreesGoesBackToTheSystem) {
    EngineController engine;
    QSignalSpy settled(&engine, &EngineController::preloadSettledChanged);
    engine.start(m_settings);
    ASSERT_TRUE(settled.wait(30000));  // the engine module has configured the runtime
    const std::uint64_t before = gpen::currentRssBytes();
    {
        QImage scan(6000, 4000, QImage::Format_RGB32);  // a 24-MP photo, 96 MB
        scan.fill(Qt::gray);
        EXPECT_GT(gpen::currentRssBytes(), before + (80ULL << 20));
    }
    EXPECT_LT(gpen::currentRssBytes(), before + (16ULL << 20))
        << "freed memory stays in the process";
}

TEST_F(EngineControllerTest, StatusIndicatorFollowsThePreload) {
    EngineController engine;
    MainWindow window(&engine);
    window.modelStatusIndicator()->setAlwaysShown(m_settings.preload);
    window.show();
    QSignalSpy settled(&engine, &EngineController::preloadSettledChanged);
    QSignalSpy states(&engine, &EngineController::modelStatusChanged);
    engine.start(m_settings);
    ASSERT_TRUE(settled.wait(30000));
    // The badge went through loading to ready, and says how long each phase took.
    bool sawLoading = false;
    for (const auto& args : states) {
        const auto s = args.at(0).value<gpen::ModelStatus>();
        sawLoading = sawLoading || (s.id == "tiny-gpen" && s.state == gpen::ModelState::Loading);
    }
    EXPECT_TRUE(sawLoading);
    // The indicator's summary counts both preloaded models ready; its popup row for the model
    // has the state, the timings and, in the tooltip, the file.
    ModelStatusIndicator* indicator = window.modelStatusIndicator();
    EXPECT_TRUE(indicator->summary().startsWith(QStringLiteral("2 of 2")))
        << indicator->summary().toStdString();
    QTreeWidgetItem* row = indicator->row(QStringLiteral("tiny-gpen"));
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(row->text(1), QStringLiteral("ready"));
    EXPECT_TRUE(row->text(2).endsWith(QStringLiteral(" ms"))) << row->text(2).toStdString();
    EXPECT_TRUE(row->toolTip(0).contains(QStringLiteral("Read"))) << row->toolTip(0).toStdString();
    EXPECT_TRUE(row->toolTip(0).contains(QStringLiteral("tiny-gpen.pth")));
    indicator->click();
    EXPECT_TRUE(indicator->popup()->isVisible());
    indicator->popup()->hide();
}

TEST_F(EngineControllerTest, AJobStreamsProgressAndItsFacesReblendWithoutTheNetwork) {
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    prepare(engine, window);
    QSignalSpy progress(&engine, &EngineController::jobProgress);
    QSignalSpy finished(&engine, &EngineController::jobFinished);
    QSignalSpy failed(&engine, &EngineController::jobFailed);
    window.restoreCurrent();
    // As restoreAndWait below: on a loaded machine running the whole suite this takes over a
    // minute.
    ASSERT_TRUE(finished.wait(180000))
        << (failed.isEmpty() ? std::string("no failure")
                             : failed.at(0).at(1).toString().toStdString());
    EXPECT_GT(progress.count(), 3);
    const auto outcome = finished.at(0).at(0).value<RestoreOutcome>();
    EXPECT_GE(outcome.faces.size(), 28);
    EXPECT_EQ(outcome.result.size(), QSize(1328, 568));
    EXPECT_FALSE(window.session()->entry(0).result.isNull());
    ASSERT_EQ(window.faceStrip()->faceCount(), outcome.faces.size());

    // Rejecting one face re-blends from the cached outputs: the photo changes, no job runs.
    QSignalSpy reblended(&engine, &EngineController::reblended);
    window.faceStrip()->acceptBox(0)->setChecked(false);
    ASSERT_TRUE(reblended.wait(20000));
    const QImage without = reblended.at(0).at(1).value<QImage>();
    EXPECT_NE(without, outcome.result);
    EXPECT_EQ(finished.count(), 1);
}

TEST_F(EngineControllerTest, CancelStopsAJobBetweenFaces) {
    EngineController engine;
    MainWindow window(&engine);
    prepare(engine, window);
    QSignalSpy cancelled(&engine, &EngineController::jobCancelled);
    QSignalSpy finished(&engine, &EngineController::jobFinished);
    // The user presses Cancel: the panel says so at once, before the job has stopped.
    QString saidAtOnce;
    QObject::connect(&engine, &EngineController::jobProgress, &engine, [&](const JobProgress& p) {
        if (p.stage == QStringLiteral("faces") && saidAtOnce.isEmpty()) {
            window.restorePanel()->cancelButton()->click();
            saidAtOnce = window.restorePanel()->stageLabel()->text();
        }
    });
    window.restoreCurrent();
    ASSERT_TRUE(cancelled.wait(60000));
    EXPECT_EQ(saidAtOnce, QStringLiteral("Cancelling…"));
    EXPECT_EQ(window.restorePanel()->stageLabel()->text(), QStringLiteral("Cancelled"));
    EXPECT_EQ(finished.count(), 0);
    EXPECT_FALSE(engine.busy());
    EXPECT_TRUE(window.session()->entry(0).result.isNull());
}

// Esc does what Cancel does: the restore in hand stops, the panel says so.
TEST_F(EngineControllerTest, EscStopsTheRestoreInHand) {
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    prepare(engine, window);
    QSignalSpy cancelled(&engine, &EngineController::jobCancelled);
    QSignalSpy finished(&engine, &EngineController::jobFinished);
    bool pressed = false;
    QObject::connect(&engine, &EngineController::jobProgress, &engine, [&](const JobProgress& p) {
        if (p.stage == QStringLiteral("faces") && !pressed) {
            pressed = true;
            QTest::keyClick(&window, Qt::Key_Escape);
        }
    });
    window.restoreCurrent();
    ASSERT_TRUE(cancelled.wait(60000));
    EXPECT_TRUE(pressed);
    EXPECT_EQ(finished.count(), 0);
    EXPECT_EQ(window.restorePanel()->stageLabel()->text(), QStringLiteral("Cancelled"));
    // With nothing running, Esc does nothing.
    QTest::keyClick(&window, Qt::Key_Escape);
    EXPECT_EQ(window.restorePanel()->stageLabel()->text(), QStringLiteral("Cancelled"));
}

TEST_F(EngineControllerTest, CancelStopsAJobBetweenBackgroundTiles) {
    // The fixtures' small RRDBNet under the released x2 upscaler's name.
    fs::copy_file(gpen::test::fixturesDir() / "rrdb-x2-f8-b2-g4.pth",
                  fs::path(m_dir.path().toStdString()) / "realesrnet_x2.pth");
    EngineController engine;
    MainWindow window(&engine);
    prepare(engine, window);
    window.restorePanel()->setBackgroundScale(2);  // 400 px tiles: 4 x 2 of them on Solvay
    QSignalSpy cancelled(&engine, &EngineController::jobCancelled);
    QSignalSpy finished(&engine, &EngineController::jobFinished);
    int tilesDone = 0, tilesTotal = 0;
    bool sawFaces = false;
    QObject::connect(&engine, &EngineController::jobProgress, &engine, [&](const JobProgress& p) {
        if (p.stage == QStringLiteral("background") && p.total > 0) {
            tilesDone = std::max(tilesDone, p.done);
            tilesTotal = p.total;
            if (p.done == 1) engine.cancel();
        }
        sawFaces = sawFaces || p.stage == QStringLiteral("faces");
    });
    window.restoreCurrent();
    ASSERT_TRUE(cancelled.wait(60000));
    EXPECT_EQ(finished.count(), 0);
    EXPECT_GT(tilesTotal, 2);
    EXPECT_LT(tilesDone, tilesTotal) << "the tiles after the cancel must not run";
    EXPECT_FALSE(sawFaces);
    EXPECT_TRUE(window.session()->entry(0).result.isNull());
}

// What gpen-studio's main() does after its window closed: the engine thread stops within the grace
// it is given, cancelling the restore in hand.
TEST_F(EngineControllerTest, ClosingDuringAJobStopsTheEngineWithinItsGrace) {
    auto engine = std::make_unique<EngineController>();
    auto window = std::make_unique<MainWindow>(engine.get());
    window->show();
    prepare(*engine, *window);
    bool restoring = false;
    QObject::connect(engine.get(), &EngineController::jobProgress, engine.get(),
                     [&restoring](const JobProgress& p) {
                         restoring = restoring || p.stage == QStringLiteral("faces");
                     });
    window->restoreCurrent();
    ASSERT_TRUE(QTest::qWaitFor([&] { return restoring; }, 60000));  // restoring faces now
    QSignalSpy cancelled(engine.get(), &EngineController::jobCancelled);
    window->close();
    EXPECT_TRUE(engine->stopForExit(2000));
    QCoreApplication::processEvents();  // the worker's last queued signals
    EXPECT_EQ(cancelled.count(), 1);
    window.reset();
    engine.reset();
}

// Settings' OK with only the theme changed keeps the loaded models (a theme change reloaded them
// all); a changed engine setting restarts the engine.
TEST_F(EngineControllerTest, AThemeChangeInSettingsKeepsTheModelsLoaded) {
    gpen::test::useTemporarySettings();
    m_settings.save();
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    QSignalSpy settled(&engine, &EngineController::preloadSettledChanged);
    engine.start(m_settings);
    ASSERT_TRUE(settled.wait(60000));
    QSignalSpy restarted(&engine, &EngineController::restarted);
    auto* settingsAction = window.findChild<QAction*>(QStringLiteral("settingsAction"));
    ASSERT_NE(settingsAction, nullptr);
    {
        gpen::test::ModalDriver<gpen::ui::SettingsDialog> driver([](gpen::ui::SettingsDialog* d) {
            d->themeBox()->setCurrentIndex(d->themeBox()->findData(QStringLiteral("dark")));
            d->accept();
        });
        settingsAction->trigger();
        ASSERT_TRUE(driver.seen());
    }
    QCoreApplication::processEvents();
    EXPECT_EQ(restarted.count(), 0);
    EXPECT_EQ(engine.statuses().value(QStringLiteral("tiny-gpen")).state, gpen::ModelState::Ready);
    gpen::ui::Theme::apply(QString());
    {
        gpen::test::ModalDriver<gpen::ui::SettingsDialog> driver([](gpen::ui::SettingsDialog* d) {
            d->maxModelsBox()->setValue(d->maxModelsBox()->value() + 1);
            d->accept();
        });
        settingsAction->trigger();
        ASSERT_TRUE(driver.seen());
    }
    ASSERT_TRUE(restarted.count() == 1 || restarted.wait(30000));
}

TEST_F(EngineControllerTest, RestartBuildsANewCacheAndTheBadgesFollowIt) {
    EngineController engine;
    MainWindow window(&engine);
    window.modelStatusIndicator()->setAlwaysShown(m_settings.preload);
    window.show();
    QSignalSpy settled(&engine, &EngineController::preloadSettledChanged);
    engine.start(m_settings);
    ASSERT_TRUE(settled.wait(60000));
    ASSERT_NE(window.modelStatusIndicator()->row(QStringLiteral("tiny-gpen")), nullptr);

    // Settings' OK with a shorter preload list: the old cache goes, the new one loads only dlib.
    EngineSettings next = m_settings;
    next.preload = {QStringLiteral("dlib")};
    QSignalSpy restarted(&engine, &EngineController::restarted);
    settled.clear();
    window.modelStatusIndicator()->setAlwaysShown(next.preload);
    ASSERT_TRUE(engine.restart(next));
    ASSERT_TRUE(settled.wait(60000));
    EXPECT_EQ(restarted.count(), 1);
    EXPECT_EQ(engine.statuses().value(QStringLiteral("tiny-gpen")).state,
              gpen::ModelState::Installed);
    EXPECT_EQ(engine.statuses().value(QStringLiteral("dlib")).state, gpen::ModelState::Ready);
    // The indicator shows the new cache: tiny-gpen only installed, dlib (the one preloaded) ready.
    QTreeWidgetItem* tiny = window.modelStatusIndicator()->row(QStringLiteral("tiny-gpen"));
    ASSERT_NE(tiny, nullptr);
    EXPECT_EQ(tiny->text(1), QStringLiteral("installed"));
    QTreeWidgetItem* dlib = window.modelStatusIndicator()->row(QStringLiteral("dlib"));
    ASSERT_NE(dlib, nullptr);
    EXPECT_EQ(dlib->text(1), QStringLiteral("ready"));
    EXPECT_TRUE(window.modelStatusIndicator()->summary().startsWith(QStringLiteral("1 of 1")))
        << window.modelStatusIndicator()->summary().toStdString();
}

TEST_F(EngineControllerTest, CommandLineOverridesSurviveARestartFromTheSettings) {
    EngineController engine;
    // As `gpen-studio --models-dir DIR`: the stored settings name no folder.
    engine.setCommandLineOverrides(m_settings.modelsDir, QString());
    EngineSettings stored = m_settings;
    stored.modelsDir.clear();
    stored.preload = {QStringLiteral("dlib")};
    QSignalSpy settled(&engine, &EngineController::preloadSettledChanged);
    engine.start(stored);
    ASSERT_TRUE(settled.wait(60000));
    EXPECT_EQ(engine.statuses().value(QStringLiteral("tiny-gpen")).state,
              gpen::ModelState::Installed);

    settled.clear();
    ASSERT_TRUE(engine.restart(stored));
    ASSERT_TRUE(settled.wait(60000));
    EXPECT_EQ(engine.statuses().value(QStringLiteral("tiny-gpen")).state,
              gpen::ModelState::Installed)
        << "the command line's models folder must still be searched after a restart";
}

}  // namespace
