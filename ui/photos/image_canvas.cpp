// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/image_canvas.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QHelpEvent>
#include <QKeyEvent>
#include <QLineF>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include "ui/common/identity_badge.h"
#include "ui/photos/stroke_brush.h"

namespace gpen::ui {
namespace {

constexpr double kDividerGrabPx = 6.0;
constexpr double kKeyStep = 0.02;
constexpr double kWheelFactor = 1.25;
constexpr double kClickSlopPx = 4.0;

}  // namespace

ImageCanvas::ImageCanvas(ZoomState* zoom, QWidget* parent) : QWidget(parent), m_zoom(zoom) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setMinimumSize(160, 120);
    setAccessibleName(tr("Comparison view"));
    connect(m_zoom, &ZoomState::changed, this, qOverload<>(&QWidget::update));
}

void ImageCanvas::setImages(const QImage& before, const QImage& after) {
    m_before = before;
    m_after = after;
    const QImage& any = after.isNull() ? before : after;
    m_zoom->setImageSize(any.size());
    if (m_zoom->fitMode() && m_drivesFit) {
        m_zoom->setFit(size());
    }
    update();
}

void ImageCanvas::setMode(Mode mode) {
    m_mode = mode;
    m_holdingOriginal = false;
    update();
}

void ImageCanvas::setDivider(double fraction) {
    fraction = std::clamp(fraction, 0.0, 1.0);
    if (fraction == m_divider) {
        return;
    }
    m_divider = fraction;
    update();
    Q_EMIT dividerMoved(m_divider);
}

void ImageCanvas::setFaceBoxes(const QList<QRect>& boxes) {
    m_faceBoxes = boxes;
    m_selectedFace = -1;
    update();
}

void ImageCanvas::setFaceScores(const QList<double>& scores) {
    m_faceScores = scores;
    update();
}

void ImageCanvas::setSelectedFace(int face) {
    m_selectedFace = face;
    update();
}

void ImageCanvas::setFaceBoxesVisible(bool visible) {
    m_faceBoxesVisible = visible;
    update();
}

int ImageCanvas::faceAt(const QPointF& viewPos) const {
    if (!m_faceBoxesVisible || m_after.isNull()) return -1;
    // The zoom's image is the result once there is one: boxes are in its coordinates.
    const QPointF p = toImage(viewPos);
    for (int i = 0; i < m_faceBoxes.size(); ++i) {
        if (QRectF(m_faceBoxes[i]).contains(p)) return i;
    }
    return -1;
}

bool ImageCanvas::showingOriginal() const {
    return m_mode == Mode::Toggle && m_holdingOriginal;
}

QPointF ImageCanvas::toView(const QPointF& p) const {
    return QPointF(width() / 2.0, height() / 2.0) + (p - m_zoom->center()) * m_zoom->zoom();
}

QPointF ImageCanvas::toImage(const QPointF& viewPos) const {
    return m_zoom->center() + (viewPos - QPointF(width() / 2.0, height() / 2.0)) / m_zoom->zoom();
}

const QImage& ImageCanvas::levelFor(const QImage& image) const {
    const double zoom = m_zoom->zoom();
    if (zoom >= 0.5 || image.isNull()) return image;
    const int halvings = std::min(8, static_cast<int>(std::floor(std::log2(1.0 / zoom))));
    const qint64 key = image.cacheKey();
    for (const Level& l : m_levels) {
        if (l.key == key && l.halvings == halvings) return l.image;
    }
    constexpr qsizetype kKept = 4;  // before and after, at the zoom now and the one before
    if (m_levels.size() >= kKept) m_levels.removeFirst();
    const double factor = std::ldexp(1.0, -halvings);
    const QSize size(std::max(1, static_cast<int>(image.width() * factor)),
                     std::max(1, static_cast<int>(image.height() * factor)));
    m_levels.append(
        {key, halvings, image.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)});
    return m_levels.last().image;
}

