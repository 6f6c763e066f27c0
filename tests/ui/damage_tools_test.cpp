// SPDX-License-Identifier: Apache-2.0
// Repairing damage in the window: the Task list's "Repair damage" turns the canvas's left button
// into a brush whose marks are undone, redone, cleared and kept per photo; Restore then runs
// inpainting with the painted mask through the real engine (a small GPEN file the catalog does not
// know, so any task may use it) and changes the photo near the marks only. Waits on signals only.

#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <filesystem>

#include <gtest/gtest.h>

#include "open_photos.h"
#include "support/fixtures.h"
#include "support/temp_models_dir.h"
#include "temp_settings.h"
#include "ui/bridge/engine_controller.h"
#include "ui/main_window.h"
#include "ui/photos/comparison_view.h"
#include "ui/photos/damage_brush.h"
#include "ui/photos/image_canvas.h"
#include "ui/photos/image_session.h"
#include "ui/photos/restore_panel.h"
#include "ui_test_app.h"

namespace {

using namespace gpen::ui;
namespace fs = std::filesystem;

int marked(const QImage& mask) {
    int n = 0;
    for (int y = 0; y < mask.height(); ++y) {
        const uchar* row = mask.constScanLine(y);
        for (int x = 0; x < mask.width(); ++x) n += row[x] ? 1 : 0;
    }
    return n;
}

// A stroke across the canvas, from `a` to `b` in widget coordinates.
void stroke(QWidget* canvas, QPoint a, QPoint b) {
    QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, a);
    for (int i = 1; i <= 8; ++i) QTest::mouseMove(canvas, a + (b - a) * i / 8);
    QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, b);
}

class DamageRepairTest : public ::testing::Test {
  protected:
    void SetUp() override {
        gpen::test::uiApp();
        gpen::test::useTemporarySettings();
        ASSERT_TRUE(m_dir.isValid());
        const fs::path solvay = gpen::test::sampleImagesDir() / "Solvay_conference_1927.png";
        if (!fs::exists(solvay)) GTEST_SKIP() << "sample photo not found at " << solvay;
        m_photo = m_dir.filePath(QStringLiteral("photo.png"));
        m_other = m_dir.filePath(QStringLiteral("other.png"));
        const QImage solvayImage(QString::fromStdString(solvay.string()));
        ASSERT_TRUE(solvayImage.copy(680, 130, 200, 150).save(m_photo));  // three faces
        ASSERT_TRUE(solvayImage.copy(100, 300, 160, 120).save(m_other));
    }

    // Starts the engine on a models folder holding the 64-pixel test checkpoint as "tiny-gpen" (a
    // file the catalog does not know, so any task may use it) and waits for its preload.
    bool startWithTinyGpen(EngineController& engine) {
        if (!m_models.isValid()) return false;
        gpen::test::copyFixture("gpen-64-cm1-n0.0625.pth",
                                fs::path(m_models.path().toStdString()) / "tiny-gpen.pth");
        EngineSettings settings;
        settings.modelsDir = m_models.path();
        settings.preload = {QStringLiteral("dlib")};
        settings.threads = 2;
        engine.start(settings);
        return QTest::qWaitFor(
            [&] {
                return engine.preloadSettled() &&
                       engine.statuses().contains(QStringLiteral("tiny-gpen"));
            },
            60000);
    }

    QTemporaryDir m_dir, m_models;
    QString m_photo, m_other;
};

