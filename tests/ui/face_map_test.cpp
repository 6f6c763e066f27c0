// SPDX-License-Identifier: Apache-2.0
// The parsing-map editor (Face from map) in the window, on the real engine: the Restore panel's
// task shows the editor's button only; the editor reads the photo's face and ParseNet's map of
// it, draws the face with the chosen Seg2face model (ParseNet by the fill rule, a small GPEN file
// as the head), redraws it after a class stroke, undoes back to the first face, saves atomically;
// and with no Seg2face model it says what to install and offers the Models dialog. Waits on
// signals only.

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <filesystem>

#include <gtest/gtest.h>

#include "gpen/face/parsing_palette.h"
#include "open_photos.h"
#include "support/checkpoint_file.h"
#include "support/fill_rule.h"
#include "support/fixtures.h"
#include "support/temp_models_dir.h"
#include "temp_settings.h"
#include "ui/bridge/engine_controller.h"
#include "ui/main_window.h"
#include "ui/models/model_manager_dialog.h"
#include "ui/photos/face_map_dialog.h"
#include "ui/photos/image_canvas.h"
#include "ui/photos/restore_panel.h"
#include "ui/photos/stroke_brush.h"
#include "ui_test_app.h"

namespace {

using namespace gpen::ui;
namespace fs = std::filesystem;

int pixelsOf(const QImage& map, QRgb colour) {
    int n = 0;
    const QImage rgb = map.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y) {
        const auto* row = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x)
            n += (row[x] & 0xFFFFFF) == (colour & 0xFFFFFF) ? 1 : 0;
    }
    return n;
}

// The largest difference of any channel (the images are the same size).
int maxDifference(const QImage& a, const QImage& b) {
    const QImage x = a.convertToFormat(QImage::Format_RGB888),
                 y = b.convertToFormat(QImage::Format_RGB888);
    int worst = 0;
    for (int r = 0; r < x.height(); ++r) {
        const uchar* p = x.constScanLine(r);
        const uchar* q = y.constScanLine(r);
        for (int i = 0; i < x.width() * 3; ++i) worst = std::max(worst, std::abs(p[i] - q[i]));
    }
    return worst;
}

class FaceMapTest : public ::testing::Test {
  protected:
    void SetUp() override {
        gpen::test::uiApp();
        gpen::test::useTemporarySettings();
        if (!gpen::test::manifest())
            GTEST_SKIP() << "fixtures not found at " << gpen::test::fixturesDir();
        ASSERT_TRUE(m_dir.isValid());
        const fs::path solvay = gpen::test::sampleImagesDir() / "Solvay_conference_1927.png";
        if (!fs::exists(solvay)) GTEST_SKIP() << "sample photo not found at " << solvay;
        m_photo = m_dir.filePath(QStringLiteral("photo.png"));
        ASSERT_TRUE(QImage(QString::fromStdString(solvay.string()))
                        .copy(680, 130, 200, 150)
                        .save(m_photo));  // three faces
        m_models = fs::path(m_dir.filePath(QStringLiteral("models")).toStdString());
        fs::create_directories(m_models);
        gpen::test::writeStateDictCheckpoint(
            m_models / "ParseNet-latest.pth",
            gpen::test::fillStateDict(*gpen::test::findCase("parsenet-fill"), {}));
    }

    // The window on the engine, the photo open in it.
    void openWindow(EngineController& engine, MainWindow& window) {
        window.resize(1000, 700);
        window.show();
        startEngine(engine);
        ASSERT_TRUE(gpen::test::openAndWait(window, {m_photo}));
    }

    void startEngine(EngineController& engine) {
        EngineSettings settings;
        settings.modelsDir = QString::fromStdString(m_models.string());
        settings.preload = {QStringLiteral("dlib")};
        settings.threads = 2;
        engine.start(settings);
        ASSERT_TRUE(QTest::qWaitFor([&] { return engine.preloadSettled(); }, 60000));
    }

    QTemporaryDir m_dir;
    QString m_photo;
    fs::path m_models;
};

