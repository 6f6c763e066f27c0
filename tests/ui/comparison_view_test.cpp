// SPDX-License-Identifier: Apache-2.0
#include <cstdlib>
#include <limits>
#include <memory>

#include <QHelpEvent>
#include <QLabel>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <QToolTip>

#include <gtest/gtest.h>

#include "ui/photos/comparison_view.h"
#include "ui_test_app.h"

namespace {

using gpen::ui::ComparisonView;
using gpen::ui::ImageCanvas;

QImage solid(QColor c) {
    QImage img(400, 300, QImage::Format_RGB32);
    img.fill(c);
    return img;
}

class ComparisonViewTest : public ::testing::Test {
  protected:
    void SetUp() override {
        gpen::test::uiApp();
        m_view = std::make_unique<ComparisonView>();
        m_view->resize(800, 600);
        m_view->setImages(solid(Qt::black), solid(Qt::white));
        m_view->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(m_view.get()));
    }
    std::unique_ptr<ComparisonView> m_view;
};

TEST_F(ComparisonViewTest, DividerFollowsTheMouse) {
    ImageCanvas* canvas = m_view->primaryCanvas();
    QSignalSpy moved(canvas, &ImageCanvas::dividerMoved);
    const int y = canvas->height() / 2;
    const int startX = static_cast<int>(canvas->divider() * canvas->width());
    QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, QPoint(startX, y));
    QTest::mouseMove(canvas, QPoint(canvas->width() / 4, y));
    QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, QPoint(canvas->width() / 4, y));
    ASSERT_GE(moved.count(), 1);
    EXPECT_NEAR(canvas->divider(), 0.25, 0.01);
    // Left of the divider is the original (black), right of it the result (white).
    const QImage shot = canvas->grab().toImage();
    EXPECT_EQ(shot.pixelColor(canvas->width() / 8, y), QColor(Qt::black));
    EXPECT_EQ(shot.pixelColor(canvas->width() * 3 / 4, y), QColor(Qt::white));
}

TEST_F(ComparisonViewTest, DividerMovesWithTheKeyboard) {
    ImageCanvas* canvas = m_view->primaryCanvas();
    canvas->setFocus();
    const double before = canvas->divider();
    QTest::keyClick(canvas, Qt::Key_Right);
    EXPECT_GT(canvas->divider(), before);
    QTest::keyClick(canvas, Qt::Key_Home);
    EXPECT_DOUBLE_EQ(canvas->divider(), 0.0);
}

