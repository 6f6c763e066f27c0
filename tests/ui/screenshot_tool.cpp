// gpen-screenshots: renders the window with a restored photo in each comparison mode, and the
// whole window at 1024 x 700, for the README and the AppStream metadata. Not a test; built on
// request (ninja gpen-screenshots) and run under Xvfb:
// gpen-screenshots MODELS_DIR FACE_MODEL_ID PHOTO OUT_DIR

#include <QApplication>
#include <QDir>
#include <QSignalSpy>
#include <QTest>

#include <cstdio>

#include "ui/comparison_view.h"
#include "ui/engine_controller.h"
#include "ui/main_window.h"
#include "ui/model_status_indicator.h"
#include "ui/restore_panel.h"
#include "ui/translations.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gpen-studio"));
    gpen::ui::Translations::install(&app, QStringLiteral("en"));  // as the app does: English plurals
    if (argc != 5) {
        std::fprintf(stderr, "usage: gpen-screenshots MODELS_DIR FACE_MODEL_ID PHOTO OUT_DIR\n");
        return 2;
    }
    gpen::ui::EngineSettings settings;
    settings.modelsDir = QString::fromLocal8Bit(argv[1]);
    settings.preload = {QString::fromLocal8Bit(argv[2]), QStringLiteral("dlib")};
    gpen::ui::EngineController engine;
    gpen::ui::MainWindow window(&engine);
    window.modelStatusIndicator()->setAlwaysShown(settings.preload);
    window.resize(1400, 860);
    window.show();
    QSignalSpy settled(&engine, &gpen::ui::EngineController::preloadSettledChanged);
    engine.start(settings);
    if (!settled.wait(120000)) return 1;
    window.openPaths({QString::fromLocal8Bit(argv[3])});
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
    // The whole window on a small laptop screen: nothing cut, the faces shown on the photo.
    window.comparisonView()->setMode(gpen::ui::ComparisonView::Mode::Split);
    window.resize(1024, 700);
    window.comparisonView()->zoomToFit();
    QTest::qWait(300);
    window.grab().save(out.filePath(QStringLiteral("window-1024x700.png")));
    return 0;
}
