#include "ui/damage_brush.h"

#include <QPainter>
#include <QUndoCommand>

namespace gpen::ui {

// One stroke (or a clear): the pixels of the touched rectangle before and after.
class DamageStroke : public QUndoCommand {
public:
    DamageStroke(DamageBrush* brush, const QRect& rect, QImage before, QImage after, const QString& text)
        : QUndoCommand(text), m_brush(brush), m_rect(rect), m_before(std::move(before)), m_after(std::move(after)) {}
    void undo() override { m_brush->restoreRect(m_rect, m_before); }
    // The first redo is the stroke itself, already on the mask.
    void redo() override {
        if (m_done) m_brush->restoreRect(m_rect, m_after);
        m_done = true;
    }

private:
    DamageBrush* m_brush;
    QRect m_rect;
    QImage m_before, m_after;
    bool m_done = false;
};

DamageBrush::DamageBrush(QObject* parent) : QObject(parent) {}

void DamageBrush::setMask(const QImage& mask, QSize photoSize) {
    m_stroking = false;
    m_undo.clear();
    if (!mask.isNull() && mask.size() == photoSize) {
        m_mask = mask.convertToFormat(QImage::Format_Grayscale8);
    } else {
        m_mask = QImage(photoSize, QImage::Format_Grayscale8);
        m_mask.fill(0);
    }
    m_overlay = QImage(m_mask.size(), QImage::Format_ARGB32_Premultiplied);
    updateOverlay(m_mask.rect());
    Q_EMIT changed();
}

bool DamageBrush::isEmpty() const {
    for (int y = 0; y < m_mask.height(); ++y) {
        const uchar* row = m_mask.constScanLine(y);
        for (int x = 0; x < m_mask.width(); ++x) {
            if (row[x]) return false;
        }
    }
    return true;
}

void DamageBrush::setRadius(int screenPixels) { m_radius = std::clamp(screenPixels, 1, 200); }

void DamageBrush::beginStroke(const QPointF& photoPoint, double photoRadius) {
    if (m_mask.isNull()) return;
    m_stroking = true;
    m_strokeRadius = std::max(0.5, photoRadius);
    m_before = m_mask.copy();
    m_strokeRect = QRect();
    m_last = photoPoint;
    paintSegment(photoPoint, photoPoint);
}

void DamageBrush::extendStroke(const QPointF& photoPoint) {
    if (!m_stroking) return;
    paintSegment(m_last, photoPoint);
    m_last = photoPoint;
}

void DamageBrush::endStroke() {
    if (!m_stroking) return;
    m_stroking = false;
    const QRect rect = m_strokeRect.intersected(m_mask.rect());
    if (rect.isEmpty()) return;
    m_undo.push(new DamageStroke(this, rect, m_before.copy(rect), m_mask.copy(rect),
                                 m_erasing ? tr("Erase damage") : tr("Paint damage")));
    m_before = QImage();
}

void DamageBrush::clear() {
    if (m_mask.isNull() || isEmpty()) return;
    const QImage before = m_mask.copy();
    m_mask.fill(0);
    updateOverlay(m_mask.rect());
    m_undo.push(new DamageStroke(this, m_mask.rect(), before, m_mask.copy(), tr("Clear damage")));
    Q_EMIT changed();
}

void DamageBrush::replaceMarks(const QImage& marks, const QString& what) {
    if (m_mask.isNull() || marks.size() != m_mask.size()) return;
    const QImage before = m_mask.copy();
    m_mask = marks.convertToFormat(QImage::Format_Grayscale8).copy();
    updateOverlay(m_mask.rect());
    m_undo.push(new DamageStroke(this, m_mask.rect(), before, m_mask.copy(), what));
    Q_EMIT changed();
}

void DamageBrush::paintSegment(const QPointF& from, const QPointF& to) {
    QPainter p(&m_mask);
    p.setRenderHint(QPainter::Antialiasing, false);  // a mask is yes or no
    const QColor ink = m_erasing ? QColor(0, 0, 0) : QColor(255, 255, 255);
    p.setPen(QPen(ink, 2 * m_strokeRadius, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawLine(from, to);
    p.end();
    const double r = m_strokeRadius + 2;
    const QRect touched = QRectF(QPointF(std::min(from.x(), to.x()) - r, std::min(from.y(), to.y()) - r),
                                 QPointF(std::max(from.x(), to.x()) + r, std::max(from.y(), to.y()) + r))
                              .toAlignedRect();
    m_strokeRect |= touched;
    updateOverlay(touched);
    Q_EMIT changed();
}

void DamageBrush::restoreRect(const QRect& rect, const QImage& pixels) {
    QPainter p(&m_mask);
    p.setCompositionMode(QPainter::CompositionMode_Source);
    p.drawImage(rect.topLeft(), pixels);
    p.end();
    updateOverlay(rect);
    Q_EMIT changed();
}

void DamageBrush::updateOverlay(const QRect& rect) {
    const QRect r = rect.intersected(m_mask.rect());
    // Premultiplied red at 60 % where damaged, transparent elsewhere.
    constexpr QRgb kMarked = qRgba(153, 0, 0, 153);
    for (int y = r.top(); y <= r.bottom(); ++y) {
        const uchar* in = m_mask.constScanLine(y);
        auto* out = reinterpret_cast<QRgb*>(m_overlay.scanLine(y));
        for (int x = r.left(); x <= r.right(); ++x) out[x] = in[x] ? kMarked : 0;
    }
}

}  // namespace gpen::ui
