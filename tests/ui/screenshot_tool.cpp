// SPDX-License-Identifier: Apache-2.0
// gpen-screenshots: renders the window with a restored photo in each comparison mode, and the
// whole window at 1024 x 700, for the README and the AppStream metadata. Not a test; built on
// request (ninja gpen-screenshots) and
// run under Xvfb: gpen-screenshots MODELS_DIR FACE_MODEL_ID|none PHOTO OUT_DIR [LANGUAGE |
// BATCH_INPUT_DIR | SCALE X,Y,W,H] With a LANGUAGE ("zh_CN") the interface is in it and only the
// split view is written, as OUT_DIR/LANGUAGE.png (Chinese needs a CJK font: fonts-wqy-microhei or
// fonts-noto-cjk). FACE_MODEL_ID "none": upscale only. SCALE: the background upscaling (the
// embedded network when no realesrnet file is installed); X,Y,W,H: a crop of PHOTO to restore; the
// files are then named upscaled-<mode>.png. With BATCH_INPUT_DIR (an existing folder) it also
// renders batch.png: the batch dialog mid-batch on that folder. With "colorize" the photo is made
// gray and colorized (colorize.png); with "repair" a scratch is painted across its faces with the
// brush and repaired (repair.png, and repair-mask.png: the marks before Restore); with "seg2face"
// the parsing-map editor opens on the photo's largest face with FACE_MODEL_ID as the Seg2face
// model, and a stroke of hair is painted across the map (seg2face.png); with "identity" the faces
// are set to three strengths, so that their identity badges show every band (identity.png, split
// view at 100 %); with "print-repair" the photo gets simulated damage (dust, scratches, cracks)
// and one Restore with Repair checked finds and fills it and restores the faces
// (print-repair.png), then the repaired areas are shown (print-repair-areas.png).

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <utility>

#include "gpen/face/parsing_palette.h"
#include "ui/batch/batch_dialog.h"
#include "ui/bridge/engine_controller.h"
#include "ui/common/translations.h"
#include "ui/main_window.h"
#include "ui/models/model_status_indicator.h"
#include "ui/photos/comparison_view.h"
#include "ui/photos/damage_brush.h"
#include "ui/photos/face_map_dialog.h"
#include "ui/photos/face_strip.h"
#include "ui/photos/image_session.h"
#include "ui/photos/restore_panel.h"
#include "ui/photos/stroke_brush.h"

