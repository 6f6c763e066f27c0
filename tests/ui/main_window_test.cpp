#include <QAction>
#include <QTableWidget>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSpinBox>
#include <QScopeGuard>
#include <QTimer>
#include <QTranslator>
#include <QStatusBar>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTest>
#include <QUrl>

#include <gtest/gtest.h>

#include "support/fixtures.h"
#include "ui/about_dialog.h"
#include "ui/comparison_view.h"
#include "ui/engine_controller.h"
#include "ui/batch_dialog.h"
#include "ui/image_session.h"
#include "ui/main_window.h"
#include "ui/shortcuts_dialog.h"
#include "ui/restore_panel.h"
#include "ui/zoom_state.h"
#include "ui/result_saver.h"
#include "ui/save_options_dialog.h"
#include "ui/translations.h"
#include "open_photos.h"
#include "temp_settings.h"
#include "ui_test_app.h"

#include <functional>
#include <memory>

namespace {

using gpen::ui::MainWindow;

QString solvayPath() {
    return QString::fromStdString((gpen::test::sampleImagesDir() / "Solvay_conference_1927.png").string());
}

void drop(QWidget* target, const QStringList& paths) { ASSERT_TRUE(gpen::test::dropPaths(target, paths)); }

TEST(MainWindow, ShowsWithTitleBeforeAnyModel) {
    gpen::test::uiApp();
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_EQ(window.windowTitle(), QStringLiteral("GPEN Studio"));
}

TEST(MainWindow, DroppingAnImageOpensIt) {
    gpen::test::uiApp();
    if (!QFileInfo::exists(solvayPath())) {
        GTEST_SKIP() << "sample image not found at " << solvayPath().toStdString();
    }
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy added(window.session(), &gpen::ui::ImageSession::entryAdded);
    QSignalSpy opened(window.session(), &gpen::ui::ImageSession::openFinished);
    drop(&window, {solvayPath()});
    ASSERT_TRUE(opened.wait(30000));
    ASSERT_EQ(added.count(), 1);
    EXPECT_EQ(window.imageList()->count(), 1);
    EXPECT_EQ(window.currentIndex(), 0);
    EXPECT_EQ(window.session()->entry(0).original.size(), QSize(1328, 568));
    // Dropping the same photo again selects it instead of opening a copy.
    drop(&window, {solvayPath()});
    ASSERT_TRUE(opened.wait(30000));
    EXPECT_EQ(window.imageList()->count(), 1);
}

TEST(MainWindow, DroppingAFolderOpensItsImagesAndReportsBrokenOnes) {
    gpen::test::uiApp();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QImage a(40, 30, QImage::Format_RGB32);
    a.fill(Qt::red);
    ASSERT_TRUE(a.save(dir.filePath(QStringLiteral("a.png"))));
    ASSERT_TRUE(a.save(dir.filePath(QStringLiteral("b.jpg"))));
    QFile broken(dir.filePath(QStringLiteral("broken.png")));
    ASSERT_TRUE(broken.open(QIODevice::WriteOnly));
    broken.write("not really a png");
    broken.close();

    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy opened(window.session(), &gpen::ui::ImageSession::openFinished);
    drop(&window, {dir.path()});
    ASSERT_TRUE(opened.wait(30000));
    EXPECT_EQ(window.imageList()->count(), 2);
    // The broken file is named in the status bar; the good ones opened regardless.
    bool named = false;
    for (const QLabel* label : window.statusBar()->findChildren<QLabel*>()) {
        named = named || label->text().contains(QStringLiteral("broken.png"));
    }
    EXPECT_TRUE(named);
    // And listed in a window of their own, file and reason, copyable.
    auto* box = window.findChild<QMessageBox*>(QStringLiteral("openProblemsBox"));
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->isVisible());
    EXPECT_TRUE(box->informativeText().contains(QStringLiteral("broken.png"))) << box->informativeText().toStdString();
    EXPECT_TRUE(box->detailedText().contains(QStringLiteral("broken.png")));
    box->close();
    QStringList problems;
    ASSERT_TRUE(gpen::test::waitForOpen(opened, window.session()->open({dir.filePath(QStringLiteral("broken.png"))}),
                                        &problems));
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems.front().contains(QStringLiteral("broken.png")));
}

