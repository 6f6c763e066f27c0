// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QImage>
#include <QPointer>
#include <QWidget>

#include "ui/photos/zoom_state.h"

namespace gpen::ui {

class StrokeBrush;

// Paints a before/after pair under a shared ZoomState, both over the result's pixel area (an
// original smaller than an upscaled result is stretched to it for display). GUI thread only.
//  Split:  the result, with the original to the left of a draggable divider (mouse or
//          Left/Right keys; Home/End jump to the edges).
//  Toggle: the result; the original while the mouse button or the space bar is held down.
//  Before / After: one of the two (the panes of the side-by-side mode).
// Wheel zooms around the cursor, dragging pans, double-click toggles fit / 100 %. "Before" and
// "After" labels name what each side shows; the restored faces' boxes are drawn on the photo
// (result coordinates) and a click on one emits faceClicked.
class ImageCanvas : public QWidget {
    Q_OBJECT
  public:
    enum class Mode { Split, Toggle, Before, After };

    ImageCanvas(ZoomState* zoom, QWidget* parent = nullptr);

    void setImages(const QImage& before, const QImage& after);
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    double divider() const { return m_divider; }  // 0..1 of the width
    void setDivider(double fraction);
    bool showingOriginal() const;  // what Toggle currently shows
    // Whether this pane's size decides the fitted zoom (one pane of a shared ZoomState).
    void setDrivesFit(bool drives) { m_drivesFit = drives; }
    // Face boxes in the result's pixel coordinates (empty: none); `selected` is highlighted.
    void setFaceBoxes(const QList<QRect>& boxes);
    void setSelectedFace(int face);
    void setFaceBoxesVisible(bool visible);
    // Each face's identity score (NaN: not scored), drawn under its box on the result.
    void setFaceScores(const QList<double>& scores);
    // The face whose box holds view point `pos`, or -1.
    int faceAt(const QPointF& viewPos) const;
    // Painting (the damage brush, the map editor's class brush): the left button paints `brush`'s
    // image (its overlay drawn over the photo), the right button pans. Null: the usual pan and
    // divider.
    void setBrush(StrokeBrush* brush);
    // Where the repair filled, tinted over the result wherever the result is shown (an ARGB
    // image of the photo's size, stretched as the original is; null: none).
    void setRepairOverlay(const QImage& overlay);
    const QImage& repairOverlay() const { return m_repairOverlay; }
    // What the two images are called on the canvas (empty: "Before" and "After").
    void setLabels(const QString& before, const QString& after);

    // The widget position where image point `p` is drawn, and back.
    QPointF toView(const QPointF& p) const;
    QPointF toImage(const QPointF& viewPos) const;

  Q_SIGNALS:
    void dividerMoved(double fraction);
    void faceClicked(int face);

  protected:
    bool event(QEvent* event) override;  // a face box's tooltip: its identity score's meaning
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;

  private:
    bool nearDivider(const QPointF& pos) const;
    // `reduced`: drawn from a cached copy halved as often as the zoom allows (see m_levels).
    void drawImage(QPainter& painter, const QImage& image, bool reduced = true) const;
    const QImage& levelFor(const QImage& image) const;
    void drawFaceBoxes(QPainter& painter) const;
    void drawLabel(QPainter& painter, const QString& text, Qt::Alignment side) const;

    ZoomState* m_zoom;  // owned by the ComparisonView, which outlives its canvases
    QImage m_before;
    QImage m_after;
    Mode m_mode = Mode::Split;
    double m_divider = 0.5;
    bool m_draggingDivider = false;
    bool m_panning = false;
    bool m_holdingOriginal = false;
    bool m_drivesFit = true;
    QPointF m_lastPos;
    QPointF m_pressPos;
    // The photo's pixel (the mask's) under image point `p`: the canvas spans the result's area.
    QPointF toPhoto(const QPointF& imagePoint) const;

    QString beforeLabel() const;
    QString afterLabel() const;

    QPointer<StrokeBrush> m_brush;
    QImage m_repairOverlay;
    QString m_beforeLabel, m_afterLabel;
    QList<QRect> m_faceBoxes;
    QList<double> m_faceScores;
    int m_selectedFace = -1;
    bool m_faceBoxesVisible = true;
    // Shrunk copies of the photos for zooms under 50 %: a 12-MP photo scaled smoothly at every
    // paint held the GUI thread too long (docs/MEASUREMENTS.md, "Painting"); from a copy halved k
    // times, down to the first size at or above the zoom, it is a small scale. Keyed by the image
    // and k; a few kept.
    struct Level {
        qint64 key = 0;
        int halvings = 0;
        QImage image;
    };
    mutable QList<Level> m_levels;
};

}  // namespace gpen::ui