void ImageCanvas::drawImage(QPainter& painter, const QImage& image, bool reduced) const {
    if (image.isNull()) {
        return;
    }
    // Both images cover the result's area: an original smaller than an upscaled result is
    // stretched over it, so that the same photo point is at the same place in every mode.
    const QImage& result = m_after.isNull() ? m_before : m_after;
    const QPointF topLeft = toView(QPointF(0, 0));
    const QRectF target(topLeft, QSizeF(result.size()) * m_zoom->zoom());
    // Smooth when shrinking; crisp pixels when inspecting above 100 %.
    painter.setRenderHint(QPainter::SmoothPixmapTransform, m_zoom->zoom() < 2.0);
    painter.drawImage(target, reduced ? levelFor(image) : image);
}

void ImageCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Window).darker(115));
    if (m_before.isNull() && m_after.isNull()) {
        // Nothing to compare: the hint alone, no divider or labels over it.
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter,
                         tr("Drop photos or folders here, or press Ctrl+O"));
        return;
    }
    const QImage& result = m_after.isNull() ? m_before : m_after;
    const bool restored = !m_after.isNull();
    switch (m_mode) {
        case Mode::Before:
            drawImage(painter, m_before);
            if (restored) drawLabel(painter, beforeLabel(), Qt::AlignLeft);
            break;
        case Mode::After:
            drawImage(painter, result);
            if (restored) drawLabel(painter, afterLabel(), Qt::AlignRight);
            break;
        case Mode::Toggle:
            drawImage(painter, m_holdingOriginal ? m_before : result);
            if (restored) {
                drawLabel(painter,
                          m_holdingOriginal ? tr("Before") : tr("After (hold to see before)"),
                          Qt::AlignLeft);
            }
            break;
        case Mode::Split: {
            drawImage(painter, result);
            if (!restored) break;  // one image: no divider to compare across
            const double x = m_divider * width();
            painter.save();
            painter.setClipRect(QRectF(0, 0, x, height()));
            drawImage(painter, m_before);
            painter.restore();
            painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
            painter.drawLine(QPointF(x, 0), QPointF(x, height()));
            drawLabel(painter, beforeLabel(), Qt::AlignLeft);
            drawLabel(painter, afterLabel(), Qt::AlignRight);
            break;
        }
    }
    // What the repair filled, over the result only (the original shows the damage itself).
    if (restored && !m_repairOverlay.isNull() && m_mode != Mode::Before && !showingOriginal()) {
        painter.save();
        if (m_mode == Mode::Split)
            painter.setClipRect(QRectF(m_divider * width(), 0, width(), height()));
        drawImage(painter, m_repairOverlay, false);
        painter.restore();
    }
    if (restored && m_mode != Mode::Before && !showingOriginal()) drawFaceBoxes(painter);
    // The damage marks go over the original only: the result shows what the repair did.
    if (m_brush && !m_brush->overlay().isNull()) {
        if (!restored || m_mode == Mode::Before || showingOriginal()) {
            drawImage(painter, m_brush->overlay(), false);
        } else if (m_mode == Mode::Split) {
            painter.save();
            painter.setClipRect(QRectF(0, 0, m_divider * width(), height()));
            drawImage(painter, m_brush->overlay(), false);
            painter.restore();
        }
    }
}

void ImageCanvas::setRepairOverlay(const QImage& overlay) {
    m_repairOverlay = overlay;
    update();
}

void ImageCanvas::setBrush(StrokeBrush* brush) {
    if (m_brush == brush) return;
    if (m_brush) disconnect(m_brush, nullptr, this, nullptr);
    m_brush = brush;
    if (m_brush) connect(m_brush, &StrokeBrush::changed, this, qOverload<>(&QWidget::update));
    setCursor(m_brush ? Qt::CrossCursor : Qt::OpenHandCursor);
    update();
}

void ImageCanvas::setLabels(const QString& before, const QString& after) {
    m_beforeLabel = before;
    m_afterLabel = after;
    update();
}

