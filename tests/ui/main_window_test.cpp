// SPDX-License-Identifier: Apache-2.0
#include <QAction>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QTranslator>
#include <QUrl>

#include <gtest/gtest.h>

#include "open_photos.h"
#include "save_fixture.h"
#include "support/fixtures.h"
#include "temp_settings.h"
#include "ui/batch/batch_dialog.h"
#include "ui/bridge/engine_controller.h"
#include "ui/common/translations.h"
#include "ui/main_window.h"
#include "ui/photos/comparison_view.h"
#include "ui/photos/image_session.h"
#include "ui/photos/photo_limits.h"
#include "ui/photos/restore_panel.h"
#include "ui/photos/result_saver.h"
#include "ui/photos/zoom_state.h"
#include "ui/settings/about_dialog.h"
#include "ui/settings/settings_dialog.h"
#include "ui/settings/shortcuts_dialog.h"
#include "ui_test_app.h"

#include <functional>
#include <memory>

namespace {

using gpen::test::ModalDriver;
using gpen::test::noise;
using gpen::test::SaveFixture;
using gpen::ui::MainWindow;

QString solvayPath() {
    return QString::fromStdString(
        (gpen::test::sampleImagesDir() / "Solvay_conference_1927.png").string());
}

void drop(QWidget* target, const QStringList& paths) {
    ASSERT_TRUE(gpen::test::dropPaths(target, paths));
}

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
    EXPECT_TRUE(box->informativeText().contains(QStringLiteral("broken.png")))
        << box->informativeText().toStdString();
    EXPECT_TRUE(box->detailedText().contains(QStringLiteral("broken.png")));
    box->close();
    QStringList problems;
    ASSERT_TRUE(gpen::test::waitForOpen(
        opened, window.session()->open({dir.filePath(QStringLiteral("broken.png"))}), &problems));
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems.front().contains(QStringLiteral("broken.png")));
}

TEST(MainWindow, ClosingWithUnsavedResultsAsksAndCancelKeepsTheWindow) {
    // English as the app installs it: its plural forms ("1 photo").
    const QList<QTranslator*> english =
        gpen::ui::Translations::install(&gpen::test::uiApp(), QStringLiteral("en"));
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
            // A mnemonic is a window shortcut: it answers once the box is the active window, which
            // on a loaded machine can come after the box is the modal widget. Sent before, Alt+D
            // was lost and the box waited for ever.
            EXPECT_TRUE(QTest::qWaitForWindowActive(box));
            QTest::keyClick(box, Qt::Key_D, Qt::AltModifier);
        });
        EXPECT_TRUE(f.window.close());
        EXPECT_TRUE(discard.seen());
    }
}

TEST(MainWindow, GermanTranslationTranslatesTheMenus) {
    auto& app = gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    const QList<QTranslator*> installed =
        gpen::ui::Translations::install(&app, QStringLiteral("de"));
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
        ModalDriver<QMessageBox> cancel(
            [](QMessageBox* box) { box->button(QMessageBox::Cancel)->click(); });
        close->trigger();
        EXPECT_TRUE(cancel.seen());
    }
    EXPECT_EQ(f.window.session()->count(), 3);
    {
        ModalDriver<QMessageBox> discard(
            [](QMessageBox* box) { box->button(QMessageBox::Discard)->click(); });
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
    ModalDriver<QMessageBox> unexpected(
        [](QMessageBox* box) { box->button(QMessageBox::Cancel)->click(); });
    EXPECT_TRUE(f.window.closePhoto(0));
    EXPECT_FALSE(unexpected.seen());
    EXPECT_EQ(f.window.session()->count(), 1);
    EXPECT_EQ(f.window.session()->entry(0).path, third);
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
    for (const char* needle : {"MIT", "Qt", "LGPL", "libtorch", "BSD", "OpenCV", "Apache", "dlib",
                               "Boost", "GPEN-BFR-512", "non-commercial"}) {
        EXPECT_TRUE(text.contains(QString::fromLatin1(needle)))
            << needle << " missing from: " << text.toStdString();
    }
}

