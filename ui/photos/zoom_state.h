// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointF>
#include <QRectF>
#include <QSizeF>

namespace gpen::ui {

// One zoom and pan shared by every comparison view, so that side-by-side panes (and switching
// modes) stay in step. Zoom is screen pixels per image pixel; `center` is the image point shown at
// the middle of each view. GUI thread only.
class ZoomState : public QObject {
    Q_OBJECT
  public:
    explicit ZoomState(QObject* parent = nullptr);

    double zoom() const { return m_zoom; }
    QPointF center() const { return m_center; }
    bool fitMode() const { return m_fit; }

    void setImageSize(const QSizeF& size);
    // Zoom to `zoom`, keeping the image point under `anchorInView` where it is (view coordinates
    // relative to the view's centre).
    void zoomAround(double zoom, const QPointF& anchorFromCenter);
    void panByScreen(const QPointF& screenDelta);
    void setFit(const QSizeF& viewSize);  // fit the whole image, and keep fitting on resize
    void setActualSize();                 // 100 %
    // Centres `region` (image pixels) in a view of `viewSize`, zooming in (never out, at most to
    // 100 %) until it fills a third of the view's height: a face clicked in the strip.
    void showRegion(const QRectF& region, const QSizeF& viewSize);

    static constexpr double kMinZoom = 0.02;
    static constexpr double kMaxZoom = 32.0;

  Q_SIGNALS:
    void changed();

  private:
    void clampCenter();

    QSizeF m_imageSize;
    double m_zoom = 1.0;
    QPointF m_center;
    bool m_fit = true;
};

}  // namespace gpen::ui