TEST_F(ComparisonViewTest, SideBySidePanesZoomAndPanInStep) {
    m_view->setMode(ComparisonView::Mode::SideBySide);
    ImageCanvas* left = m_view->primaryCanvas();
    ImageCanvas* right = m_view->secondaryCanvas();
    ASSERT_TRUE(right->isVisible());
    QSignalSpy changed(m_view->zoomState(), &gpen::ui::ZoomState::changed);
    const QPointF anchor(left->width() / 3.0, left->height() / 3.0);
    const QPointF imagePointUnderCursor = left->toImage(anchor);
    QWheelEvent wheel(anchor, left->mapToGlobal(anchor), QPoint(), QPoint(0, 240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(left, &wheel);
    ASSERT_GE(changed.count(), 1);
    // Zoomed around the cursor: the same image point is still under it.
    EXPECT_NEAR(left->toImage(anchor).x(), imagePointUnderCursor.x(), 1e-6);
    EXPECT_NEAR(left->toImage(anchor).y(), imagePointUnderCursor.y(), 1e-6);
    // Both panes show the same image point at the same place.
    EXPECT_EQ(left->toImage(QPointF(10, 10)), right->toImage(QPointF(10, 10)));
    // Panning one pans the other.
    QTest::mousePress(right, Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
    QTest::mouseMove(right, QPoint(150, 120));
    QTest::mouseRelease(right, Qt::LeftButton, Qt::NoModifier, QPoint(150, 120));
    EXPECT_EQ(left->toImage(QPointF(10, 10)), right->toImage(QPointF(10, 10)));
}

TEST_F(ComparisonViewTest, ToggleShowsTheOriginalWhileHeld) {
    m_view->setMode(ComparisonView::Mode::Toggle);
    ImageCanvas* canvas = m_view->primaryCanvas();
    const QPoint centre(canvas->width() / 2, canvas->height() / 2);
    EXPECT_EQ(canvas->grab().toImage().pixelColor(centre), QColor(Qt::white));
    QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, centre);
    EXPECT_TRUE(canvas->showingOriginal());
    EXPECT_EQ(canvas->grab().toImage().pixelColor(centre), QColor(Qt::black));
    QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, centre);
    EXPECT_FALSE(canvas->showingOriginal());
}

TEST_F(ComparisonViewTest, ShowsTheZoomWithFitAndActualSizeButtons) {
    const double fitted = m_view->zoomState()->zoom();
    EXPECT_EQ(m_view->zoomLabel()->text(), QStringLiteral("%1 %").arg(qRound(fitted * 100)));
    EXPECT_FALSE(m_view->fitButton()->isEnabled());  // already fitted
    m_view->actualSizeButton()->click();
    EXPECT_DOUBLE_EQ(m_view->zoomState()->zoom(), 1.0);
    EXPECT_EQ(m_view->zoomLabel()->text(), QStringLiteral("100 %"));
    EXPECT_TRUE(m_view->fitButton()->isEnabled());
    m_view->fitButton()->click();
    EXPECT_DOUBLE_EQ(m_view->zoomState()->zoom(), fitted);
    EXPECT_TRUE(m_view->zoomState()->fitMode());
}

TEST_F(ComparisonViewTest, BeforeAndAfterAreLabelledInSplitAndToggle) {
    ImageCanvas* canvas = m_view->primaryCanvas();
    // Just inside each label's top edge, over the photo: the label's dark backing dims the
    // white result there.
    const QPoint afterLabel(canvas->width() - 30, 9);
    const QPoint beforeLabel(30, 9);
    ASSERT_EQ(canvas->grab().toImage().pixelColor(canvas->width() - 30, 60), QColor(Qt::white));
    EXPECT_LT(canvas->grab().toImage().pixelColor(afterLabel).lightness(), 200);
    m_view->setMode(ComparisonView::Mode::Toggle);
    EXPECT_LT(canvas->grab().toImage().pixelColor(beforeLabel).lightness(),
              200);  // "After" over white
    // Nothing restored yet: no labels.
    m_view->setImages(solid(Qt::white), QImage());
    EXPECT_EQ(canvas->grab().toImage().pixelColor(beforeLabel), QColor(Qt::white));
}

TEST_F(ComparisonViewTest, AClickOnAFaceBoxSelectsThatFace) {
    ImageCanvas* canvas = m_view->primaryCanvas();
    m_view->setFaceBoxes({QRect(40, 40, 60, 60), QRect(260, 100, 80, 80)});
    QSignalSpy clicked(m_view.get(), &ComparisonView::faceClicked);
    const QPoint onSecond = canvas->toView(QPointF(300, 140)).toPoint();
    QTest::mouseClick(canvas, Qt::LeftButton, Qt::NoModifier, onSecond);
    ASSERT_EQ(clicked.count(), 1);
    EXPECT_EQ(clicked.at(0).at(0).toInt(), 1);
    // The selected box is drawn in the highlight colour.
    const QPoint edge = canvas->toView(QPointF(260, 140)).toPoint();
    EXPECT_EQ(canvas->grab().toImage().pixelColor(edge),
              canvas->palette().color(QPalette::Highlight));
    // A drag that starts on a box pans; it selects nothing.
    QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, onSecond);
    QTest::mouseMove(canvas, onSecond + QPoint(40, 30));
    QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, onSecond + QPoint(40, 30));
    EXPECT_EQ(clicked.count(), 1);
    // Off every box: nothing.
    QTest::mouseClick(canvas, Qt::LeftButton, Qt::NoModifier,
                      canvas->toView(QPointF(200, 280)).toPoint());
    EXPECT_EQ(clicked.count(), 1);
}