TEST(MainWindow, EnglishPluralsHaveTheirEnglishForms) {
    auto& app = gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    const QList<QTranslator*> installed =
        gpen::ui::Translations::install(&app, QStringLiteral("en"));
    ASSERT_FALSE(installed.isEmpty()) << "no :/i18n/gpen-studio_en.qm";
    const QString one = QCoreApplication::translate("gpen::ui::MainWindow",
                                                    "%n restored photo(s) not saved.", nullptr, 1);
    const QString two = QCoreApplication::translate("gpen::ui::MainWindow",
                                                    "%n restored photo(s) not saved.", nullptr, 2);
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
    EXPECT_TRUE(
        f.action("settingsAction")->shortcuts().contains(QKeySequence(QStringLiteral("Ctrl+,"))));
    // No photo restored by the engine: nothing to undo; the result can be reverted.
    EXPECT_FALSE(f.action("undoAction")->isEnabled());
    EXPECT_TRUE(f.action("revertAction")->isEnabled());

    gpen::ui::ShortcutsDialog keys(f.window.menuBar());
    bool listed = false;
    for (int r = 0; r < keys.table()->rowCount(); ++r) {
        listed = listed ||
                 (keys.table()->item(r, 1)->text() == QStringLiteral("Restore") &&
                  keys.table()->item(r, 2)->text() ==
                      QKeySequence(QStringLiteral("Ctrl+R")).toString(QKeySequence::NativeText));
    }
    EXPECT_TRUE(listed) << "Photo › Restore with Ctrl+R";
}

// Revert to Original drops an unsaved result only after asking; the photo is as opened again.
TEST(MainWindow, RevertToOriginalAsksThenDropsTheResult) {
    gpen::test::uiApp();
    SaveFixture f;
    ASSERT_FALSE(f.window.session()->entry(0).result.isNull());
    {
        ModalDriver<QMessageBox> cancel(
            [](QMessageBox* box) { box->button(QMessageBox::Cancel)->click(); });
        f.action("revertAction")->trigger();
        EXPECT_TRUE(cancel.seen());
    }
    EXPECT_FALSE(f.window.session()->entry(0).result.isNull());
    {
        ModalDriver<QMessageBox> discard(
            [](QMessageBox* box) { box->button(QMessageBox::Discard)->click(); });
        f.action("revertAction")->trigger();
        EXPECT_TRUE(discard.seen());
    }
    EXPECT_TRUE(f.window.session()->entry(0).result.isNull());
    EXPECT_FALSE(f.window.resultSaver()->hasUnsaved(0));
    EXPECT_FALSE(f.action("revertAction")->isEnabled());
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

// A photo that arrives (an open, a second launch, a paste) becomes the one in view and the only one
// highlighted: Close and Delete then act on what the user sees, never on a photo left selected.
TEST(MainWindow, APhotoThatArrivesIsTheOnlyOneSelected) {
    gpen::test::uiApp();
    SaveFixture f;  // photo.png, restored and unsaved
    const QString second = f.dir.filePath(QStringLiteral("second.png"));
    const QString third = f.dir.filePath(QStringLiteral("third.png"));
    noise(80, 60, 31).save(second);
    noise(80, 60, 32).save(third);
    QListWidget* list = f.window.imageList();
    ASSERT_EQ(list->selectedItems().size(), 1);
    ASSERT_TRUE(gpen::test::openAndWait(f.window, {second}));
    EXPECT_EQ(f.window.currentIndex(), 1);
    ASSERT_EQ(list->selectedItems().size(), 1);
    EXPECT_EQ(list->row(list->selectedItems().front()), 1);

    QSignalSpy opened(f.window.session(), &gpen::ui::ImageSession::openFinished);
    f.window.openFromAnotherLaunch({third});
    ASSERT_TRUE(opened.wait(30000));
    EXPECT_EQ(f.window.currentIndex(), 2);
    ASSERT_EQ(list->selectedItems().size(), 1);
    EXPECT_EQ(list->row(list->selectedItems().front()), 2);
    // Delete closes the photo in view alone, and nothing is asked: the unsaved one is not touched.
    QAction* del = list->findChild<QAction*>(QStringLiteral("closeSelectedAction"));
    ASSERT_NE(del, nullptr);
    list->setFocus();
    del->trigger();
    ASSERT_EQ(f.window.session()->count(), 2);
    EXPECT_EQ(f.window.session()->entry(1).path, second);
}

// A dropped folder of more than a few dozen photos is offered to the batch first (asked once the
// drop is over); "Open Here" opens them in the window, "Batch Restore…" opens the batch dialog on
// that folder and opens nothing.
TEST(MainWindow, ALargeDroppedFolderIsOfferedToTheBatchFirst) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    for (int i = 0; i < 40; ++i)
        noise(24, 16, static_cast<quint32>(i)).save(dir.filePath(QStringLiteral("p%1.png").arg(i)));
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
    EXPECT_TRUE(f.window.comparisonView()->zoomState()->fitMode())
        << "the second photo opens fitted";
    EXPECT_TRUE(f.window.restorePanel()->stageLabel()->text().isEmpty())
        << "nothing was done to it yet";
    f.window.imageList()->setCurrentRow(0);
    EXPECT_EQ(f.window.restorePanel()->stageLabel()->text(),
              QStringLiteral("3 faces restored with dlib in 1.0 s"));
}

