// SPDX-License-Identifier: Apache-2.0
#include "ui/common/thumbnail.h"

#include <cmath>

namespace gpen::ui {

QPixmap thumbnail(const QImage& image, int logicalSize, qreal devicePixelRatio) {
    if (image.isNull()) return {};
    const qreal dpr = devicePixelRatio > 0 ? devicePixelRatio : 1.0;
    const int pixels = static_cast<int>(std::ceil(logicalSize * dpr));
    QPixmap pixmap = QPixmap::fromImage(
        image.scaled(pixels, pixels, Qt::KeepAspectRatio, Qt::SmoothTransformation));
    pixmap.setDevicePixelRatio(dpr);
    return pixmap;
}

}  // namespace gpen::ui