// A scored face's number on the photo says what it is: labelled where the box is wide enough, and
// hovering the box tells the band and what to do about it.
TEST_F(ComparisonViewTest, HoveringAScoredFaceBoxSaysWhatItsNumberMeans) {
    ImageCanvas* canvas = m_view->primaryCanvas();
    m_view->setFaceBoxes({QRect(40, 40, 60, 60), QRect(200, 60, 180, 180)});
    m_view->setFaceScores({0.12, std::numeric_limits<double>::quiet_NaN()});
    const auto hover = [canvas](QPointF imagePoint) {
        const QPoint at = canvas->toView(imagePoint).toPoint();
        QHelpEvent help(QEvent::ToolTip, at, canvas->mapToGlobal(at));
        QCoreApplication::sendEvent(canvas, &help);
        return QToolTip::isVisible() ? QToolTip::text() : QString();
    };
    const QString tip = hover(QPointF(70, 70));
    EXPECT_TRUE(tip.startsWith(QStringLiteral("Changed: identity score 0.12")))
        << tip.toStdString();
    // The tip fades out (Qt hides it after a short delay).
    const auto hidden = [] { return QTest::qWaitFor([] { return !QToolTip::isVisible(); }, 5000); };
    hover(QPointF(290, 150));
    EXPECT_TRUE(hidden()) << "an unscored face has nothing to explain";
    EXPECT_FALSE(hover(QPointF(70, 70)).isEmpty());
    hover(QPointF(150, 280));
    EXPECT_TRUE(hidden()) << "off every box";
}

TEST(ComparisonView, TheEmptyHintHasNoDividerOverIt) {
    gpen::test::uiApp();
    ComparisonView view;
    view.resize(800, 600);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ImageCanvas* canvas = view.primaryCanvas();
    const QImage shot = canvas->grab().toImage();
    const QColor highlight = canvas->palette().color(QPalette::Highlight);
    for (int y = 0; y < shot.height(); y += 7) {
        ASSERT_NE(shot.pixelColor(canvas->width() / 2, y), highlight) << "divider drawn at y " << y;
    }
}

}  // namespace

