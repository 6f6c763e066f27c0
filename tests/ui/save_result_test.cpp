// SPDX-License-Identifier: Apache-2.0
// Save, Save As and Save All from the main window: formats, options, targets, the original
// never replaced without asking, failures named, and the window answering while a file encodes.

#include <QApplication>
#include <QFileInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include <gtest/gtest.h>

#include "save_fixture.h"
#include "ui/photos/image_session.h"
#include "ui_test_app.h"

namespace {

using gpen::test::ModalDriver;
using gpen::test::noise;
using gpen::test::saveAsJpeg;
using gpen::test::SaveFixture;

TEST(SaveResult, SaveAsWritesAJpegAtTheChosenQuality) {
    gpen::test::uiApp();
    SaveFixture f;
    ASSERT_EQ(f.window.session()->count(), 1);
    ASSERT_TRUE(f.action("saveAsAction")->isEnabled());
    ASSERT_TRUE(f.action("saveAction")->isEnabled());
    EXPECT_TRUE(f.window.imageList()->item(0)->text().contains(QStringLiteral("unsaved")));

    // The first suggestion: beside the original, in its format, with "-restored".
    QString suggested;
    QStringList filters;
    f.window.resultSaver()->setPathPrompt(
        [&](const QString& s, const QStringList& fl, QString*, gpen::ui::SaveOptions*) {
            suggested = s;
            filters = fl;
            return QString();  // cancelled
        });
    f.action("saveAsAction")->trigger();
    EXPECT_EQ(suggested, f.dir.filePath(QStringLiteral("photo-restored.png")));
    EXPECT_TRUE(filters.filter(QStringLiteral("JPEG")).size() == 1)
        << filters.join(QStringLiteral(";;")).toStdString();
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

TEST(SaveResult, SaveAfterSaveAsOverwritesThatTargetWithoutAsking) {
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
    f.window.resultSaver()->setPathPrompt(
        [&](const QString&, const QStringList&, QString*, gpen::ui::SaveOptions*) {
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

TEST(SaveResult, SavingOverTheOriginalAsksAndNoKeepsIt) {
    gpen::test::uiApp();
    SaveFixture f;
    const QByteArray before = f.bytes(f.original);
    ASSERT_FALSE(before.isEmpty());
    f.window.resultSaver()->setPathPrompt([&](const QString&, const QStringList&, QString*,
                                              gpen::ui::SaveOptions*) { return f.original; });
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

TEST(SaveResult, ClosingAfterSavingDoesNotAsk) {
    gpen::test::uiApp();
    SaveFixture f;
    ASSERT_TRUE(saveAsJpeg(f, f.dir.filePath(QStringLiteral("saved.jpg")), 90));
    EXPECT_TRUE(f.window.close());
}

TEST(SaveResult, AFailedSaveNamesTheFile) {
    gpen::test::uiApp();
    SaveFixture f;
    const QString target = f.dir.filePath(QStringLiteral("no-such-folder/out.tif"));
    f.window.resultSaver()->setPathPrompt([&](const QString&, const QStringList&, QString*,
                                              gpen::ui::SaveOptions*) { return target; });
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

TEST(SaveResult, TheUnsavedMarkIsNeverElided) {
    gpen::test::uiApp();
    SaveFixture f;
    // A long name in a narrow list loses its middle: the end, "(unsaved)", stays readable.
    EXPECT_EQ(f.window.imageList()->textElideMode(), Qt::ElideMiddle);
    EXPECT_TRUE(f.window.imageList()->item(0)->text().endsWith(QStringLiteral("(unsaved)")));
    // A name of several words wraps at them in the narrow list instead of losing the middle of
    // one: its row is taller than a short name's, and no wider than the list.
    QListWidget* list = f.window.imageList();
    EXPECT_TRUE(list->wordWrap());
    QImage pixels(40, 30, QImage::Format_RGB888);
    pixels.fill(Qt::gray);
    f.window.session()->addImage(pixels, QStringLiteral("a.png"));
    f.window.session()->addImage(
        pixels, QStringLiteral("Grandma and Grandpa at the lake 1952.jpg (simulated damage)"));
    list->setFixedWidth(170);
    ASSERT_TRUE(QTest::qWaitFor([&] { return list->count() == 3; }, 5000));
    QCoreApplication::processEvents();
    const QRect shortRow = list->visualItemRect(list->item(1));
    const QRect longRow = list->visualItemRect(list->item(2));
    EXPECT_GT(longRow.height(), shortRow.height());
    EXPECT_LE(longRow.width(), list->viewport()->width());
}

TEST(SaveResult, SaveResultAsHasAShortcut) {
    gpen::test::uiApp();
    SaveFixture f;
    EXPECT_EQ(f.action("saveAsAction")->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+S")));
    QStringList asked;
    f.window.resultSaver()->setPathPrompt(
        [&](const QString& s, const QStringList&, QString*, gpen::ui::SaveOptions*) {
            asked << s;
            return QString();
        });
    f.window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&f.window));
    QTest::keyClick(&f.window, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(asked.size(), 1);
}

// Save All writes every unsaved result beside its original (NAME-restored.EXT) without a dialog.
TEST(SaveResult, SaveAllWritesEveryUnsavedResultBesideItsOriginal) {
    gpen::test::uiApp();
    SaveFixture f;
    const QString second = f.dir.filePath(QStringLiteral("second.png"));
    noise(80, 60, 3).save(second);
    ASSERT_TRUE(gpen::test::openAndWait(f.window, {second}));
    f.window.session()->setResult(1, noise(80, 60, 4));
    ASSERT_TRUE(f.action("saveAllAction")->isEnabled());
    ModalDriver<QMessageBox> unexpected(
        [](QMessageBox* box) { box->button(QMessageBox::Cancel)->click(); });
    f.action("saveAllAction")->trigger();
    EXPECT_FALSE(unexpected.seen());
    EXPECT_TRUE(QFileInfo::exists(f.dir.filePath(QStringLiteral("photo-restored.png"))));
    EXPECT_TRUE(QFileInfo::exists(f.dir.filePath(QStringLiteral("second-restored.png"))));
    EXPECT_FALSE(f.window.resultSaver()->hasUnsaved(0));
    EXPECT_FALSE(f.window.resultSaver()->hasUnsaved(1));
    EXPECT_FALSE(f.action("saveAllAction")->isEnabled());
}

// The encoder runs on a thread of its own: the window's event loop turns while the file is
// written (a timer posted when the write starts fires before it ends), and the status bar says
// which file is being saved.
TEST(SaveResult, TheWindowAnswersWhileAFileIsEncoded) {
    gpen::test::uiApp();
    SaveFixture f;
    // Large enough that the PNG encode takes a while on any machine.
    f.window.session()->setResult(0, noise(160, 120, 7).scaled(2400, 1800));
    const QString path = f.dir.filePath(QStringLiteral("large.png"));
    f.window.resultSaver()->setPathPrompt([path](const QString&, const QStringList&, QString*,
                                                 gpen::ui::SaveOptions*) { return path; });
    QStringList order;
    QObject::connect(f.window.resultSaver(), &gpen::ui::ResultSaver::busyChanged,
                     [&](bool busy, const QString& name) {
                         order << (busy ? QStringLiteral("start ") + name : QStringLiteral("end"));
                         if (busy)
                             QTimer::singleShot(0, [&] { order << QStringLiteral("event loop"); });
                     });
    f.action("saveAsAction")->trigger();
    EXPECT_EQ(order, QStringList({QStringLiteral("start large.png"), QStringLiteral("event loop"),
                                  QStringLiteral("end")}));
    EXPECT_EQ(QImage(path).size(), QSize(2400, 1800));
    EXPECT_FALSE(f.window.resultSaver()->busy());
    EXPECT_FALSE(f.window.resultSaver()->hasUnsaved(0));
}

// A result that changes while its file is written (a re-blend landing) is not marked as saved.
TEST(SaveResult, AResultChangedDuringTheWriteStaysUnsaved) {
    gpen::test::uiApp();
    SaveFixture f;
    const QString path = f.dir.filePath(QStringLiteral("changed.png"));
    f.window.resultSaver()->setPathPrompt([path](const QString&, const QStringList&, QString*,
                                                 gpen::ui::SaveOptions*) { return path; });
    QObject::connect(f.window.resultSaver(), &gpen::ui::ResultSaver::busyChanged,
                     [&](bool busy, const QString&) {
                         if (busy)
                             QTimer::singleShot(
                                 0, [&] { f.window.session()->setResult(0, noise(160, 120, 9)); });
                     });
    f.action("saveAsAction")->trigger();
    ASSERT_TRUE(QFileInfo::exists(path));
    EXPECT_TRUE(f.window.resultSaver()->hasUnsaved(0));
    EXPECT_TRUE(f.window.imageList()->item(0)->text().contains(QStringLiteral("unsaved")));
}

// One Save dialog: the file and its encoding together. The options follow the chosen type and a
// typed extension; accepting writes the file at the chosen quality, with no second dialog.
TEST(SaveResult, OneDialogChoosesTheFileAndItsEncoding) {
    gpen::test::uiApp();
    SaveFixture f;
    f.window.resultSaver()->setPathPrompt({});  // the default: the real dialog
    const QString path = f.dir.filePath(QStringLiteral("chosen.jpg"));
    bool checked = false;
    ModalDriver<gpen::ui::SaveDialog> driver([&](gpen::ui::SaveDialog* d) {
        // Suggested beside the original as PNG: compression shows, quality does not.
        EXPECT_EQ(d->optionsFormat(), QStringLiteral("png"));
        EXPECT_FALSE(d->qualityBox()->isVisibleTo(d));
        EXPECT_TRUE(d->compressionBox()->isVisibleTo(d));
        for (const QString& filter : d->nameFilters()) {
            if (filter.startsWith(QStringLiteral("JPEG"))) {
                d->selectNameFilter(filter);
                Q_EMIT d->filterSelected(filter);
            }
        }
        EXPECT_TRUE(d->qualityBox()->isVisibleTo(d));
        EXPECT_FALSE(d->compressionBox()->isVisibleTo(d));
        d->qualityBox()->setValue(20);
        d->selectFile(path);
        checked = true;
        static_cast<QDialog*>(d)->accept();  // Save, as its button does
    });
    f.action("saveAsAction")->trigger();
    ASSERT_TRUE(checked);
    ASSERT_TRUE(QFileInfo::exists(path));
    EXPECT_EQ(gpen::ui::SaveOptions::load().quality, 20);
    EXPECT_EQ(f.window.resultSaver()->target(0), path);
    // No other dialog was shown after it.
    EXPECT_EQ(QApplication::activeModalWidget(), nullptr);
}

TEST(SaveResult, TheSaveDialogOptionsFollowATypedExtension) {
    gpen::test::uiApp();
    gpen::ui::SaveDialog d(QStringLiteral("/tmp/x.png"),
                           {QStringLiteral("PNG (*.png)"), QStringLiteral("WebP (*.webp)"),
                            QStringLiteral("TIFF (*.tif *.tiff)")},
                           QStringLiteral("PNG (*.png)"), {});
    EXPECT_EQ(d.optionsFormat(), QStringLiteral("png"));
    auto* name = d.findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
    ASSERT_NE(name, nullptr);
    name->setText(QStringLiteral("x.webp"));
    EXPECT_EQ(d.optionsFormat(), QStringLiteral("webp"));
    EXPECT_TRUE(d.qualityBox()->isVisibleTo(&d));
    name->setText(QStringLiteral("x.tif"));
    EXPECT_FALSE(d.qualityBox()->isVisibleTo(&d));
    EXPECT_FALSE(d.compressionBox()->isVisibleTo(&d));
    EXPECT_EQ(gpen::ui::SaveDialog::suffixOfFilter(QStringLiteral("JPEG (*.jpg *.jpeg)")),
              QStringLiteral("jpg"));
}

}  // namespace
