// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QImage>
#include <QWidget>

#include "ui/photos/image_canvas.h"
#include "ui/photos/zoom_state.h"

class QLabel;
class QToolButton;

namespace gpen::ui {

// Before/after comparison in three modes that share one zoom state: a split view with a
// draggable divider, side-by-side panes with synchronized zoom and pan, and a toggle view
// (press and hold to see the original). Under them, the zoom in percent with Fit and 100 %
// buttons. The restored faces' boxes are drawn on the result; a click on one emits faceClicked.
// GUI thread only.
class ComparisonView : public QWidget {
    Q_OBJECT
  public:
    enum class Mode { Split, SideBySide, Toggle };

    explicit ComparisonView(QWidget* parent = nullptr);

    void setImages(const QImage& before, const QImage& after);
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    void zoomToFit();
    void zoomToActualSize();
    // Face boxes in the result's coordinates (empty: none), and which one is selected.
    void setFaceBoxes(const QList<QRect>& boxes);
    void setSelectedFace(int face);
    // Brings an image region (a face's box) to the middle of the view, zooming in to see it.
    void showRegion(const QRect& region);
    void setFaceBoxesVisible(bool visible);
    // Each face's identity score (NaN: not scored), drawn under its box.
    void setFaceScores(const QList<double>& scores);
    // Where the repair filled (8-bit gray, the photo's size, 255 = filled), tinted over the
    // result in both panes; null: no overlay.
    void setRepairedMask(const QImage& mask);
    // Repairing damage: both panes paint `brush`'s mask (null: off).
    void setBrush(StrokeBrush* brush);
    QLabel* zoomLabel() const { return m_zoomLabel; }
    QToolButton* fitButton() const { return m_fitButton; }
    QToolButton* actualSizeButton() const { return m_actualButton; }

    ZoomState* zoomState() const { return m_zoom; }
    ImageCanvas* primaryCanvas() const { return m_primary; }
    ImageCanvas* secondaryCanvas() const { return m_secondary; }  // the "after" pane side by side

  Q_SIGNALS:
    void modeChanged(Mode mode);
    void faceClicked(int face);

  private:
    ZoomState* m_zoom;
    ImageCanvas* m_primary;
    ImageCanvas* m_secondary;
    QLabel* m_zoomLabel;
    QToolButton* m_fitButton;
    QToolButton* m_actualButton;
    Mode m_mode = Mode::Split;
    qint64 m_repairedKey = 0;  // the mask the panes tint now (QImage::cacheKey; 0: none)
};

}  // namespace gpen::ui