TEST_F(DamageRepairTest, TheBrushPaintsUndoesClearsAndKeepsAMaskPerPhoto) {
    MainWindow window;
    window.resize(1000, 700);
    window.show();
    ASSERT_TRUE(gpen::test::openAndWait(window, {m_photo, m_other}));
    window.imageList()->setCurrentRow(0);
    RestorePanel* panel = window.restorePanel();
    EXPECT_FALSE(panel->damageTools()->isVisibleTo(panel));
    panel->setTask(QStringLiteral("inpaint"));
    EXPECT_TRUE(panel->damageTools()->isVisibleTo(panel));
    DamageBrush* brush = window.damageBrush();
    ASSERT_EQ(brush->mask().size(), QSize(200, 150));
    EXPECT_TRUE(brush->isEmpty());

    ImageCanvas* canvas = window.comparisonView()->primaryCanvas();
    const QPoint a = canvas->toView(QPointF(40, 40)).toPoint();
    const QPoint b = canvas->toView(QPointF(120, 90)).toPoint();
    stroke(canvas, a, b);
    const int first = marked(brush->mask());
    EXPECT_GT(first, 80) << "a stroke marks a band along its path";
    EXPECT_TRUE(panel->undoDamageButton()->isEnabled());
    // The eraser takes marks away; undo brings them back, step by step.
    panel->eraserBox()->setChecked(true);
    stroke(canvas, a, b);
    EXPECT_LT(marked(brush->mask()), first);
    panel->undoDamageButton()->click();
    EXPECT_EQ(marked(brush->mask()), first);
    panel->eraserBox()->setChecked(false);
    panel->clearDamageButton()->click();
    EXPECT_TRUE(brush->isEmpty());
    panel->undoDamageButton()->click();
    EXPECT_EQ(marked(brush->mask()), first);
    panel->redoDamageButton()->click();
    EXPECT_TRUE(brush->isEmpty());
    panel->undoDamageButton()->click();

    // Another photo has its own (empty) mask; coming back brings this one back.
    window.imageList()->setCurrentRow(1);
    EXPECT_EQ(brush->mask().size(), QSize(160, 120));
    EXPECT_TRUE(brush->isEmpty());
    window.imageList()->setCurrentRow(0);
    EXPECT_EQ(marked(brush->mask()), first);

    // Find damage suggests marks (here the photo's own bright detail, few of them), undoably;
    // Simulate damage opens a damaged copy whose marks are its damage.
    panel->clearDamageButton()->click();  // (the history began anew with the photo in view)
    ASSERT_TRUE(brush->isEmpty());
    panel->findDamageButton()->click();
    EXPECT_LT(marked(brush->mask()), 200 * 150 / 50) << "an undamaged photo gets few suggestions";
    panel->undoDamageButton()->click();
    EXPECT_TRUE(brush->isEmpty());
    panel->undoDamageButton()->click();
    EXPECT_EQ(marked(brush->mask()), first) << "before the clear: the stroke";
    const int photos = window.session()->count();
    panel->simulateDamageButton()->click();
    ASSERT_EQ(window.session()->count(), photos + 1);
    EXPECT_EQ(window.imageList()->currentRow(), photos);
    EXPECT_TRUE(
        window.session()->entry(photos).displayName.contains(QStringLiteral("simulated damage")));
    const QImage simulated = brush->mask().copy();
    EXPECT_GT(marked(simulated), 100);
    panel->clearDamageButton()->click();
    // Found again: the painted strokes (pure white) all, the dust and cracks in good part.
    panel->findDamageButton()->click();
    int refound = 0;
    for (int y = 0; y < simulated.height(); ++y) {
        for (int x = 0; x < simulated.width(); ++x)
            refound += simulated.constScanLine(y)[x] && brush->mask().constScanLine(y)[x];
    }
    EXPECT_GE(refound, marked(simulated) * 6 / 10);
    EXPECT_LE(marked(brush->mask()) - refound, marked(simulated) / 5) << "marks beside the damage";
    window.imageList()->setCurrentRow(0);

    // Back to restoring: the left button pans again and paints nothing.
    panel->setTask(QStringLiteral("restore"));
    EXPECT_FALSE(panel->damageTools()->isVisibleTo(panel));
    stroke(canvas, a + QPoint(0, 30), b + QPoint(0, 30));
    EXPECT_EQ(marked(brush->mask()), first);
}