// Acts on the first modal dialog of type T to appear: the modal's own exec() keeps the event loop
// running, and this timer looks for it there. Stops when it acted or when destroyed.
template <class T>
class ModalDriver {
public:
    explicit ModalDriver(std::function<void(T*)> act) : m_timer(std::make_unique<QTimer>()) {
        m_timer->setInterval(5);
        QObject::connect(m_timer.get(), &QTimer::timeout, [this, act = std::move(act)] {
            if (auto* dialog = qobject_cast<T*>(QApplication::activeModalWidget())) {
                m_timer->stop();
                m_seen = true;
                act(dialog);
            }
        });
        m_timer->start();
    }
    bool seen() const { return m_seen; }

private:
    std::unique_ptr<QTimer> m_timer;
    bool m_seen = false;
};

QImage noise(int w, int h, quint32 seed) {
    QImage image(w, h, QImage::Format_RGB32);
    QRandomGenerator rng(seed);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            // Smooth gradients plus noise: what JPEG's quality setting visibly trades.
            const int n = static_cast<int>(rng.bounded(64U));
            image.setPixel(x, y, qRgb((x * 255 / w + n) % 256, (y * 255 / h + n) % 256, (n * 4) % 256));
        }
    }
    return image;
}

// A window with one opened photo (dir/photo.png) that has a result.
struct SaveFixture {
    QTemporaryDir dir;
    MainWindow window;
    QString original;

    SaveFixture() {
        gpen::test::useTemporarySettings();
        original = dir.filePath(QStringLiteral("photo.png"));
        noise(160, 120, 1).save(original);
        window.show();
        if (gpen::test::openAndWait(window, {original})) window.session()->setResult(0, noise(160, 120, 2));
    }
    QAction* action(const char* name) { return window.findChild<QAction*>(QString::fromLatin1(name)); }
    QByteArray bytes(const QString& path) const {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
};

bool saveAsJpeg(SaveFixture& f, const QString& path, int quality) {
    f.window.resultSaver()->setPathPrompt([path](const QString&, const QStringList&, QString*) { return path; });
    ModalDriver<gpen::ui::SaveOptionsDialog> options([quality](gpen::ui::SaveOptionsDialog* d) {
        d->qualityBox()->setValue(quality);
        d->accept();
    });
    f.action("saveAsAction")->trigger();
    return options.seen();
}

TEST(MainWindow, SaveAsWritesAJpegAtTheChosenQuality) {
    gpen::test::uiApp();
    SaveFixture f;
    ASSERT_EQ(f.window.session()->count(), 1);
    ASSERT_TRUE(f.action("saveAsAction")->isEnabled());
    ASSERT_TRUE(f.action("saveAction")->isEnabled());
    EXPECT_TRUE(f.window.imageList()->item(0)->text().contains(QStringLiteral("unsaved")));

    // The first suggestion: beside the original, in its format, with "-restored".
    QString suggested;
    QStringList filters;
    f.window.resultSaver()->setPathPrompt([&](const QString& s, const QStringList& fl, QString*) {
        suggested = s;
        filters = fl;
        return QString();  // cancelled
    });
    f.action("saveAsAction")->trigger();
    EXPECT_EQ(suggested, f.dir.filePath(QStringLiteral("photo-restored.png")));
    EXPECT_TRUE(filters.filter(QStringLiteral("JPEG")).size() == 1) << filters.join(QStringLiteral(";;")).toStdString();
    EXPECT_TRUE(filters.filter(QStringLiteral("PNG")).size() == 1);

    const QString low = f.dir.filePath(QStringLiteral("low.jpg"));
    const QString high = f.dir.filePath(QStringLiteral("high.jpg"));
    ASSERT_TRUE(saveAsJpeg(f, low, 10));
    ASSERT_TRUE(saveAsJpeg(f, high, 95));
    const QImage lowImage(low);
    const QImage highImage(high);
    ASSERT_FALSE(lowImage.isNull());
    ASSERT_FALSE(highImage.isNull());
    EXPECT_EQ(lowImage.size(), QSize(160, 120));
    EXPECT_EQ(highImage.size(), QSize(160, 120));
    const qint64 lowSize = QFileInfo(low).size();
    const qint64 highSize = QFileInfo(high).size();
    EXPECT_GT(lowSize, 500);
    EXPECT_LT(lowSize * 2, highSize) << lowSize << " vs " << highSize;
    EXPECT_LT(highSize, 160 * 120 * 3);
    // The last choice is remembered for the next save, and the entry counts as saved.
    EXPECT_EQ(gpen::ui::SaveOptions::load().quality, 95);
    EXPECT_EQ(f.window.resultSaver()->target(0), high);
    EXPECT_FALSE(f.window.imageList()->item(0)->text().contains(QStringLiteral("unsaved")));
}

TEST(MainWindow, SaveAfterSaveAsOverwritesThatTargetWithoutAsking) {
    gpen::test::uiApp();
    SaveFixture f;
    const QString target = f.dir.filePath(QStringLiteral("restored.jpg"));
    ASSERT_TRUE(saveAsJpeg(f, target, 90));
    ASSERT_TRUE(QFileInfo::exists(target));

    // A new result (as a re-blend gives), then Ctrl+S: no file dialog, no question.
    QImage blue(160, 120, QImage::Format_RGB32);
    blue.fill(QColor(0, 0, 255));
    f.window.session()->setResult(0, blue);
    EXPECT_TRUE(f.window.imageList()->item(0)->text().contains(QStringLiteral("unsaved")));
    int prompts = 0;
    f.window.resultSaver()->setPathPrompt([&](const QString&, const QStringList&, QString*) {
        ++prompts;
        return QString();
    });
    QSignalSpy saved(f.window.resultSaver(), &gpen::ui::ResultSaver::saved);
    ModalDriver<QDialog> anyModal([](QDialog* d) { d->reject(); });
    f.window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&f.window));
    QTest::keySequence(&f.window, QKeySequence::Save);
    ASSERT_EQ(saved.count(), 1);
    EXPECT_EQ(saved.at(0).at(1).toString(), target);
    EXPECT_EQ(prompts, 0);
    EXPECT_FALSE(anyModal.seen());
    const QImage written(target);
    ASSERT_FALSE(written.isNull());
    const QColor centre = written.pixelColor(80, 60);
    EXPECT_LT(centre.red(), 40);
    EXPECT_GT(centre.blue(), 200);
    EXPECT_FALSE(f.window.imageList()->item(0)->text().contains(QStringLiteral("unsaved")));
}

