// SPDX-License-Identifier: Apache-2.0
// The face strip: reading order, thumbnails at the chosen strength, and a click on a card that
// shows the face on the photo.

#include <QCheckBox>
#include <QLabel>
#include <QLayout>
#include <QListWidget>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "open_photos.h"
#include "temp_settings.h"
#include "ui/main_window.h"
#include "ui/photos/comparison_view.h"
#include "ui/photos/face_strip.h"
#include "ui/photos/image_session.h"
#include "ui/photos/zoom_state.h"
#include "ui_test_app.h"

namespace {

using gpen::ui::FaceStrip;
using gpen::ui::RestoredFaceView;

QImage solid(QColor colour) {
    QImage image(64, 64, QImage::Format_RGB32);
    image.fill(colour);
    return image;
}

RestoredFaceView face(QRect box, QColor before = Qt::black, QColor after = Qt::white) {
    RestoredFaceView f;
    f.box = box;
    f.before = solid(before);
    f.after = solid(after);
    return f;
}

// The engine's order is the detector's (by score); the strip reads like the photo: the back row
// first, each row from the left. A face a little lower in the same row stays in it.
TEST(FaceStrip, CardsAreInReadingOrderAndNumberedSo) {
    gpen::test::uiApp();
    FaceStrip strip;
    strip.setFaces({face({300, 210, 60, 60}), face({10, 200, 60, 60}), face({150, 20, 60, 60}),
                    face({160, 225, 60, 60})},
                   1.0);
    EXPECT_EQ(strip.readingOrder(), QList<int>({2, 1, 3, 0}));
    EXPECT_EQ(strip.acceptBox(2)->text(), QStringLiteral("Face 1"));
    EXPECT_EQ(strip.acceptBox(1)->text(), QStringLiteral("Face 2"));
    EXPECT_EQ(strip.acceptBox(0)->text(), QStringLiteral("Face 4"));
    const auto position = [&](int f) {
        return strip.layout()->indexOf(strip.acceptBox(f)->parentWidget());
    };
    EXPECT_LT(position(2), position(1));
    EXPECT_LT(position(1), position(3));
    EXPECT_LT(position(3), position(0));
    // The engine's indices stay: strengths are per engine face.
    strip.slider(0)->setValue(30);
    EXPECT_DOUBLE_EQ(strip.strengths().at(0), 0.3);
}

// The "after" thumbnail is the face as the photo will show it: GPEN's output over the original
// crop at the slider's strength, the original alone when the face is not accepted.
TEST(FaceStrip, TheAfterThumbnailFollowsTheSlider) {
    gpen::test::uiApp();
    FaceStrip strip;
    strip.setFaces({face({0, 0, 60, 60})}, 1.0);
    const auto shownGray = [&] {
        const QImage shown = strip.afterThumbnail(0)->pixmap().toImage();
        return qGray(shown.pixel(shown.width() / 2, shown.height() / 2));
    };
    EXPECT_EQ(shownGray(), 255);
    strip.slider(0)->setValue(50);
    EXPECT_NEAR(shownGray(), 128, 2);
    strip.slider(0)->setValue(0);
    EXPECT_EQ(shownGray(), 0);
    strip.slider(0)->setValue(100);
    strip.acceptBox(0)->setChecked(false);
    EXPECT_EQ(shownGray(), 0);
}

// A click on a card brings that face to the middle of the photo, zoomed in to be seen.
TEST(FaceStrip, AClickOnACardShowsThatFaceOnThePhoto) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    QTemporaryDir dir;
    const QString photo = dir.filePath(QStringLiteral("group.png"));
    QImage image(3000, 2000, QImage::Format_RGB32);
    image.fill(Qt::darkGray);
    ASSERT_TRUE(image.save(photo));
    const QString other = dir.filePath(QStringLiteral("other.png"));
    ASSERT_TRUE(solid(Qt::gray).save(other));
    gpen::ui::MainWindow window;
    window.resize(1000, 700);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(gpen::test::openAndWait(window, {other, photo}));
    // The group photo's restore, as the engine's answer leaves it; then it comes into view.
    window.imageList()->setCurrentRow(0);
    window.session()->setFaces(1, {face({200, 150, 80, 80}), face({2500, 1600, 90, 90})}, 1.0);
    window.session()->setResult(1, image);
    window.imageList()->setCurrentRow(1);
    FaceStrip* strip = window.faceStrip();
    ASSERT_EQ(strip->faceCount(), 2);
    gpen::ui::ZoomState* zoom = window.comparisonView()->zoomState();
    const double fitted = zoom->zoom();
    QSignalSpy activated(strip, &FaceStrip::faceActivated);
    // The card's "before" thumbnail: the first label in face 1's card (engine index 1).
    QWidget* card = strip->acceptBox(1)->parentWidget();
    QLabel* thumbnail = card->findChildren<QLabel*>().value(0);
    ASSERT_NE(thumbnail, nullptr);
    QTest::mouseClick(thumbnail, Qt::LeftButton);
    ASSERT_EQ(activated.count(), 1);
    EXPECT_EQ(activated.at(0).at(0).toInt(), 1);
    EXPECT_EQ(strip->selectedFace(), 1);
    EXPECT_EQ(zoom->center(), QPointF(2545, 1645));
    EXPECT_GT(zoom->zoom(), fitted);
    EXPECT_FALSE(zoom->fitMode());
}

}  // namespace
