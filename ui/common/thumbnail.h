// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QImage>
#include <QPixmap>

namespace gpen::ui {

// `image` scaled to fit `logicalSize` x `logicalSize` at `devicePixelRatio` (sharp on a 2x
// screen: rendered at twice the pixels, drawn at the logical size).
QPixmap thumbnail(const QImage& image, int logicalSize, qreal devicePixelRatio);

}  // namespace gpen::ui