TEST_F(FaceMapTest, TheEditorDrawsAFaceFromTheMapAndRedrawsItAfterAStroke) {
    // The heads fixtures' small GPEN as the Seg2face model: a file the catalog does not know may
    // be any head (the fill rule's 512 weights saturate Seg2face's [0, 1] output: one colour).
    gpen::test::copyFixture("gpen-64-cm1-n0.0625.pth", m_models / "tiny-gpen.pth");
    EngineController engine;
    MainWindow window(&engine);
    openWindow(engine, window);
    if (HasFatalFailure()) return;

    // Each task shows its own options: tinting for colorize; the editor's button, no Restore and
    // no background for a face from a map.
    RestorePanel* panel = window.restorePanel();
    EXPECT_FALSE(panel->tintRestBox()->isVisible());
    panel->setTask(QStringLiteral("colorize"));
    EXPECT_TRUE(panel->tintRestBox()->isVisible());
    EXPECT_FALSE(panel->tintRestBox()->isChecked()) << "the rest stays gray unless asked";
    panel->setTask(QStringLiteral("seg2face"));
    EXPECT_FALSE(panel->tintRestBox()->isVisible());
    EXPECT_TRUE(panel->editMapButton()->isVisible());
    EXPECT_FALSE(panel->restoreButton()->isVisible());
    EXPECT_FALSE(panel->backgroundBox()->isVisible());
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return panel->faceModelBox()->findData(QStringLiteral("tiny-gpen")) >= 0; }, 60000));
    panel->setFaceModel(QStringLiteral("tiny-gpen"));
    // Chosen, the head loads and warms up in the background, before any job asks for it.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return engine.statuses().value(QStringLiteral("tiny-gpen")).state ==
                   gpen::ModelState::Ready;
        },
        60000));
    EXPECT_FALSE(engine.busy()) << "no job loaded it";
    panel->editMapButton()->click();
    auto* dialog = window.findChild<FaceMapDialog*>();
    ASSERT_NE(dialog, nullptr);
    QSignalSpy ready(dialog, &FaceMapDialog::mapReady);
    QSignalSpy drawn(dialog, &FaceMapDialog::faceDrawn);
    QSignalSpy failed(dialog, &FaceMapDialog::failed);
    const auto why = [&] {
        return failed.isEmpty() ? std::string("no answer")
                                : failed.at(0).at(0).toString().toStdString();
    };
    ASSERT_TRUE(ready.count() || ready.wait(120000)) << why();
    ASSERT_TRUE(drawn.count() || drawn.wait(120000))
        << why() << " (the first face is drawn at once)";
    EXPECT_EQ(dialog->photoFace().size(), QSize(512, 512));
    EXPECT_EQ(dialog->brush()->image().size(), QSize(512, 512));
    ASSERT_EQ(dialog->drawnFace().size(), QSize(64, 64)) << "the model's size";
    EXPECT_TRUE(dialog->statusLabel()->text().contains(QStringLiteral("tiny-gpen")))
        << dialog->statusLabel()->text().toStdString();
    const QImage parsed = dialog->brush()->image();
    const QImage first = dialog->drawnFace();

    // Hair across the middle of the map: the map has it there, and the face is drawn again.
    const int hair = 13;
    dialog->classList()->setCurrentRow(hair);
    const cv::Vec3b rgb = gpen::parsingClasses()[hair].rgb;
    const QRgb hairColour = qRgb(rgb[0], rgb[1], rgb[2]);
    const int hairBefore = pixelsOf(dialog->brush()->image(), hairColour);
    QWidget* canvas = dialog->mapCanvas();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(dialog));
    const QPoint a(canvas->width() / 4, canvas->height() / 2),
        b(canvas->width() * 3 / 4, canvas->height() / 2);
    drawn.clear();
    QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, a);
    for (int i = 1; i <= 8; ++i) QTest::mouseMove(canvas, a + (b - a) * i / 8);
    QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, b);
    EXPECT_GT(pixelsOf(dialog->brush()->image(), hairColour), hairBefore + 1000);
    ASSERT_TRUE(drawn.count() || drawn.wait(120000)) << why();
    EXPECT_GT(maxDifference(dialog->drawnFace(), first), 20) << "the face follows the map";

    // Undo: ParseNet's map again, and its face.
    drawn.clear();
    dialog->brush()->undoStack()->undo();
    EXPECT_EQ(dialog->brush()->image(), parsed);
    ASSERT_TRUE(drawn.count() || drawn.wait(120000)) << why();
    EXPECT_LE(maxDifference(dialog->drawnFace(), first), 2);

    const QString saved = m_dir.filePath(QStringLiteral("drawn.png"));
    EXPECT_TRUE(dialog->saveFace(saved).isEmpty());
    EXPECT_EQ(QImage(saved).size(), QSize(64, 64));
    EXPECT_FALSE(
        dialog->saveFace(m_dir.filePath(QStringLiteral("no/such/folder/drawn.png"))).isEmpty());

    // A map from a file: scaled to the face, its colours snapped, one step to undo.
    const fs::path fixtureMap = gpen::test::fixturesDir() / "heads" / "seg2face-88.in.png";
    drawn.clear();
    EXPECT_TRUE(dialog->openMap(QString::fromStdString(fixtureMap.string())).isEmpty());
    EXPECT_NE(dialog->brush()->image(), parsed);
    EXPECT_EQ(dialog->brush()->image().size(), QSize(512, 512));
    const cv::Vec3b skin = gpen::parsingClasses()[1].rgb;
    EXPECT_GT(pixelsOf(dialog->brush()->image(), qRgb(skin[0], skin[1], skin[2])), 512 * 512 / 10)
        << "the fixture's face";
    ASSERT_TRUE(drawn.count() || drawn.wait(120000)) << why();
    dialog->brush()->undoStack()->undo();
    EXPECT_EQ(dialog->brush()->image(), parsed);
    const QString notAnImage = m_dir.filePath(QStringLiteral("notes.png"));
    {
        QFile f(notAnImage);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("not a picture");
    }
    const QString error = dialog->openMap(notAnImage);
    EXPECT_TRUE(error.contains(QStringLiteral("notes.png"))) << error.toStdString();
    EXPECT_EQ(dialog->brush()->image(), parsed) << "a bad file changes nothing";
    dialog->close();
}

TEST_F(FaceMapTest, WithoutSeg2faceTheEditorSaysWhatToInstall) {
    EngineController engine;
    MainWindow window(&engine);
    openWindow(engine, window);
    if (HasFatalFailure()) return;
    FaceMapDialog* dialog = window.openFaceMapEditor();
    ASSERT_NE(dialog, nullptr);
    QSignalSpy failed(dialog, &FaceMapDialog::failed);
    ASSERT_TRUE(failed.wait(120000));
    EXPECT_TRUE(failed.at(0).at(0).toString().contains(QStringLiteral("GPEN-Seg2face-512")))
        << failed.at(0).at(0).toString().toStdString();
    EXPECT_EQ(dialog->statusLabel()->text(), failed.at(0).at(0).toString());
    EXPECT_FALSE(dialog->brush()->image().isNull()) << "the map is there to paint, and to save";
    ASSERT_TRUE(dialog->modelsButton()->isVisible());
    dialog->modelsButton()->click();
    auto* models = window.findChild<ModelManagerDialog*>();
    ASSERT_NE(models, nullptr);
    EXPECT_TRUE(models->isVisible());
    models->close();
    dialog->close();
}

}  // namespace