TEST(MainWindow, SavingOverTheOriginalAsksAndNoKeepsIt) {
    gpen::test::uiApp();
    SaveFixture f;
    const QByteArray before = f.bytes(f.original);
    ASSERT_FALSE(before.isEmpty());
    f.window.resultSaver()->setPathPrompt([&](const QString&, const QStringList&, QString*) { return f.original; });
    QString question;
    ModalDriver<QMessageBox> answer([&](QMessageBox* box) {
        question = box->text();
        box->button(QMessageBox::No)->click();
    });
    QSignalSpy saved(f.window.resultSaver(), &gpen::ui::ResultSaver::saved);
    f.action("saveAsAction")->trigger();
    EXPECT_TRUE(answer.seen());
    EXPECT_TRUE(question.contains(QStringLiteral("photo.png"))) << question.toStdString();
    EXPECT_EQ(saved.count(), 0);
    EXPECT_EQ(f.bytes(f.original), before);
    EXPECT_TRUE(f.window.resultSaver()->target(0).isEmpty());
    EXPECT_TRUE(f.window.imageList()->item(0)->text().contains(QStringLiteral("unsaved")));
}

TEST(MainWindow, ClosingWithUnsavedResultsAsksAndCancelKeepsTheWindow) {
    // English as the app installs it: its plural forms ("1 photo").
    const QList<QTranslator*> english = gpen::ui::Translations::install(&gpen::test::uiApp(), QStringLiteral("en"));
    const auto uninstall = qScopeGuard([&] {
        for (QTranslator* t : english) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
    });
    SaveFixture f;
    QString question, informative;
    {
        ModalDriver<QMessageBox> cancel([&](QMessageBox* box) {
            question = box->text();
            informative = box->informativeText();
            box->button(QMessageBox::Cancel)->click();
        });
        EXPECT_FALSE(f.window.close());
        EXPECT_TRUE(cancel.seen());
    }
    // One photo: said in the singular (the English plural forms).
    EXPECT_EQ(question, QStringLiteral("1 restored photo is not saved.")) << question.toStdString();
    EXPECT_EQ(informative, QStringLiteral("Quit anyway and lose it?")) << informative.toStdString();
    EXPECT_TRUE(f.window.isVisible());
    {
        // Alt+D presses Discard, as its mnemonic says.
        ModalDriver<QMessageBox> discard([](QMessageBox* box) {
            EXPECT_EQ(box->button(QMessageBox::Discard)->text(), QStringLiteral("&Discard"));
            QTest::keyClick(box, Qt::Key_D, Qt::AltModifier);
        });
        EXPECT_TRUE(f.window.close());
        EXPECT_TRUE(discard.seen());
    }
}