TEST_F(DamageRepairTest, RestoreRepairsThePaintedDamageAndNothingFarFromIt) {
    if (!gpen::test::manifest())
        GTEST_SKIP() << "fixtures not found at " << gpen::test::fixturesDir();
    EngineController engine;
    MainWindow window(&engine);
    window.resize(1000, 700);
    window.show();
    ASSERT_TRUE(startWithTinyGpen(engine));
    ASSERT_TRUE(gpen::test::openAndWait(window, {m_photo}));
    RestorePanel* panel = window.restorePanel();
    panel->setTask(QStringLiteral("inpaint"));
    ASSERT_GE(panel->faceModelBox()->findData(QStringLiteral("tiny-gpen")), 0)
        << "an unknown GPEN file serves any task";
    panel->setFaceModel(QStringLiteral("tiny-gpen"));

    // Restore with nothing painted: nothing starts, the panel says what to do.
    QSignalSpy finished(&engine, &EngineController::jobFinished);
    QSignalSpy failed(&engine, &EngineController::jobFailed);
    window.restoreCurrent();
    EXPECT_TRUE(panel->stageLabel()->text().contains(QStringLiteral("paint the damage")))
        << panel->stageLabel()->text().toStdString();
    EXPECT_FALSE(engine.busy());
    // Another task: the reason was the Repair task's, and goes; back to it, nothing is left over.
    panel->setTask(QStringLiteral("restore"));
    EXPECT_FALSE(panel->stageLabel()->text().contains(QStringLiteral("paint the damage")));
    panel->setTask(QStringLiteral("inpaint"));
    panel->setFaceModel(QStringLiteral("tiny-gpen"));
    EXPECT_FALSE(panel->stageLabel()->text().contains(QStringLiteral("paint the damage")));

    // A scratch across the upper-left face (about x 30-70, y 20-70 in this crop).
    ImageCanvas* canvas = window.comparisonView()->primaryCanvas();
    panel->brushSizeBox()->setValue(3);
    stroke(canvas, canvas->toView(QPointF(30, 30)).toPoint(),
           canvas->toView(QPointF(75, 60)).toPoint());
    const QImage mask = window.damageBrush()->mask().copy();
    ASSERT_GT(marked(mask), 0);
    window.restoreCurrent();
    ASSERT_TRUE(finished.wait(120000))
        << (failed.isEmpty() ? std::string("no answer")
                             : failed.at(0).at(1).toString().toStdString());
    const auto outcome = finished.at(0).at(0).value<RestoreOutcome>();
    EXPECT_TRUE(outcome.processingNote.contains(QStringLiteral("mask damage")))
        << outcome.processingNote.toStdString();
    const QImage before =
        window.session()->entry(0).original.convertToFormat(QImage::Format_RGB888);
    const QImage after = window.session()->entry(0).result.convertToFormat(QImage::Format_RGB888);
    ASSERT_EQ(after.size(), before.size());
    int changedFar = 0, changedNear = 0;
    for (int y = 0; y < after.height(); ++y) {
        for (int x = 0; x < after.width(); ++x) {
            if (after.pixel(x, y) == before.pixel(x, y)) continue;
            bool near = false;
            for (int dy = -24; dy <= 24 && !near; dy += 2) {
                for (int dx = -24; dx <= 24 && !near; dx += 2) {
                    const QPoint q(x + dx, y + dy);
                    near = mask.rect().contains(q) && mask.constScanLine(q.y())[q.x()] != 0;
                }
            }
            (near ? changedNear : changedFar) += 1;
        }
    }
    EXPECT_GT(changedNear, 0) << "the painted damage was repaired";
    EXPECT_EQ(changedFar, 0) << "pixels far from the damage changed";
}

