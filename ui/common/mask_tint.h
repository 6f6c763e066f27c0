// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QImage>
#include <QRect>
#include <QRgb>

namespace gpen::ui {

// Writes `rect` of `overlay` (Format_ARGB32_Premultiplied, the size of `mask`): the premultiplied
// `colour` where `mask` (8-bit gray) is set, transparent where it is 0. For masks drawn over a
// photo: the damage brush's marks, the repaired areas.
void tintMask(const QImage& mask, const QRect& rect, QRgb colour, QImage* overlay);

}  // namespace gpen::ui
