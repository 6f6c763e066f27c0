// SPDX-License-Identifier: Apache-2.0
// The window on small and scaled screens, and its layout across launches. Run by CTest three
// times: on the offscreen platform's default screen, on a 1024 x 700 screen, and on a
// 1920 x 1080 screen at QT_SCALE_FACTOR=2 (tests/ui/CMakeLists.txt).

#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <thread>

#include <gtest/gtest.h>

#include "gpen/base/log.h"
#include "temp_settings.h"
#include "ui/main_window.h"
#include "ui/models/model_status_indicator.h"
#include "ui/photos/face_strip.h"
#include "ui/photos/image_session.h"
#include "ui_test_app.h"

namespace {

using gpen::ui::MainWindow;

gpen::ModelStatus status(const char* id, gpen::ModelState state) {
    gpen::ModelStatus s;
    s.id = id;
    s.state = state;
    return s;
}

// What a user sees after launch, shown: a photo open, every model of a full preload reported.
class PopulatedWindow : public ::testing::Test {
  protected:
    void SetUp() override {
        gpen::test::uiApp();
        gpen::test::useTemporarySettings();
        populate();
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    }
    void populate();
    MainWindow window;
};

void PopulatedWindow::populate() {
    QImage photo(1600, 1000, QImage::Format_RGB32);
    photo.fill(QColor(120, 90, 60));
    window.session()->addImage(
        photo, QStringLiteral("a photo with a rather long file name from an old archive.png"));
    const QStringList preload = {QStringLiteral("GPEN-BFR-512"), QStringLiteral("RetinaFace-R50"),
                                 QStringLiteral("ParseNet-latest"), QStringLiteral("dlib")};
    window.modelStatusIndicator()->setAlwaysShown(preload);
    for (const char* id : {"GPEN-BFR-512", "RetinaFace-R50", "ParseNet-latest", "dlib"}) {
        window.modelStatusIndicator()->updateStatus(status(id, gpen::ModelState::Ready));
    }
    window.modelStatusIndicator()->updateStatus(status("realesrnet_x4", gpen::ModelState::Loading));
}

TEST_F(PopulatedWindow, FitsTheAvailableScreenWithNothingCut) {
    const QRect avail = window.screen()->availableGeometry();
    std::printf("screen %dx%d (available), device pixel ratio %.1f, window %dx%d\n", avail.width(),
                avail.height(), window.devicePixelRatioF(), window.frameGeometry().width(),
                window.frameGeometry().height());
    EXPECT_TRUE(avail.contains(window.frameGeometry()))
        << "window " << window.frameGeometry().x() << "," << window.frameGeometry().y() << " "
        << window.frameGeometry().width() << "x" << window.frameGeometry().height() << " on a "
        << avail.x() << "," << avail.y() << " " << avail.width() << "x" << avail.height()
        << " screen";
    const QSize least = window.minimumSizeHint();
    EXPECT_LE(least.width(), avail.width());
    EXPECT_LE(least.height(), avail.height());
    // The model indicator is one compact button with room for its whole summary.
    const auto* indicator = window.modelStatusIndicator();
    EXPECT_TRUE(indicator->isVisible());
    EXPECT_GE(indicator->width(), indicator->sizeHint().width())
        << indicator->summary().toStdString();
    EXPECT_TRUE(window.statusBar()->rect().contains(indicator->geometry()));
    EXPECT_GE(indicator->mapTo(&window, QPoint(indicator->width(), 0)).x(), 0);
    EXPECT_LE(indicator->mapTo(&window, QPoint(indicator->width(), 0)).x(), window.width());
    // A long photo name fits its list row (elided in the middle): nothing to scroll sideways.
    const QListWidget* list = window.imageList();
    EXPECT_LE(list->visualItemRect(list->item(0)).right(), list->viewport()->width());
}

TEST_F(PopulatedWindow, ThumbnailsAreRenderedAtTheScreensPixelRatio) {
    const qreal dpr = window.devicePixelRatioF();
    const QIcon icon = window.imageList()->item(0)->icon();
    const QPixmap listThumb = icon.pixmap(window.imageList()->iconSize(), dpr);
    EXPECT_DOUBLE_EQ(listThumb.devicePixelRatio(), dpr);
    EXPECT_EQ(listThumb.width(), qRound(64 * dpr));  // 1600 x 1000 fitted into 64 logical px

    QImage face(256, 256, QImage::Format_RGB32);
    face.fill(Qt::gray);
    window.faceStrip()->setFaces({{QRect(0, 0, 10, 10), face, face}}, 1.0);
    const QList<QLabel*> labels = window.faceStrip()->findChildren<QLabel*>();
    int thumbs = 0;
    for (const QLabel* l : labels) {
        const QPixmap p = l->pixmap();
        if (p.isNull()) continue;
        ++thumbs;
        EXPECT_DOUBLE_EQ(p.devicePixelRatio(), dpr);
        EXPECT_EQ(p.width(), qRound(72 * dpr));
    }
    EXPECT_EQ(thumbs, 2);  // before and after
}

// Every face card shows its thumbnails, its identity mark, its accept box and its strength slider
// whole, at the Faces panel's first-run height and at its least: a badge never pushes the controls
// out of sight, and no control grows into a block when the panel is taller.
TEST_F(PopulatedWindow, EveryFaceCardsControlsAreInViewAtTheDefaultAndLeastPanelHeights) {
    QImage face(256, 256, QImage::Format_RGB32);
    face.fill(Qt::gray);
    QList<gpen::ui::RestoredFaceView> faces;
    for (int i = 0; i < 3; ++i) {
        gpen::ui::RestoredFaceView f{QRect(100 * i, 0, 50, 50), face, face};
        f.identity = 0.1 + 0.4 * i;  // changed, check, same person: badges of each band
        faces << f;
    }
    gpen::ui::FaceStrip* strip = window.faceStrip();
    strip->setFaces(faces, 1.0);
    QDockWidget* dock = window.facesDock();
    auto* scroll = qobject_cast<QScrollArea*>(dock->widget());
    ASSERT_NE(scroll, nullptr);
    const auto expectInView = [&](const char* when) {
        QCoreApplication::processEvents();
        const QRect viewport = scroll->viewport()->rect();
        const QWidget* first = strip->acceptBox(0)->parentWidget();
        for (const QWidget* w : {static_cast<const QWidget*>(strip->acceptBox(0)),
                                 static_cast<const QWidget*>(strip->slider(0)),
                                 static_cast<const QWidget*>(strip->identityBadge(0)),
                                 static_cast<const QWidget*>(strip->afterThumbnail(0))}) {
            ASSERT_TRUE(w->isVisible()) << when;
            const QRect r(w->mapTo(scroll->viewport(), QPoint(0, 0)), w->size());
            EXPECT_GE(r.top(), viewport.top()) << when << ": " << w->metaObject()->className();
            EXPECT_LE(r.bottom(), viewport.bottom())
                << when << ": " << w->metaObject()->className() << " at " << r.top() << ".."
                << r.bottom() << " in a viewport of " << viewport.height() << " px";
        }
        // The mark stays a mark: about a line high, never a block.
        EXPECT_LE(strip->identityBadge(0)->height(), 2 * strip->fontMetrics().height()) << when;
        EXPECT_LE(strip->identityBadge(0)->width(), first->width() / 2) << when;
    };
    expectInView("at the first-run height");
    window.resizeDocks({dock}, {dock->minimumSizeHint().height()}, Qt::Vertical);
    expectInView("at the least height");
    window.resizeDocks({dock}, {window.height() / 2}, Qt::Vertical);
    expectInView("at half the window's height");
}

TEST(WindowLayout, SizeAndPanelsAreRestoredAfterARestart) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    const QSize chosen = QSize(640, 480).boundedTo(
        QGuiApplication::primaryScreen()->availableSize() - QSize(40, 60));
    {
        MainWindow window;
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.resize(chosen);
        window.facesDock()->close();
        window.addDockWidget(Qt::RightDockWidgetArea, window.photosDock());
        ASSERT_TRUE(QTest::qWaitFor([&] { return window.size() == chosen; }, 5000));
        ASSERT_TRUE(window.close());
    }
    MainWindow again;
    again.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&again));
    EXPECT_EQ(again.size(), chosen);
    EXPECT_TRUE(again.facesDock()->isHidden());
    EXPECT_EQ(again.dockWidgetArea(again.photosDock()), Qt::RightDockWidgetArea);
    EXPECT_FALSE(again.restoreDock()->isHidden());

    // View → Panels brings the closed panel back.
    auto* panels = again.menuBar()->findChild<QMenu*>(QStringLiteral("panelsMenu"));
    ASSERT_NE(panels, nullptr);
    QAction* faces = nullptr;
    for (QAction* a : panels->actions()) {
        if (a == again.facesDock()->toggleViewAction()) faces = a;
    }
    ASSERT_NE(faces, nullptr);
    EXPECT_FALSE(faces->isChecked());
    faces->trigger();
    EXPECT_FALSE(again.facesDock()->isHidden());
}

TEST(WindowLayout, CoresNotesReachTheStatusBar) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    MainWindow window;
    window.show();
    // As the encoder does from whichever thread saves: a warning the user must see.
    std::thread([] {
        gpen::log(gpen::LogLevel::Warning, "photo.jpg: metadata not copied (exiv2: bad IFD)");
    }).join();
    const auto shown = [&window] {
        for (const QLabel* l : window.statusBar()->findChildren<QLabel*>()) {
            if (l->text().contains(QStringLiteral("metadata not copied"))) return true;
        }
        return false;
    };
    EXPECT_TRUE(QTest::qWaitFor(shown, 5000));
}

}  // namespace
