#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QStatusBar>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <gtest/gtest.h>

#include "support/fixtures.h"
#include "ui/comparison_view.h"
#include "ui/image_session.h"
#include "ui/main_window.h"
#include "ui_test_app.h"

namespace {

using gpen::ui::MainWindow;

QString solvayPath() {
    return QString::fromStdString((gpen::test::sampleImagesDir() / "Solvay_conference_1927.png").string());
}

void drop(QWidget* target, const QStringList& paths) {
    QMimeData mime;
    QList<QUrl> urls;
    for (const auto& p : paths) {
        urls << QUrl::fromLocalFile(p);
    }
    mime.setUrls(urls);
    const QPointF pos(target->width() / 2.0, target->height() / 2.0);
    QDragEnterEvent enter(pos.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    ASSERT_TRUE(enter.isAccepted());
    QDropEvent dropEvent(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &dropEvent);
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
    drop(&window, {solvayPath()});
    ASSERT_EQ(added.count(), 1);
    EXPECT_EQ(window.imageList()->count(), 1);
    EXPECT_EQ(window.currentIndex(), 0);
    EXPECT_EQ(window.session()->entry(0).original.size(), QSize(1328, 568));
    // Dropping the same photo again selects it instead of opening a copy.
    drop(&window, {solvayPath()});
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
    drop(&window, {dir.path()});
    EXPECT_EQ(window.imageList()->count(), 2);
    // The broken file is named in the status bar; the good ones opened regardless.
    bool named = false;
    for (const QLabel* label : window.statusBar()->findChildren<QLabel*>()) {
        named = named || label->text().contains(QStringLiteral("broken.png"));
    }
    EXPECT_TRUE(named);
    const QStringList problems = window.session()->open({dir.filePath(QStringLiteral("broken.png"))});
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems.front().contains(QStringLiteral("broken.png")));
}

}  // namespace