TEST(MainWindow, ClosingAfterSavingDoesNotAsk) {
    gpen::test::uiApp();
    SaveFixture f;
    ASSERT_TRUE(saveAsJpeg(f, f.dir.filePath(QStringLiteral("saved.jpg")), 90));
    EXPECT_TRUE(f.window.close());
}

TEST(MainWindow, AFailedSaveNamesTheFile) {
    gpen::test::uiApp();
    SaveFixture f;
    const QString target = f.dir.filePath(QStringLiteral("no-such-folder/out.tif"));
    f.window.resultSaver()->setPathPrompt([&](const QString&, const QStringList&, QString*) { return target; });
    QString message;
    ModalDriver<QMessageBox> warning([&](QMessageBox* box) {
        message = box->text();
        box->accept();
    });
    f.action("saveAsAction")->trigger();
    EXPECT_TRUE(warning.seen());
    EXPECT_TRUE(message.contains(QStringLiteral("out.tif"))) << message.toStdString();
    EXPECT_FALSE(QFileInfo::exists(target));
}

TEST(MainWindow, GermanTranslationTranslatesTheMenus) {
    auto& app = gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    const QList<QTranslator*> installed = gpen::ui::Translations::install(&app, QStringLiteral("de"));
    ASSERT_FALSE(installed.isEmpty()) << "no :/i18n/gpen-studio_de.qm";
    {
        MainWindow window;
        const QList<QAction*> menus = window.menuBar()->actions();
        ASSERT_GE(menus.size(), 2);
        EXPECT_EQ(menus.at(0)->text(), QStringLiteral("&Datei"));
        EXPECT_EQ(menus.at(1)->text(), QStringLiteral("&Bearbeiten"));
        EXPECT_EQ(menus.at(2)->text(), QStringLiteral("&Ansicht"));
        EXPECT_EQ(menus.at(3)->text(), QStringLiteral("&Foto"));
        EXPECT_EQ(window.findChild<QAction*>(QStringLiteral("saveAsAction"))->text(),
                  QStringLiteral("Ergebnis speichern &unter…"));
    }
    for (QTranslator* t : installed) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
    MainWindow english;
    EXPECT_EQ(english.menuBar()->actions().at(0)->text(), QStringLiteral("&File"));
}

TEST(MainWindow, ClosingAPhotoFreesItAndTheOthersKeepTheirMarks) {
    gpen::test::uiApp();
    SaveFixture f;  // photo.png, restored and unsaved
    const QString second = f.dir.filePath(QStringLiteral("second.png"));
    const QString third = f.dir.filePath(QStringLiteral("third.png"));
    noise(80, 60, 3).save(second);
    noise(80, 60, 4).save(third);
    ASSERT_TRUE(gpen::test::openAndWait(f.window, {second, third}));
    ASSERT_EQ(f.window.session()->count(), 3);
    f.window.session()->setResult(2, noise(80, 60, 5));  // third: unsaved too
    ASSERT_TRUE(f.window.imageList()->item(2)->text().contains(QStringLiteral("unsaved")));

    // The first has an unsaved result: Close asks, and Cancel keeps it.
    f.window.imageList()->setCurrentRow(0);
    QAction* close = f.action("closePhotoAction");
    ASSERT_NE(close, nullptr);
    EXPECT_EQ(close->shortcut(), QKeySequence(QKeySequence::Close));
    {
        ModalDriver<QMessageBox> cancel([](QMessageBox* box) { box->button(QMessageBox::Cancel)->click(); });
        close->trigger();
        EXPECT_TRUE(cancel.seen());
    }
    EXPECT_EQ(f.window.session()->count(), 3);
    {
        ModalDriver<QMessageBox> discard([](QMessageBox* box) { box->button(QMessageBox::Discard)->click(); });
        close->trigger();
        EXPECT_TRUE(discard.seen());
    }
    ASSERT_EQ(f.window.session()->count(), 2);
    EXPECT_EQ(f.window.imageList()->count(), 2);
    EXPECT_EQ(f.window.session()->entry(0).path, second);
    // The third photo moved up with its unsaved result and mark; the second has none.
    EXPECT_FALSE(f.window.imageList()->item(0)->text().contains(QStringLiteral("unsaved")));
    EXPECT_TRUE(f.window.imageList()->item(1)->text().contains(QStringLiteral("unsaved")));
    EXPECT_TRUE(f.window.resultSaver()->hasUnsaved(1));
    EXPECT_FALSE(f.window.resultSaver()->hasUnsaved(0));
    // A photo without a result closes without a question; the view shows what is selected.
    f.window.imageList()->setCurrentRow(0);
    ModalDriver<QMessageBox> unexpected([](QMessageBox* box) { box->button(QMessageBox::Cancel)->click(); });
    EXPECT_TRUE(f.window.closePhoto(0));
    EXPECT_FALSE(unexpected.seen());
    EXPECT_EQ(f.window.session()->count(), 1);
    EXPECT_EQ(f.window.session()->entry(0).path, third);
}

