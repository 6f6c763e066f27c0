// The GUI's engine bridge with real models: a small GPEN checkpoint from the fixtures and the
// built-in dlib detector. Waits on signals only.

#include <algorithm>

#include <QCheckBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <memory>

#include <gtest/gtest.h>

#include "support/fixtures.h"
#include "ui/engine_controller.h"
#include "ui/face_strip.h"
#include "ui/image_session.h"
#include "ui/main_window.h"
#include "ui/model_status_bar.h"
#include "ui/restore_panel.h"
#include "open_photos.h"
#include "ui_test_app.h"

namespace {

using namespace gpen::ui;
namespace fs = std::filesystem;

class EngineControllerTest : public ::testing::Test {
protected:
    void SetUp() override {
        gpen::test::uiApp();
        QStandardPaths::setTestModeEnabled(true);
        if (!gpen::test::manifest()) GTEST_SKIP() << "fixtures not found at " << gpen::test::fixturesDir();
        ASSERT_TRUE(m_dir.isValid());
        fs::copy_file(gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth",
                      fs::path(m_dir.path().toStdString()) / "tiny-gpen.pth");
        m_settings.modelsDir = m_dir.path();
        m_settings.preload = {QStringLiteral("tiny-gpen"), QStringLiteral("dlib")};
        m_settings.threads = 2;
        m_solvay = QString::fromStdString((gpen::test::sampleImagesDir() / "Solvay_conference_1927.png").string());
    }

    // Starts the engine, waits for the preload, opens the photo and picks the small model.
    void prepare(EngineController& engine, MainWindow& window) {
        QSignalSpy settled(&engine, &EngineController::preloadSettledChanged);
        engine.start(m_settings);
        ASSERT_TRUE(settled.wait(60000));
        ASSERT_TRUE(gpen::test::openAndWait(window, {m_solvay}));
        ASSERT_EQ(window.currentIndex(), 0);
        window.restorePanel()->setFaceModel(QStringLiteral("tiny-gpen"));
    }

    QTemporaryDir m_dir;
    EngineSettings m_settings;
    QString m_solvay;
};

TEST_F(EngineControllerTest, StatusIndicatorFollowsThePreload) {
    EngineController engine;
    MainWindow window(&engine);
    window.modelStatusBar()->setAlwaysShown(m_settings.preload);
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
    QLabel* badge = window.modelStatusBar()->badge(QStringLiteral("tiny-gpen"));
    ASSERT_NE(badge, nullptr);
    EXPECT_TRUE(badge->text().contains(QStringLiteral("ready"))) << badge->text().toStdString();
    EXPECT_TRUE(badge->toolTip().contains(QStringLiteral("Read"))) << badge->toolTip().toStdString();
    EXPECT_TRUE(badge->toolTip().contains(QStringLiteral("tiny-gpen.pth")));
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
    ASSERT_TRUE(finished.wait(60000)) << (failed.isEmpty() ? std::string("no failure") : failed.at(0).at(1).toString().toStdString());
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
    QObject::connect(&engine, &EngineController::jobProgress, &engine, [&engine](const JobProgress& p) {
        if (p.stage == QStringLiteral("faces")) engine.cancel();
    });
    window.restoreCurrent();
    ASSERT_TRUE(cancelled.wait(60000));
    EXPECT_EQ(finished.count(), 0);
    EXPECT_FALSE(engine.busy());
    EXPECT_TRUE(window.session()->entry(0).result.isNull());
}

TEST_F(EngineControllerTest, CancelStopsAJobBetweenBackgroundTiles) {
    // The fixtures' small RRDBNet under the released x2 upscaler's name.
    fs::copy_file(gpen::test::fixturesDir() / "rrdb-x2-f8-b2-g4.pth", fs::path(m_dir.path().toStdString()) / "realesrnet_x2.pth");
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

TEST_F(EngineControllerTest, ClosingDuringAJobExitsWithinTwoSeconds) {
    auto engine = std::make_unique<EngineController>();
    auto window = std::make_unique<MainWindow>(engine.get());
    window->show();
    prepare(*engine, *window);
    bool restoring = false;
    QObject::connect(engine.get(), &EngineController::jobProgress, engine.get(),
                     [&restoring](const JobProgress& p) { restoring = restoring || p.stage == QStringLiteral("faces"); });
    window->restoreCurrent();
    ASSERT_TRUE(QTest::qWaitFor([&] { return restoring; }, 60000));  // restoring faces now
    QElapsedTimer t;
    t.start();
    window->close();
    window.reset();
    engine.reset();  // cancels and joins the engine thread
    EXPECT_LT(t.elapsed(), 2000);
}

TEST_F(EngineControllerTest, RestartBuildsANewCacheAndTheBadgesFollowIt) {
    EngineController engine;
    MainWindow window(&engine);
    window.modelStatusBar()->setAlwaysShown(m_settings.preload);
    window.show();
    QSignalSpy settled(&engine, &EngineController::preloadSettledChanged);
    engine.start(m_settings);
    ASSERT_TRUE(settled.wait(60000));
    ASSERT_NE(window.modelStatusBar()->badge(QStringLiteral("tiny-gpen")), nullptr);

    // Settings' OK with a shorter preload list: the old cache goes, the new one loads only dlib.
    EngineSettings next = m_settings;
    next.preload = {QStringLiteral("dlib")};
    QSignalSpy restarted(&engine, &EngineController::restarted);
    settled.clear();
    window.modelStatusBar()->setAlwaysShown(next.preload);
    ASSERT_TRUE(engine.restart(next));
    ASSERT_TRUE(settled.wait(60000));
    EXPECT_EQ(restarted.count(), 1);
    EXPECT_EQ(engine.statuses().value(QStringLiteral("tiny-gpen")).state, gpen::ModelState::Installed);
    EXPECT_EQ(engine.statuses().value(QStringLiteral("dlib")).state, gpen::ModelState::Ready);
    EXPECT_EQ(window.modelStatusBar()->badge(QStringLiteral("tiny-gpen")), nullptr);
    QLabel* dlib = window.modelStatusBar()->badge(QStringLiteral("dlib"));
    ASSERT_NE(dlib, nullptr);
    EXPECT_TRUE(dlib->text().contains(QStringLiteral("ready"))) << dlib->text().toStdString();
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
    EXPECT_EQ(engine.statuses().value(QStringLiteral("tiny-gpen")).state, gpen::ModelState::Installed);

    settled.clear();
    ASSERT_TRUE(engine.restart(stored));
    ASSERT_TRUE(settled.wait(60000));
    EXPECT_EQ(engine.statuses().value(QStringLiteral("tiny-gpen")).state, gpen::ModelState::Installed)
        << "the command line's models folder must still be searched after a restart";
}

}  // namespace