namespace {

// A photo with one marked square at `square` (in its own pixels) on a plain ground.
QImage markedPhoto(QSize size, QRect square, QColor ground, QColor mark) {
    QImage img(size, QImage::Format_RGB32);
    img.fill(ground);
    QPainter(&img).fillRect(square, mark);
    return img;
}

// Where `mark` shows in the canvas as painted now (the bounding box of the pixels close to it).
QRect shownAt(ImageCanvas* canvas, QColor mark) {
    const QImage shot = canvas->grab().toImage();
    QRect box;
    for (int y = 0; y < shot.height(); ++y) {
        for (int x = 0; x < shot.width(); ++x) {
            const QColor c = shot.pixelColor(x, y);
            if (std::abs(c.red() - mark.red()) + std::abs(c.green() - mark.green()) +
                    std::abs(c.blue() - mark.blue()) <
                60) {
                box |= QRect(x, y, 1, 1);
            }
        }
    }
    return box;
}

void expectSamePlace(const QRect& a, const QRect& b) {
    ASSERT_FALSE(a.isEmpty());
    ASSERT_FALSE(b.isEmpty());
    // Smoothing blurs an edge by a pixel at most.
    EXPECT_LE(std::abs(a.left() - b.left()), 2) << a.left() << " vs " << b.left();
    EXPECT_LE(std::abs(a.top() - b.top()), 2) << a.top() << " vs " << b.top();
    EXPECT_LE(std::abs(a.right() - b.right()), 2) << a.right() << " vs " << b.right();
    EXPECT_LE(std::abs(a.bottom() - b.bottom()), 2) << a.bottom() << " vs " << b.bottom();
}

// A large photo fitted in a small view is drawn from a shrunk copy (a smooth scale of 12 MP at
// every paint held the GUI thread): what shows is the photo, as a direct smooth scale shows it.
TEST(ComparisonView, ALargePhotoFittedLooksAsADirectScaleDoes) {
    gpen::test::uiApp();
    QImage photo(4000, 3000, QImage::Format_RGB32);
    for (int y = 0; y < photo.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(photo.scanLine(y));
        for (int x = 0; x < photo.width(); ++x)
            line[x] = qRgb(x * 255 / 4000, y * 255 / 3000, (x / 500 + y / 500) % 2 ? 220 : 30);
    }
    ComparisonView view;
    view.resize(420, 340);
    view.setImages(photo, photo);
    view.setMode(ComparisonView::Mode::Toggle);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    view.zoomToFit();
    ImageCanvas* canvas = view.primaryCanvas();
    const QImage shown = canvas->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const double zoom = view.zoomState()->zoom();
    ASSERT_LT(zoom, 0.2);
    const QImage direct = photo.scaled(QSize(qRound(4000 * zoom), qRound(3000 * zoom)),
                                       Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    // Compare the middle of the picture (away from its edges and the labels).
    const QPoint origin((canvas->width() - direct.width()) / 2,
                        (canvas->height() - direct.height()) / 2);
    double sum = 0;
    int n = 0;
    for (int y = direct.height() / 4; y < direct.height() * 3 / 4; ++y) {
        for (int x = direct.width() / 4; x < direct.width() * 3 / 4; ++x) {
            const QRgb a = shown.pixel(origin + QPoint(x, y));
            const QRgb b = direct.pixel(x, y);
            sum += std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
                   std::abs(qBlue(a) - qBlue(b));
            n += 3;
        }
    }
    EXPECT_LT(sum / n,
              6.0);  // mean difference per channel, of 255 (the checker's edges differ most)
}

}  // namespace

// An x2 result beside its 1x original: the original is drawn over the result's area, so that
// the same photo point is at the same place before and after, in every mode and at any zoom.
TEST(ComparisonView, AnUpscaledResultAndItsOriginalLineUpInEveryMode) {
    gpen::test::uiApp();
    ComparisonView view;
    view.resize(900, 600);
    const QColor beforeMark(0, 200, 0), afterMark(0, 0, 220);
    view.setImages(markedPhoto({200, 150}, {120, 30, 40, 50}, Qt::black, beforeMark),
                   markedPhoto({400, 300}, {240, 60, 80, 100}, Qt::white, afterMark));
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ImageCanvas* canvas = view.primaryCanvas();
    for (const bool zoomed : {false, true}) {
        SCOPED_TRACE(zoomed ? "zoomed in" : "fitted");
        if (zoomed) view.zoomState()->zoomAround(2.5 * view.zoomState()->zoom(), QPointF(40, 10));
        // Split: the divider at the right edge shows all of the original, at the left all of the
        // result.
        view.setMode(ComparisonView::Mode::Split);
        canvas->setFocus();
        QTest::keyClick(canvas, Qt::Key_End);
        const QRect splitBefore = shownAt(canvas, beforeMark);
        QTest::keyClick(canvas, Qt::Key_Home);
        const QRect splitAfter = shownAt(canvas, afterMark);
        expectSamePlace(splitBefore, splitAfter);
        // Toggle: the original while the space bar is held.
        view.setMode(ComparisonView::Mode::Toggle);
        const QRect toggleAfter = shownAt(canvas, afterMark);
        QTest::keyPress(canvas, Qt::Key_Space);
        ASSERT_TRUE(canvas->showingOriginal());
        const QRect toggleBefore = shownAt(canvas, beforeMark);
        QTest::keyRelease(canvas, Qt::Key_Space);
        expectSamePlace(toggleBefore, toggleAfter);
        expectSamePlace(toggleAfter, splitAfter);
        // Side by side: each pane at the same place within the pane.
        view.setMode(ComparisonView::Mode::SideBySide);
        expectSamePlace(shownAt(canvas, beforeMark), shownAt(view.secondaryCanvas(), afterMark));
    }
}