TEST_F(DamageRepairTest, RepairWithAnyTaskFillsTheMarksOrWhatTheFinderFinds) {
    if (!gpen::test::manifest())
        GTEST_SKIP() << "fixtures not found at " << gpen::test::fixturesDir();
    EngineController engine;
    MainWindow window(&engine);
    window.resize(1000, 700);
    window.show();
    ASSERT_TRUE(startWithTinyGpen(engine));
    ASSERT_TRUE(gpen::test::openAndWait(window, {m_photo}));
    RestorePanel* panel = window.restorePanel();
    panel->setFaceModel(QStringLiteral("tiny-gpen"));
    ASSERT_EQ(panel->task(), QStringLiteral("restore"));
    // Restore faces with Repair checked: the brush paints, and its marks are filled with the faces
    // restored in the same run.
    EXPECT_FALSE(panel->marksDamage());
    panel->repairDamageBox()->setChecked(true);
    EXPECT_TRUE(panel->marksDamage());
    EXPECT_TRUE(panel->damageTools()->isVisibleTo(panel));
    ImageCanvas* canvas = window.comparisonView()->primaryCanvas();
    panel->brushSizeBox()->setValue(3);
    // Along the crop's bottom, under the faces.
    stroke(canvas, canvas->toView(QPointF(20, 140)).toPoint(),
           canvas->toView(QPointF(90, 142)).toPoint());
    const QImage mask = window.damageBrush()->mask().copy();
    ASSERT_GT(marked(mask), 0);
    QSignalSpy finished(&engine, &EngineController::jobFinished);
    QSignalSpy failed(&engine, &EngineController::jobFailed);
    window.restoreCurrent();
    ASSERT_TRUE(finished.wait(120000))
        << (failed.isEmpty() ? std::string("no answer")
                             : failed.at(0).at(1).toString().toStdString());
    auto outcome = finished.at(0).at(0).value<RestoreOutcome>();
    EXPECT_TRUE(outcome.processingNote.contains(QStringLiteral("damage repaired (mask")))
        << outcome.processingNote.toStdString();
    EXPECT_FALSE(outcome.faces.isEmpty()) << "the faces were restored in the same run";
    const QImage before =
        window.session()->entry(0).original.convertToFormat(QImage::Format_RGB888);
    const QImage after = window.session()->entry(0).result.convertToFormat(QImage::Format_RGB888);
    int changedOnMarks = 0;
    for (int y = 130; y < 150; ++y) {
        for (int x = 0; x < after.width(); ++x) {
            if (mask.constScanLine(y)[x] && after.pixel(x, y) != before.pixel(x, y))
                ++changedOnMarks;
        }
    }
    EXPECT_GT(changedOnMarks, marked(mask) / 2) << "the marks away from every face were filled";

    // What the repair filled can be seen on the result: offered once there is some, tinted while
    // checked, over the result only.
    ASSERT_FALSE(outcome.repairedMask.isNull());
    EXPECT_EQ(outcome.repairedMask.size(), before.size());
    EXPECT_TRUE(panel->showRepairedBox()->isVisibleTo(panel));
    EXPECT_TRUE(canvas->repairOverlay().isNull()) << "not tinted until asked";
    canvas->setDivider(0.0);  // the result across the whole canvas
    const QImage untinted = canvas->grab().toImage();
    panel->showRepairedBox()->setChecked(true);
    const QImage& overlay = canvas->repairOverlay();
    ASSERT_EQ(overlay.size(), before.size());
    int tintedOnMarks = 0, tintedFar = 0;
    for (int y = 0; y < overlay.height(); ++y) {
        for (int x = 0; x < overlay.width(); ++x) {
            if (qAlpha(overlay.pixel(x, y)) == 0) continue;
            if (mask.constScanLine(y)[x]) ++tintedOnMarks;
            if (y < 120) ++tintedFar;  // the marks are at rows 137-145
        }
    }
    EXPECT_GT(tintedOnMarks, marked(mask) / 2);
    EXPECT_EQ(tintedFar, 0);
    EXPECT_NE(canvas->grab().toImage(), untinted) << "the tint is painted";
    panel->showRepairedBox()->setChecked(false);
    EXPECT_TRUE(canvas->repairOverlay().isNull());

    // A simulated print with no marks: Restore repairs what the finder finds.
    panel->simulateDamageButton()->click();
    panel->clearDamageButton()->click();
    ASSERT_TRUE(window.damageBrush()->isEmpty());
    finished.clear();
    window.restoreCurrent();
    ASSERT_TRUE(finished.wait(120000))
        << (failed.isEmpty() ? std::string("no answer")
                             : failed.at(0).at(1).toString().toStdString());
    outcome = finished.at(0).at(0).value<RestoreOutcome>();
    EXPECT_TRUE(outcome.processingNote.contains(QStringLiteral("damage repaired (found")))
        << outcome.processingNote.toStdString();

    // Unchecked, the brush is off again.
    panel->repairDamageBox()->setChecked(false);
    EXPECT_FALSE(panel->marksDamage());
    EXPECT_FALSE(panel->damageTools()->isVisibleTo(panel));
}

}  // namespace
