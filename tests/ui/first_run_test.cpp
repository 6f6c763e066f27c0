// The first run: the face-model choice defaults to an installed model (installed ones first, the
// rest marked "not installed") and is remembered across a restart; with no face model at all the
// banner says what one adds; Restore with a missing model says why in the panel and starts nothing.

#include <filesystem>

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "gpen/engine/embedded_upscaler.h"
#include "support/temp_models_dir.h"
#include "temp_settings.h"
#include "ui/engine_controller.h"
#include "ui/main_window.h"
#include "ui/missing_model_banner.h"
#include "ui/restore_model_choices.h"
#include "ui/restore_panel.h"
#include "open_photos.h"
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
        if (!gpen::test::manifest()) GTEST_SKIP() << "fixtures not found at " << gpen::test::fixturesDir();
        gpen::test::copyFixture("gpen-64-cm1-n0.0625.pth", fs::path(m_models.path().toStdString()) / (id.toStdString() + ".pth"));
    }

    // Starts the engine and waits until the face models' states have arrived.
    static void start(EngineController& engine, const EngineSettings& settings, const QString& waitFor) {
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
    ASSERT_TRUE(QTest::qWaitFor([&] { return box->findData(QStringLiteral("GPEN-BFR-2048")) >= 0; }, kWaitMs));
    ASSERT_TRUE(QTest::qWaitFor([&] { return box->currentData().toString() == QStringLiteral("tiny-gpen"); }, kWaitMs))
        << box->currentText().toStdString();
    EXPECT_EQ(box->itemData(0).toString(), QStringLiteral("tiny-gpen"));  // installed first
    const int bfr512 = box->findData(QStringLiteral("GPEN-BFR-512"));
    ASSERT_GT(bfr512, 0);
    EXPECT_TRUE(box->itemText(bfr512).contains(QStringLiteral("not installed"))) << box->itemText(bfr512).toStdString();
    EXPECT_FALSE(window.missingModelBanner()->isVisible());
    EXPECT_TRUE(window.missingModelBanner()->missingModel().isEmpty());
}

TEST_F(FirstRunTest, TheFaceModelChoiceSurvivesARestart) {
    const auto bothListed = [](QComboBox* box) {
        return box->findData(QStringLiteral("tiny-gpen")) >= 0 && box->findData(QStringLiteral("tiny-gpen-b")) >= 0;
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
        EXPECT_EQ(box->currentData().toString(), QStringLiteral("tiny-gpen"));  // the first installed
        box->setCurrentIndex(box->findData(QStringLiteral("tiny-gpen-b")));  // as the user picks it
    }
    EXPECT_EQ(QSettings().value(QLatin1String(RestoreModelChoices::kFaceModelKey)).toString(), QStringLiteral("tiny-gpen-b"));
    EngineController engine;
    MainWindow window(&engine);
    start(engine, m_settings, QStringLiteral("tiny-gpen-b"));
    QComboBox* box = window.restorePanel()->faceModelBox();
    // Both listed: the first installed one would be chosen now if the choice were forgotten.
    ASSERT_TRUE(QTest::qWaitFor([&] { return bothListed(box); }, kWaitMs));
    EXPECT_EQ(box->currentData().toString(), QStringLiteral("tiny-gpen-b")) << box->currentText().toStdString();
}

TEST_F(FirstRunTest, WithNoFaceModelTheBannerSaysWhatOneAddsAndRestoreIsNotBlocked) {
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    start(engine, m_settings, QStringLiteral("GPEN-BFR-512"));
    QComboBox* box = window.restorePanel()->faceModelBox();
    ASSERT_TRUE(QTest::qWaitFor([&] { return box->currentData().toString().isEmpty(); }, kWaitMs));
    EXPECT_TRUE(box->currentText().contains(QStringLiteral("upscale only"))) << box->currentText().toStdString();
    MissingModelBanner* banner = window.missingModelBanner();
    ASSERT_TRUE(QTest::qWaitFor([&] { return banner->isVisible(); }, kWaitMs));
    EXPECT_TRUE(banner->missingModel().isEmpty());
    EXPECT_EQ(banner->offeredModel(), QStringLiteral("GPEN-BFR-512"));
    EXPECT_TRUE(banner->textLabel()->text().contains(QStringLiteral("non-commercial"))) << banner->textLabel()->text().toStdString();
    EXPECT_TRUE(banner->downloadButton()->isVisible());
    if (!gpen::embeddedUpscalerDir().empty()) {
        // The background choice names the embedded network.
        window.restorePanel()->setBackgroundScale(2);
        EXPECT_TRUE(window.restorePanel()->backgroundBox()->currentText().contains(QStringLiteral("ESRGAN")))
            << window.restorePanel()->backgroundBox()->currentText().toStdString();
        EXPECT_TRUE(banner->missingModel().isEmpty());
    }
}

TEST_F(FirstRunTest, RestoreWithAMissingModelSaysWhyInThePanelAndStartsNothing) {
    if (!fs::exists(gpen::test::sampleImagesDir() / "Solvay_conference_1927.png")) GTEST_SKIP() << "sample photo not found";
    EngineController engine;
    MainWindow window(&engine);
    start(engine, m_settings, QStringLiteral("GPEN-BFR-512"));
    ASSERT_TRUE(gpen::test::openAndWait(
        window, {QString::fromStdString((gpen::test::sampleImagesDir() / "Solvay_conference_1927.png").string())}));
    ASSERT_EQ(window.currentIndex(), 0);
    window.restorePanel()->setFaceModel(QStringLiteral("GPEN-BFR-512"));
    ASSERT_EQ(window.missingModelBanner()->missingModel(), QStringLiteral("GPEN-BFR-512"));
    QSignalSpy progress(&engine, &EngineController::jobProgress);
    window.restoreCurrent();
    EXPECT_FALSE(engine.busy());
    EXPECT_TRUE(window.restorePanel()->restoreButton()->isEnabled());
    const QString reason = window.restorePanel()->stageLabel()->text();
    EXPECT_TRUE(reason.contains(QStringLiteral("GPEN-BFR-512")) && reason.contains(QStringLiteral("not installed")))
        << reason.toStdString();
    QCoreApplication::processEvents();
    EXPECT_EQ(progress.count(), 0);
}

}  // namespace