namespace {

// A frontal face as a parsing map, in CelebAMask-HQ's colours (parsing_palette.h), 512 x 512.
QImage schematicFaceMap() {
    const auto colour = [](int cls) {
        const cv::Vec3b& c = gpen::parsingClasses()[static_cast<std::size_t>(cls)].rgb;
        return QColor(c[0], c[1], c[2]);
    };
    QImage map(512, 512, QImage::Format_RGB888);
    map.fill(colour(0));
    QPainter p(&map);
    p.setPen(Qt::NoPen);
    const auto fill = [&](int cls, const auto& shape) {
        p.setBrush(colour(cls));
        shape();
    };
    fill(18, [&] { p.drawRect(60, 440, 392, 72); });      // cloth
    fill(17, [&] { p.drawRect(190, 360, 132, 100); });    // neck
    fill(13, [&] { p.drawEllipse(100, 40, 312, 300); });  // hair
    fill(8, [&] { p.drawEllipse(110, 210, 40, 80); });    // ears
    fill(9, [&] { p.drawEllipse(362, 210, 40, 80); });
    fill(1, [&] { p.drawEllipse(135, 110, 242, 320); });  // skin
    fill(6, [&] { p.drawRect(170, 205, 64, 12); });       // brows
    fill(7, [&] { p.drawRect(278, 205, 64, 12); });
    fill(4, [&] { p.drawEllipse(180, 232, 48, 22); });  // eyes
    fill(5, [&] { p.drawEllipse(284, 232, 48, 22); });
    fill(2, [&] {
        p.drawPolygon(QPolygon({QPoint(256, 245), QPoint(230, 320), QPoint(282, 320)}));
    });                                                  // nose
    fill(11, [&] { p.drawEllipse(210, 345, 92, 18); });  // lips
    fill(12, [&] { p.drawEllipse(214, 356, 84, 22); });
    p.end();
    return map;
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gpen-studio"));
    if (argc != 5 && argc != 6 && argc != 7) {
        std::fprintf(stderr,
                     "usage: gpen-screenshots MODELS_DIR FACE_MODEL_ID|none PHOTO OUT_DIR "
                     "[LANGUAGE | BATCH_INPUT_DIR | SCALE X,Y,W,H]\n");
        return 2;
    }
    const QString sixth = argc == 6 ? QString::fromLocal8Bit(argv[5]) : QString();
    const QString task = sixth == QStringLiteral("colorize") || sixth == QStringLiteral("repair") ||
                                 sixth == QStringLiteral("seg2face") ||
                                 sixth == QStringLiteral("identity") ||
                                 sixth == QStringLiteral("print-repair")
                             ? sixth
                             : QString();
    const QString batchDir = QFileInfo(sixth).isDir() ? sixth : QString();
    const QString language = batchDir.isEmpty() && task.isEmpty() ? sixth : QString();
    if (!language.isEmpty() && gpen::ui::Translations::install(&app, language).isEmpty()) return 2;
    if (language.isEmpty())
        gpen::ui::Translations::install(&app,
                                        QStringLiteral("en"));  // as the app does: English plurals
    const QString face = QString::fromLocal8Bit(argv[2]) == QStringLiteral("none")
                             ? QString()
                             : QString::fromLocal8Bit(argv[2]);
    QString photo = QString::fromLocal8Bit(argv[3]);
    QString prefix;
    QTemporaryDir temp;
    if (argc == 7) {
        const QStringList r = QString::fromLocal8Bit(argv[6]).split(QLatin1Char(','));
        if (r.size() != 4) return 2;
        const QString crop = temp.filePath(QStringLiteral("photo.png"));
        if (!QImage(photo).copy(r[0].toInt(), r[1].toInt(), r[2].toInt(), r[3].toInt()).save(crop))
            return 1;
        photo = crop;
        prefix = QStringLiteral("upscaled-");
    }
    if (task == QStringLiteral("colorize")) {
        const QString gray = temp.filePath(QStringLiteral("gray.png"));
        if (!QImage(photo).convertToFormat(QImage::Format_Grayscale8).save(gray)) return 1;
        photo = gray;
    }
    gpen::ui::EngineSettings settings;
    settings.modelsDir = QString::fromLocal8Bit(argv[1]);
    settings.preload = {QStringLiteral("dlib")};
    if (!face.isEmpty()) settings.preload.prepend(face);
    gpen::ui::EngineController engine;
    gpen::ui::MainWindow window(&engine);
    window.modelStatusIndicator()->setAlwaysShown(settings.preload);
    window.resize(1400, 860);
    window.show();
    QSignalSpy settled(&engine, &gpen::ui::EngineController::preloadSettledChanged);
    engine.start(settings);
    if (!settled.wait(120000)) return 1;
    QSignalSpy opened(window.session(), &gpen::ui::ImageSession::openFinished);
    window.openPaths({photo});
    if (!opened.wait(60000)) return 1;
    const QDir out(QString::fromLocal8Bit(argv[4]));
    if (task == QStringLiteral("colorize"))
        window.restorePanel()->setTask(QStringLiteral("colorize"));
    if (task == QStringLiteral("repair")) {
        window.restorePanel()->setTask(QStringLiteral("inpaint"));
        // Two scratches across the photo, as a user paints them.
        gpen::ui::DamageBrush* brush = window.damageBrush();
        const QSizeF size = brush->mask().size();
        const double r = std::max(1.5, size.width() / 300.0);
        for (const auto& [a, b] : {std::pair{QPointF(0.15, 0.2), QPointF(0.6, 0.55)},
                                   std::pair{QPointF(0.45, 0.15), QPointF(0.9, 0.4)}}) {
            brush->beginStroke(QPointF(a.x() * size.width(), a.y() * size.height()), r);
            brush->extendStroke(QPointF(b.x() * size.width(), b.y() * size.height()));
            brush->endStroke();
        }
        window.comparisonView()->zoomToFit();
        QTest::qWait(300);
        window.grab().save(out.filePath(QStringLiteral("repair-mask.png")));
    }
    window.restorePanel()->setFaceModel(face);
    if (task == QStringLiteral("print-repair")) {
        // A print as users bring them: the copy Simulate damage opens (and shows), repaired whole.
        QSignalSpy added(window.session(), &gpen::ui::ImageSession::entryAdded);
        window.restorePanel()->simulateDamageButton()->click();
        if (added.isEmpty() && !added.wait(60000)) return 1;
        window.restorePanel()->clearDamageButton()->click();  // the finder's work, not the marks
        window.restorePanel()->repairDamageBox()->setChecked(true);
    }
    if (task == QStringLiteral("seg2face")) {
        window.restorePanel()->setTask(QStringLiteral("seg2face"));
        window.restorePanel()->setFaceModel(face);
        gpen::ui::FaceMapDialog* dialog = window.openFaceMapEditor();
        if (!dialog) return 1;
        QSignalSpy drawn(dialog, &gpen::ui::FaceMapDialog::faceDrawn);
        if (!drawn.wait(600000)) return 1;
        // A face drawn as a map (the classes' colours), opened as a user opens one.
        const QString drawnMap = temp.filePath(QStringLiteral("map.png"));
        if (!schematicFaceMap().save(drawnMap) || !dialog->openMap(drawnMap).isEmpty()) return 1;
        if (!drawn.wait(600000)) return 1;
        dialog->classList()->setCurrentRow(13);  // hair, over the forehead
        gpen::ui::StrokeBrush* brush = dialog->brush();
        brush->beginStroke(QPointF(150, 150), 18);
        brush->extendStroke(QPointF(360, 150));
        brush->endStroke();
        if (!drawn.wait(600000)) return 1;
        QTest::qWait(300);
        dialog->grab().save(out.filePath(QStringLiteral("seg2face.png")));
        return 0;
    }
    if (argc == 7)
        window.restorePanel()->setBackgroundScale(QString::fromLocal8Bit(argv[5]).toInt());
    QSignalSpy finished(&engine, &gpen::ui::EngineController::jobFinished);
    window.restoreCurrent();
    if (!finished.wait(600000)) return 1;
    if (task == QStringLiteral("identity")) {
        // Faces at three strengths, so that the badges and the numbers on the photo show each band.
        QSignalSpy reblended(&engine, &gpen::ui::EngineController::reblended);
        gpen::ui::FaceStrip* strip = window.faceStrip();
        for (int i = 0; i < strip->faceCount(); ++i)
            strip->slider(i)->setValue(i % 3 == 0 ? 100 : i % 3 == 1 ? 35 : 8);
        while (reblended.wait(5000)) {
        }
        // At 100 %, where the faces' boxes are wide enough to carry their numbers.
        window.comparisonView()->setMode(gpen::ui::ComparisonView::Mode::Split);
        window.comparisonView()->zoomToActualSize();
        QTest::qWait(300);
        window.grab().save(out.filePath(QStringLiteral("identity.png")));
        return 0;
    }
    if (!task.isEmpty()) {
        window.comparisonView()->setMode(gpen::ui::ComparisonView::Mode::Split);
        window.comparisonView()->zoomToFit();
        // The damage is fine: seen at 100 %, on the middle of the print.
        if (task == QStringLiteral("print-repair")) {
            const QSize printSize = window.session()->entry(window.currentIndex()).size;
            window.comparisonView()->showRegion(QRect(printSize.width() / 4, printSize.height() / 4,
                                                      printSize.width() / 4,
                                                      printSize.height() / 2));
        }
        QTest::qWait(300);
        window.grab().save(out.filePath(task + QStringLiteral(".png")));
        if (task == QStringLiteral("print-repair")) {
            window.restorePanel()->showRepairedBox()->setChecked(true);
            QTest::qWait(300);
            window.grab().save(out.filePath(QStringLiteral("print-repair-areas.png")));
        }
        return 0;
    }
    const struct {
        gpen::ui::ComparisonView::Mode mode;
        const char* file;
    } shots[] = {{gpen::ui::ComparisonView::Mode::Split, "split.png"},
                 {gpen::ui::ComparisonView::Mode::SideBySide, "side-by-side.png"},
                 {gpen::ui::ComparisonView::Mode::Toggle, "toggle.png"}};
    for (const auto& s : shots) {
        if (!language.isEmpty() && s.mode != gpen::ui::ComparisonView::Mode::Split) continue;
        window.comparisonView()->setMode(s.mode);
        window.comparisonView()->zoomToFit();
        QTest::qWait(300);  // let the window repaint before grabbing it (a tool, not a test)
        const QString file = language.isEmpty() ? prefix + QString::fromLatin1(s.file)
                                                : language + QStringLiteral(".png");
        window.grab().save(out.filePath(file));
    }
    if (!batchDir.isEmpty()) {
        // Mid-batch: two photos done, the third restoring.
        gpen::ui::BatchDialog* dialog = window.showBatchDialog(batchDir);
        QTemporaryDir output;
        dialog->setOutputFolder(output.path());
        if (auto* recursive = dialog->findChild<QCheckBox*>(QStringLiteral("recursiveBox")))
            recursive->setChecked(true);
        dialog->restoreOptions()->setFaceModel(face);
        int done = 0;
        bool third = false;
        QObject::connect(&engine, &gpen::ui::EngineController::batchFileDone,
                         [&](const gpen::ui::BatchFileView& f) {
                             done += f.row.state == gpen::ui::BatchFileState::Ok ? 1 : 0;
                         });
        QObject::connect(&engine, &gpen::ui::EngineController::batchProgress,
                         [&](const gpen::ui::BatchProgressView& p) {
                             third = third || (done >= 2 && p.stage == QStringLiteral("faces"));
                         });
        if (!dialog->start() || !QTest::qWaitFor([&] { return third; }, 600000)) return 1;
        QTest::qWait(300);
        dialog->grab().save(out.filePath(QStringLiteral("batch.png")));
        QSignalSpy ended(dialog, &gpen::ui::BatchDialog::batchEnded);
        dialog->cancelButton()->click();
        ended.wait(60000);
    }
    if (!language.isEmpty() || !prefix.isEmpty()) return 0;
    // The whole window on a small laptop screen: nothing cut, the faces shown on the photo.
    window.comparisonView()->setMode(gpen::ui::ComparisonView::Mode::Split);
    window.resize(1024, 700);
    window.comparisonView()->zoomToFit();
    QTest::qWait(300);
    window.grab().save(out.filePath(QStringLiteral("window-1024x700.png")));
    return 0;
}