QString ImageCanvas::beforeLabel() const {
    return m_beforeLabel.isEmpty() ? tr("Before") : m_beforeLabel;
}

QString ImageCanvas::afterLabel() const {
    return m_afterLabel.isEmpty() ? tr("After") : m_afterLabel;
}

QPointF ImageCanvas::toPhoto(const QPointF& imagePoint) const {
    const QImage& result = m_after.isNull() ? m_before : m_after;
    if (!m_brush || result.isNull()) return imagePoint;
    const double sx = static_cast<double>(m_brush->image().width()) / result.width();
    const double sy = static_cast<double>(m_brush->image().height()) / result.height();
    return QPointF(imagePoint.x() * sx, imagePoint.y() * sy);
}

void ImageCanvas::drawLabel(QPainter& painter, const QString& text, Qt::Alignment side) const {
    painter.save();
    const QFontMetrics fm(font());
    const QSize box(fm.horizontalAdvance(text) + 12, fm.height() + 6);
    const int x = side == Qt::AlignLeft ? 8 : width() - box.width() - 8;
    const QRect r(QPoint(x, 8), box);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0, 0, 0, 150));
    painter.drawRoundedRect(r, 4, 4);
    painter.setPen(Qt::white);
    painter.drawText(r, Qt::AlignCenter, text);
    painter.restore();
}

void ImageCanvas::drawFaceBoxes(QPainter& painter) const {
    if (!m_faceBoxesVisible || m_faceBoxes.isEmpty()) return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setBrush(Qt::NoBrush);
    for (int i = 0; i < m_faceBoxes.size(); ++i) {
        const QRectF box(m_faceBoxes[i]);
        const bool selected = i == m_selectedFace;
        // A scored face's box takes its identity band's colour; the number goes under it where
        // the box is wide enough on screen to carry it (a group photo at fit has tiny boxes).
        const double score = m_faceScores.value(i, std::numeric_limits<double>::quiet_NaN());
        QColor colour =
            IdentityBadge::scored(score) ? IdentityBadge::colour(score) : QColor(255, 255, 255);
        colour.setAlpha(selected ? 255 : 200);
        painter.setPen(
            QPen(selected ? palette().color(QPalette::Highlight) : colour, selected ? 3 : 1.5));
        const QRectF onView(toView(box.topLeft()), toView(box.bottomRight()));
        painter.drawRect(onView);
        if (!IdentityBadge::scored(score)) continue;
        // Labelled where the box is wide enough ("identity 0.83"), the bare number where only it
        // fits; hovering the box says what it means either way (event()).
        const QFontMetrics fm(font());
        //: under a restored face's box on the photo; %1 is its identity score such as 0.83
        QString text = tr("identity %1").arg(IdentityBadge::number(score));
        if (onView.width() < fm.horizontalAdvance(text) + 8) text = IdentityBadge::number(score);
        const double width = fm.horizontalAdvance(text) + 8;
        if (onView.width() < width) continue;
        const QRectF tag(onView.center().x() - width / 2.0, onView.bottom() + 2, width,
                         fm.height() + 2);
        painter.save();
        painter.setPen(Qt::NoPen);
        painter.setBrush(IdentityBadge::colour(score));
        painter.drawRoundedRect(tag, 3, 3);
        painter.setPen(Qt::white);
        painter.drawText(tag, Qt::AlignCenter, text);
        painter.restore();
    }
    painter.restore();
}

bool ImageCanvas::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip && m_faceBoxesVisible) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int face = faceAt(help->pos());
        const double score = m_faceScores.value(face, std::numeric_limits<double>::quiet_NaN());
        if (face >= 0 && IdentityBadge::scored(score)) {
            QToolTip::showText(help->globalPos(), IdentityBadge::toolTip(score), this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

void ImageCanvas::resizeEvent(QResizeEvent*) {
    // The zoom is shared: only the pane that drives it refits (another may be hidden, stale).
    if (m_zoom->fitMode() && m_drivesFit) {
        m_zoom->setFit(size());
    }
}

void ImageCanvas::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        return;
    }
    const QPointF anchor = event->position() - QPointF(width() / 2.0, height() / 2.0);
    m_zoom->zoomAround(m_zoom->zoom() * std::pow(kWheelFactor, steps), anchor);
    event->accept();
}