TEST(MainWindow, TheUnsavedMarkIsNeverElided) {
    gpen::test::uiApp();
    SaveFixture f;
    // A long name in a narrow list loses its middle: the end, "(unsaved)", stays readable.
    EXPECT_EQ(f.window.imageList()->textElideMode(), Qt::ElideMiddle);
    EXPECT_TRUE(f.window.imageList()->item(0)->text().endsWith(QStringLiteral("(unsaved)")));
}

TEST(MainWindow, SaveResultAsHasAShortcut) {
    gpen::test::uiApp();
    SaveFixture f;
    EXPECT_EQ(f.action("saveAsAction")->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+S")));
    QStringList asked;
    f.window.resultSaver()->setPathPrompt([&](const QString& s, const QStringList&, QString*) {
        asked << s;
        return QString();
    });
    f.window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&f.window));
    QTest::keyClick(&f.window, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(asked.size(), 1);
}

TEST(MainWindow, AboutNamesTheVersionAndEveryLicence) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    MainWindow window;
    auto* about = window.findChild<QAction*>(QStringLiteral("aboutAction"));
    ASSERT_NE(about, nullptr);
    QString text;
    ModalDriver<gpen::ui::AboutDialog> read([&](gpen::ui::AboutDialog* d) {
        text = d->text()->toPlainText();
        d->reject();
    });
    about->trigger();
    ASSERT_TRUE(read.seen());
    EXPECT_FALSE(gpen::ui::AboutDialog::version().isEmpty());
    for (const char* needle : {"MIT", "Qt", "LGPL", "libtorch", "BSD", "OpenCV", "Apache", "dlib", "Boost",
                               "GPEN-BFR-512", "non-commercial"}) {
        EXPECT_TRUE(text.contains(QString::fromLatin1(needle))) << needle << " missing from: " << text.toStdString();
    }
}

TEST(MainWindow, EnglishPluralsHaveTheirEnglishForms) {
    auto& app = gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    const QList<QTranslator*> installed = gpen::ui::Translations::install(&app, QStringLiteral("en"));
    ASSERT_FALSE(installed.isEmpty()) << "no :/i18n/gpen-studio_en.qm";
    const QString one = QCoreApplication::translate("gpen::ui::MainWindow", "%n restored photo(s) not saved.", nullptr, 1);
    const QString two = QCoreApplication::translate("gpen::ui::MainWindow", "%n restored photo(s) not saved.", nullptr, 2);
    for (QTranslator* t : installed) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
    EXPECT_EQ(one, QStringLiteral("1 restored photo is not saved."));
    EXPECT_EQ(two, QStringLiteral("2 restored photos are not saved."));
}

