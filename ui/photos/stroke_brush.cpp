// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/stroke_brush.h"

#include <QPainter>
#include <QUndoCommand>

#include <utility>

namespace gpen::ui {

// One stroke (or a replacement): the pixels of the touched rectangle before and after.
class StrokeStep : public QUndoCommand {
  public:
    StrokeStep(StrokeBrush* brush, const QRect& rect, QImage before, QImage after,
               const QString& text)
        : QUndoCommand(text),
          m_brush(brush),
          m_rect(rect),
          m_before(std::move(before)),
          m_after(std::move(after)) {}
    void undo() override { m_brush->restoreRect(m_rect, m_before); }
    // The first redo is the stroke itself, already on the image.
    void redo() override {
        if (m_done) m_brush->restoreRect(m_rect, m_after);
        m_done = true;
    }

  private:
    StrokeBrush* m_brush;
    QRect m_rect;
    QImage m_before, m_after;
    bool m_done = false;
};

StrokeBrush::StrokeBrush(QObject* parent) : QObject(parent) {}

void StrokeBrush::resetImage(QImage image) {
    m_stroking = false;
    m_undo.clear();
    m_image = std::move(image);
    touched(m_image.rect());
    Q_EMIT changed();
}

void StrokeBrush::setRadius(int screenPixels) {
    m_radius = std::clamp(screenPixels, 1, 200);
}

void StrokeBrush::beginStroke(const QPointF& imagePoint, double imageRadius) {
    if (m_image.isNull()) return;
    m_stroking = true;
    m_strokeRadius = std::max(0.5, imageRadius);
    m_before = m_image.copy();
    m_strokeRect = QRect();
    m_last = imagePoint;
    paintSegment(imagePoint, imagePoint);
}

void StrokeBrush::extendStroke(const QPointF& imagePoint) {
    if (!m_stroking) return;
    paintSegment(m_last, imagePoint);
    m_last = imagePoint;
}

void StrokeBrush::endStroke() {
    if (!m_stroking) return;
    m_stroking = false;
    const QRect rect = m_strokeRect.intersected(m_image.rect());
    const QImage before = std::exchange(m_before, QImage());
    if (rect.isEmpty()) return;
    m_undo.push(new StrokeStep(this, rect, before.copy(rect), m_image.copy(rect), strokeText()));
    Q_EMIT edited();
}

void StrokeBrush::replaceImage(const QImage& image, const QString& what) {
    if (m_image.isNull() || image.size() != m_image.size()) return;
    const QImage before = m_image.copy();
    m_image = image.convertToFormat(m_image.format()).copy();
    touched(m_image.rect());
    m_undo.push(new StrokeStep(this, m_image.rect(), before, m_image.copy(), what));
    Q_EMIT changed();
    Q_EMIT edited();
}

void StrokeBrush::paintSegment(const QPointF& from, const QPointF& to) {
    QPainter p(&m_image);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(m_ink, 2 * m_strokeRadius, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawLine(from, to);
    p.end();
    const double r = m_strokeRadius + 2;
    const QRect rect =
        QRectF(QPointF(std::min(from.x(), to.x()) - r, std::min(from.y(), to.y()) - r),
               QPointF(std::max(from.x(), to.x()) + r, std::max(from.y(), to.y()) + r))
            .toAlignedRect();
    m_strokeRect |= rect;
    touched(rect.intersected(m_image.rect()));
    Q_EMIT changed();
}

void StrokeBrush::restoreRect(const QRect& rect, const QImage& pixels) {
    QPainter p(&m_image);
    p.setCompositionMode(QPainter::CompositionMode_Source);
    p.drawImage(rect.topLeft(), pixels);
    p.end();
    touched(rect);
    Q_EMIT changed();
    Q_EMIT edited();
}

}  // namespace gpen::ui