bool ImageCanvas::nearDivider(const QPointF& pos) const {
    return m_mode == Mode::Split && std::abs(pos.x() - m_divider * width()) <= kDividerGrabPx;
}

void ImageCanvas::mousePressEvent(QMouseEvent* event) {
    if (m_brush && event->button() == Qt::RightButton) {
        // With the brush on the left button, the right one pans.
        m_lastPos = event->position();
        m_panning = true;
        setCursor(Qt::ClosedHandCursor);
        return;
    }
    if (event->button() != Qt::LeftButton) {
        return;
    }
    m_lastPos = event->position();
    m_pressPos = event->position();
    if (m_brush && !nearDivider(event->position())) {
        // The brush's size is in screen pixels: the same on the screen at every zoom.
        const QPointF at = toPhoto(toImage(event->position()));
        const double photoRadius =
            (toPhoto(QPointF(m_brush->radius() / m_zoom->zoom(), 0)) - toPhoto(QPointF())).x();
        m_brush->beginStroke(at, photoRadius);
    } else if (nearDivider(event->position())) {
        m_draggingDivider = true;
    } else if (m_mode == Mode::Toggle) {
        m_holdingOriginal = true;
        m_panning = true;
        update();
    } else {
        m_panning = true;
        setCursor(Qt::ClosedHandCursor);
    }
}

void ImageCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (m_brush && m_brush->stroking()) {
        m_brush->extendStroke(toPhoto(toImage(event->position())));
    } else if (m_draggingDivider) {
        setDivider(event->position().x() / std::max(1, width()));
    } else if (m_panning) {
        m_zoom->panByScreen(event->position() - m_lastPos);
    } else {
        setCursor(nearDivider(event->position()) ? Qt::SplitHCursor
                  : m_brush                      ? Qt::CrossCursor
                                                 : Qt::OpenHandCursor);
    }
    m_lastPos = event->position();
}

void ImageCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (m_brush && m_brush->stroking()) {
        m_brush->endStroke();
        return;
    }
    // A click (no drag) on a face box selects that face.
    if (event->button() == Qt::LeftButton && !m_draggingDivider &&
        QLineF(m_pressPos, event->position()).length() <= kClickSlopPx) {
        if (const int face = faceAt(event->position()); face >= 0) {
            setSelectedFace(face);
            Q_EMIT faceClicked(face);
        }
    }
    m_draggingDivider = false;
    m_panning = false;
    if (m_holdingOriginal) {
        m_holdingOriginal = false;
        update();
    }
    unsetCursor();
}

void ImageCanvas::mouseDoubleClickEvent(QMouseEvent* event) {
    if (m_zoom->fitMode()) {
        m_zoom->zoomAround(1.0, event->position() - QPointF(width() / 2.0, height() / 2.0));
    } else {
        m_zoom->setFit(size());
    }
}

void ImageCanvas::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
        case Qt::Key_Left:
            setDivider(m_divider - kKeyStep);
            break;
        case Qt::Key_Right:
            setDivider(m_divider + kKeyStep);
            break;
        case Qt::Key_Home:
            setDivider(0.0);
            break;
        case Qt::Key_End:
            setDivider(1.0);
            break;
        case Qt::Key_Space:
            if (m_mode == Mode::Toggle && !event->isAutoRepeat()) {
                m_holdingOriginal = true;
                update();
            }
            break;
        default:
            QWidget::keyPressEvent(event);
            return;
    }
    event->accept();
}

void ImageCanvas::keyReleaseEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat() && m_holdingOriginal) {
        m_holdingOriginal = false;
        update();
        return;
    }
    QWidget::keyReleaseEvent(event);
}

}  // namespace gpen::ui
