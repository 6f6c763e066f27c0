// SPDX-License-Identifier: Apache-2.0
#pragma once

// The suites that drive the engine with real models (engine_controller_test.cpp,
// window_restore_test.cpp): the fixture's small GPEN checkpoint in a models folder of its own,
// the built-in dlib detector, the Solvay photo.

#include <filesystem>

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "open_photos.h"
#include "support/fixtures.h"
#include "ui/bridge/engine_controller.h"
#include "ui/main_window.h"
#include "ui/photos/restore_panel.h"
#include "ui_test_app.h"

namespace gpen::test {

class EngineFixture : public ::testing::Test {
  protected:
    void SetUp() override {
        gpen::test::uiApp();
        QStandardPaths::setTestModeEnabled(true);
        if (!gpen::test::manifest())
            GTEST_SKIP() << "fixtures not found at " << gpen::test::fixturesDir();
        ASSERT_TRUE(m_dir.isValid());
        std::filesystem::copy_file(
            gpen::test::fixturesDir() / "gpen-64-cm1-n0.0625.pth",
            std::filesystem::path(m_dir.path().toStdString()) / "tiny-gpen.pth");
        m_settings.modelsDir = m_dir.path();
        m_settings.preload = {QStringLiteral("tiny-gpen"), QStringLiteral("dlib")};
        m_settings.threads = 2;
        m_solvay = QString::fromStdString(
            (gpen::test::sampleImagesDir() / "Solvay_conference_1927.png").string());
    }

    // Starts the engine, waits for the preload, opens the photo and picks the small model.
    void prepare(gpen::ui::EngineController& engine, gpen::ui::MainWindow& window) {
        QSignalSpy settled(&engine, &gpen::ui::EngineController::preloadSettledChanged);
        engine.start(m_settings);
        ASSERT_TRUE(settled.wait(180000));
        ASSERT_TRUE(gpen::test::openAndWait(window, {m_solvay}));
        ASSERT_EQ(window.currentIndex(), 0);
        window.restorePanel()->setFaceModel(QStringLiteral("tiny-gpen"));
    }

    QTemporaryDir m_dir;
    gpen::ui::EngineSettings m_settings;
    QString m_solvay;
};

}  // namespace gpen::test
