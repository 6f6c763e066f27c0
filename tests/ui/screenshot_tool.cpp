// gpen-screenshots: renders the window with a restored photo in each comparison mode, for the
// README and the AppStream metadata. Not a test; built on request (ninja gpen-screenshots) and
// run under Xvfb: gpen-screenshots MODELS_DIR FACE_MODEL_ID PHOTO OUT_DIR [BATCH_INPUT_DIR]
// With BATCH_INPUT_DIR it also renders batch.png: the batch dialog mid-batch on that folder.

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

#include "ui/batch_dialog.h"
#include "ui/comparison_view.h"
#include "ui/engine_controller.h"
#include "ui/image_session.h"
#include "ui/main_window.h"
#include "ui/model_status_bar.h"
#include "ui/restore_panel.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gpen-studio"));
    if (argc != 5 && argc != 6) {
        std::fprintf(stderr, "usage: gpen-screenshots MODELS_DIR FACE_MODEL_ID PHOTO OUT_DIR [BATCH_INPUT_DIR]\n");
        return 2;
    }
    gpen::ui::EngineSettings settings;
    settings.modelsDir = QString::fromLocal8Bit(argv[1]);
    settings.preload = {QString::fromLocal8Bit(argv[2]), QStringLiteral("dlib")};
    gpen::ui::EngineController engine;
    gpen::ui::MainWindow window(&engine);
    window.modelStatusBar()->setAlwaysShown(settings.preload);
    window.resize(1400, 860);
    window.show();
    QSignalSpy settled(&engine, &gpen::ui::EngineController::preloadSettledChanged);
    engine.start(settings);
    if (!settled.wait(120000)) return 1;
    QSignalSpy opened(window.session(), &gpen::ui::ImageSession::openFinished);
    window.openPaths({QString::fromLocal8Bit(argv[3])});
    if (!opened.wait(60000)) return 1;
    window.restorePanel()->setFaceModel(QString::fromLocal8Bit(argv[2]));
    QSignalSpy finished(&engine, &gpen::ui::EngineController::jobFinished);
    window.restoreCurrent();
    if (!finished.wait(600000)) return 1;
    const QDir out(QString::fromLocal8Bit(argv[4]));
    const struct {
        gpen::ui::ComparisonView::Mode mode;
        const char* file;
    } shots[] = {{gpen::ui::ComparisonView::Mode::Split, "split.png"},
                 {gpen::ui::ComparisonView::Mode::SideBySide, "side-by-side.png"},
                 {gpen::ui::ComparisonView::Mode::Toggle, "toggle.png"}};
    for (const auto& s : shots) {
        window.comparisonView()->setMode(s.mode);
        window.comparisonView()->zoomToFit();
        QTest::qWait(300);  // let the window repaint before grabbing it (a tool, not a test)
        window.grab().save(out.filePath(QString::fromLatin1(s.file)));
    }
    if (argc == 6) {
        // Mid-batch: two photos done, the third restoring.
        gpen::ui::BatchDialog* dialog = window.showBatchDialog(QString::fromLocal8Bit(argv[5]));
        QTemporaryDir output;
        dialog->setOutputFolder(output.path());
        if (auto* recursive = dialog->findChild<QCheckBox*>(QStringLiteral("recursiveBox"))) recursive->setChecked(true);
        dialog->restoreOptions()->setFaceModel(QString::fromLocal8Bit(argv[2]));
        int done = 0;
        bool third = false;
        QObject::connect(&engine, &gpen::ui::EngineController::batchFileDone, [&](const gpen::ui::BatchFileView& f) {
            done += f.row.state == gpen::ui::BatchFileState::Ok ? 1 : 0;
        });
        QObject::connect(&engine, &gpen::ui::EngineController::batchProgress, [&](const gpen::ui::BatchProgressView& p) {
            third = third || (done >= 2 && p.stage == QStringLiteral("faces"));
        });
        if (!dialog->start() || !QTest::qWaitFor([&] { return third; }, 600000)) return 1;
        QTest::qWait(300);
        dialog->grab().save(out.filePath(QStringLiteral("batch.png")));
        QSignalSpy ended(dialog, &gpen::ui::BatchDialog::batchEnded);
        dialog->cancelButton()->click();
        ended.wait(60000);
    }
    return 0;
}