// What an Upscayl, digiKam or Gwenview user looks for: Edit, Photo and Help commands with their
// keys, and Settings on Ctrl+, ; Help → Keyboard Shortcuts lists them from the menus.
TEST(MainWindow, MenusOfferTheCommandsUsersLookForWithTheirKeys) {
    gpen::test::uiApp();
    SaveFixture f;
    const struct {
        const char* action;
        QKeySequence key;
    } expected[] = {{"undoAction", QKeySequence::Undo},
                    {"restoreAction", QKeySequence(QStringLiteral("Ctrl+R"))},
                    {"restoreAllAction", QKeySequence(QStringLiteral("Ctrl+Shift+R"))},
                    {"saveAllAction", QKeySequence(QStringLiteral("Ctrl+Alt+S"))},
                    {"shortcutsAction", QKeySequence(QStringLiteral("Ctrl+?"))}};
    for (const auto& e : expected) {
        QAction* a = f.action(e.action);
        ASSERT_NE(a, nullptr) << e.action;
        EXPECT_EQ(a->shortcut(), e.key) << e.action;
    }
    ASSERT_NE(f.action("revertAction"), nullptr);
    EXPECT_TRUE(f.action("settingsAction")->shortcuts().contains(QKeySequence(QStringLiteral("Ctrl+,"))));
    // No photo restored by the engine: nothing to undo; the result can be reverted.
    EXPECT_FALSE(f.action("undoAction")->isEnabled());
    EXPECT_TRUE(f.action("revertAction")->isEnabled());

    gpen::ui::ShortcutsDialog keys(f.window.menuBar());
    bool listed = false;
    for (int r = 0; r < keys.table()->rowCount(); ++r) {
        listed = listed || (keys.table()->item(r, 1)->text() == QStringLiteral("Restore") &&
                            keys.table()->item(r, 2)->text() == QKeySequence(QStringLiteral("Ctrl+R")).toString(QKeySequence::NativeText));
    }
    EXPECT_TRUE(listed) << "Photo › Restore with Ctrl+R";
}

// Revert to Original drops an unsaved result only after asking; the photo is as opened again.
TEST(MainWindow, RevertToOriginalAsksThenDropsTheResult) {
    gpen::test::uiApp();
    SaveFixture f;
    ASSERT_FALSE(f.window.session()->entry(0).result.isNull());
    {
        ModalDriver<QMessageBox> cancel([](QMessageBox* box) { box->button(QMessageBox::Cancel)->click(); });
        f.action("revertAction")->trigger();
        EXPECT_TRUE(cancel.seen());
    }
    EXPECT_FALSE(f.window.session()->entry(0).result.isNull());
    {
        ModalDriver<QMessageBox> discard([](QMessageBox* box) { box->button(QMessageBox::Discard)->click(); });
        f.action("revertAction")->trigger();
        EXPECT_TRUE(discard.seen());
    }
    EXPECT_TRUE(f.window.session()->entry(0).result.isNull());
    EXPECT_FALSE(f.window.resultSaver()->hasUnsaved(0));
    EXPECT_FALSE(f.action("revertAction")->isEnabled());
}

// Save All writes every unsaved result beside its original (NAME-restored.EXT) without a dialog.
TEST(MainWindow, SaveAllWritesEveryUnsavedResultBesideItsOriginal) {
    gpen::test::uiApp();
    SaveFixture f;
    const QString second = f.dir.filePath(QStringLiteral("second.png"));
    noise(80, 60, 3).save(second);
    ASSERT_TRUE(gpen::test::openAndWait(f.window, {second}));
    f.window.session()->setResult(1, noise(80, 60, 4));
    ASSERT_TRUE(f.action("saveAllAction")->isEnabled());
    ModalDriver<QMessageBox> unexpected([](QMessageBox* box) { box->button(QMessageBox::Cancel)->click(); });
    f.action("saveAllAction")->trigger();
    EXPECT_FALSE(unexpected.seen());
    EXPECT_TRUE(QFileInfo::exists(f.dir.filePath(QStringLiteral("photo-restored.png"))));
    EXPECT_TRUE(QFileInfo::exists(f.dir.filePath(QStringLiteral("second-restored.png"))));
    EXPECT_FALSE(f.window.resultSaver()->hasUnsaved(0));
    EXPECT_FALSE(f.window.resultSaver()->hasUnsaved(1));
    EXPECT_FALSE(f.action("saveAllAction")->isEnabled());
}

