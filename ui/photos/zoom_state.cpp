// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/zoom_state.h"

#include <algorithm>

namespace gpen::ui {

ZoomState::ZoomState(QObject* parent) : QObject(parent) {}

void ZoomState::setImageSize(const QSizeF& size) {
    if (size == m_imageSize) {
        return;
    }
    m_imageSize = size;
    m_center = QPointF(size.width() / 2, size.height() / 2);
    Q_EMIT changed();
}

void ZoomState::zoomAround(double zoom, const QPointF& anchorFromCenter) {
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    // The image point under the anchor stays under it: p = c + a / z before and after.
    const QPointF p = m_center + anchorFromCenter / m_zoom;
    m_zoom = zoom;
    m_center = p - anchorFromCenter / m_zoom;
    m_fit = false;
    clampCenter();
    Q_EMIT changed();
}

void ZoomState::panByScreen(const QPointF& screenDelta) {
    m_center -= screenDelta / m_zoom;
    m_fit = false;
    clampCenter();
    Q_EMIT changed();
}

void ZoomState::setFit(const QSizeF& viewSize) {
    m_fit = true;
    if (!m_imageSize.isEmpty() && !viewSize.isEmpty()) {
        m_zoom = std::clamp(std::min(viewSize.width() / m_imageSize.width(),
                                     viewSize.height() / m_imageSize.height()),
                            kMinZoom, kMaxZoom);
    }
    m_center = QPointF(m_imageSize.width() / 2, m_imageSize.height() / 2);
    Q_EMIT changed();
}

void ZoomState::setActualSize() {
    m_zoom = 1.0;
    m_fit = false;
    clampCenter();
    Q_EMIT changed();
}

void ZoomState::showRegion(const QRectF& region, const QSizeF& viewSize) {
    if (region.isEmpty() || viewSize.isEmpty()) return;
    const double wanted = std::min(1.0, viewSize.height() / 3.0 / region.height());
    m_zoom = std::clamp(std::max(m_zoom, wanted), kMinZoom, kMaxZoom);
    m_center = region.center();
    m_fit = false;
    clampCenter();
    Q_EMIT changed();
}

void ZoomState::clampCenter() {
    m_center.setX(std::clamp(m_center.x(), 0.0, m_imageSize.width()));
    m_center.setY(std::clamp(m_center.y(), 0.0, m_imageSize.height()));
}

}  // namespace gpen::ui
