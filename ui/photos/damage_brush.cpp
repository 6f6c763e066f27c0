// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/damage_brush.h"

#include "ui/common/mask_tint.h"

namespace gpen::ui {

DamageBrush::DamageBrush(QObject* parent) : StrokeBrush(parent) {
    setErasing(false);
}

void DamageBrush::setMask(const QImage& mask, QSize photoSize) {
    QImage m;
    if (!mask.isNull() && mask.size() == photoSize) {
        m = mask.convertToFormat(QImage::Format_Grayscale8);
    } else {
        m = QImage(photoSize, QImage::Format_Grayscale8);
        m.fill(0);
    }
    m_overlay = QImage(m.size(), QImage::Format_ARGB32_Premultiplied);
    resetImage(std::move(m));
}

bool DamageBrush::isEmpty() const {
    const QImage& m = mask();
    for (int y = 0; y < m.height(); ++y) {
        const uchar* row = m.constScanLine(y);
        for (int x = 0; x < m.width(); ++x) {
            if (row[x]) return false;
        }
    }
    return true;
}

void DamageBrush::setErasing(bool erasing) {
    m_erasing = erasing;
    setInk(erasing ? QColor(0, 0, 0) : QColor(255, 255, 255));
}

void DamageBrush::clear() {
    if (mask().isNull() || isEmpty()) return;
    QImage empty(mask().size(), QImage::Format_Grayscale8);
    empty.fill(0);
    replaceImage(empty, tr("Clear damage"));
}

QString DamageBrush::strokeText() const {
    return m_erasing ? tr("Erase damage") : tr("Paint damage");
}

void DamageBrush::touched(const QRect& rect) {
    // Premultiplied red at 60 % where damaged, transparent elsewhere.
    tintMask(mask(), rect, qRgba(153, 0, 0, 153), &m_overlay);
}

}  // namespace gpen::ui