// The Photos list selects several photos; Delete closes them, asking once for the unsaved ones.
TEST(MainWindow, DeleteClosesTheSelectedPhotosAskingOnce) {
    gpen::test::uiApp();
    SaveFixture f;  // photo.png, restored and unsaved
    QStringList more;
    for (int i = 0; i < 3; ++i) {
        more << f.dir.filePath(QStringLiteral("more-%1.png").arg(i));
        noise(80, 60, 10 + i).save(more.back());
    }
    ASSERT_TRUE(gpen::test::openAndWait(f.window, more));
    ASSERT_EQ(f.window.session()->count(), 4);
    f.window.session()->setResult(2, noise(80, 60, 20));  // more-1: unsaved too
    QListWidget* list = f.window.imageList();
    list->setCurrentRow(0);
    list->item(0)->setSelected(true);
    list->item(2)->setSelected(true);
    list->item(3)->setSelected(true);
    list->setFocus();
    int asked = 0;
    ModalDriver<QMessageBox> discard([&asked](QMessageBox* box) {
        ++asked;
        EXPECT_TRUE(box->text().contains(QStringLiteral("2"))) << box->text().toStdString();
        box->button(QMessageBox::Discard)->click();
    });
    QAction* del = list->findChild<QAction*>(QStringLiteral("closeSelectedAction"));
    ASSERT_NE(del, nullptr);
    EXPECT_EQ(del->shortcut(), QKeySequence(QKeySequence::Delete));
    del->trigger();
    EXPECT_EQ(asked, 1);
    ASSERT_EQ(f.window.session()->count(), 1);
    EXPECT_EQ(f.window.session()->entry(0).path, more[0]);
}

// A dropped folder of more than a few dozen photos is offered to the batch first (asked once the
// drop is over); "Open Here" opens them in the window, "Batch Restore…" opens the batch dialog on
// that folder and opens nothing.
TEST(MainWindow, ALargeDroppedFolderIsOfferedToTheBatchFirst) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    for (int i = 0; i < 40; ++i) noise(24, 16, static_cast<quint32>(i)).save(dir.filePath(QStringLiteral("p%1.png").arg(i)));
    gpen::ui::EngineController engine;  // not started: the window needs it only to offer the batch
    MainWindow window(&engine);
    window.show();

    const auto answer = [](const QString& button) {
        return [button](QMessageBox* box) {
            EXPECT_TRUE(box->text().contains(QStringLiteral("40"))) << box->text().toStdString();
            for (QAbstractButton* b : box->buttons()) {
                if (b->text().remove(QLatin1Char('&')).startsWith(button)) {
                    b->click();
                    return;
                }
            }
            ADD_FAILURE() << "no button " << button.toStdString();
            box->reject();
        };
    };
    {
        ModalDriver<QMessageBox> batch(answer(QStringLiteral("Batch")));
        ASSERT_TRUE(gpen::test::dropPaths(&window, {dir.path()}));
        ASSERT_TRUE(QTest::qWaitFor([&] { return batch.seen(); }, 10000));
    }
    auto* dialog = window.findChild<gpen::ui::BatchDialog*>();
    ASSERT_NE(dialog, nullptr);
    EXPECT_TRUE(dialog->isVisible());
    EXPECT_EQ(dialog->request().inputDir, dir.path());
    EXPECT_EQ(window.session()->count(), 0) << "nothing opened";
    dialog->hide();

    ModalDriver<QMessageBox> here(answer(QStringLiteral("Open Here")));
    QSignalSpy opened(window.session(), &gpen::ui::ImageSession::openFinished);
    ASSERT_TRUE(gpen::test::dropPaths(&window, {dir.path()}));
    ASSERT_TRUE(opened.wait(30000));
    EXPECT_TRUE(here.seen());
    EXPECT_EQ(window.session()->count(), 40);
}

// State follows the photo: another photo opens fitted (not at the last one's zoom), and the
// panel shows what was done to the photo in view, not to the last one restored.
TEST(MainWindow, AnotherPhotoOpensFittedWithItsOwnNotes) {
    gpen::test::uiApp();
    SaveFixture f;  // photo.png, with a result
    const QString second = f.dir.filePath(QStringLiteral("second.png"));
    noise(900, 700, 7).save(second);
    ASSERT_TRUE(gpen::test::openAndWait(f.window, {second}));
    f.window.session()->setSummary(0, QStringLiteral("3 faces restored with dlib in 1.0 s"));
    f.window.imageList()->setCurrentRow(0);
    f.window.comparisonView()->zoomToActualSize();
    ASSERT_FALSE(f.window.comparisonView()->zoomState()->fitMode());
    f.window.imageList()->setCurrentRow(1);
    EXPECT_TRUE(f.window.comparisonView()->zoomState()->fitMode()) << "the second photo opens fitted";
    EXPECT_TRUE(f.window.restorePanel()->stageLabel()->text().isEmpty()) << "nothing was done to it yet";
    f.window.imageList()->setCurrentRow(0);
    EXPECT_EQ(f.window.restorePanel()->stageLabel()->text(), QStringLiteral("3 faces restored with dlib in 1.0 s"));
}

}  // namespace