// Settings → Largest photo is the limit photos are opened under; one over it is listed with the
// reason, which names the setting.
TEST(MainWindow, APhotoOverTheLargestPhotoSettingIsRefusedNamingTheSetting) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    gpen::ui::PhotoLimits::storeMaxMegapixels(10);
    QTemporaryDir dir;
    const QString big = dir.filePath(QStringLiteral("big-scan.png"));
    QImage image(4000, 2600, QImage::Format_RGB32);  // 10.4 MP
    image.fill(Qt::gray);
    ASSERT_TRUE(image.save(big));
    MainWindow window;
    window.show();
    QStringList problems;
    ASSERT_TRUE(gpen::test::openAndWait(window, {big}, &problems));
    EXPECT_EQ(window.imageList()->count(), 0);
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems.front().contains(QStringLiteral("big-scan.png")))
        << problems.front().toStdString();
    EXPECT_TRUE(problems.front().contains(QStringLiteral("limit of 10 megapixels")))
        << problems.front().toStdString();
    // And under a raised limit it opens.
    gpen::ui::PhotoLimits::storeMaxMegapixels(20);
    window.session()->setMaxMegapixels(gpen::ui::PhotoLimits::storedMaxMegapixels());
    ASSERT_TRUE(gpen::test::openAndWait(window, {big}, &problems));
    EXPECT_EQ(window.imageList()->count(), 1);
}

}  // namespace

namespace {

// Settings says which models folder this session really uses when --models-dir gave one, and
// keeps the stored folder for launches without it.
TEST(MainWindow, SettingsSayWhichModelsFolderTheCommandLineGave) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    gpen::ui::EngineController engine;
    const QString given = QStringLiteral("/srv/shared/gpen-models");
    engine.setCommandLineOverrides(given, QString());
    gpen::ui::MainWindow window(&engine);
    window.show();
    QString note;
    bool noteShown = false, fieldEmpty = false;
    QTimer answer;
    answer.setInterval(5);
    QObject::connect(&answer, &QTimer::timeout, &answer, [&] {
        auto* dialog = qobject_cast<gpen::ui::SettingsDialog*>(QApplication::activeModalWidget());
        if (!dialog) return;
        answer.stop();
        note = dialog->modelsDirNote()->text();
        noteShown = dialog->modelsDirNote()->isVisibleTo(dialog);
        fieldEmpty = dialog->modelsDirEdit()->text().isEmpty();
        dialog->reject();
    });
    answer.start();
    window.findChild<QAction*>(QStringLiteral("settingsAction"))->trigger();
    EXPECT_TRUE(noteShown);
    EXPECT_TRUE(note.contains(given)) << note.toStdString();
    EXPECT_TRUE(note.contains(QStringLiteral("--models-dir"))) << note.toStdString();
    EXPECT_TRUE(fieldEmpty) << "the stored folder is not replaced by the session's";
}

}  // namespace
