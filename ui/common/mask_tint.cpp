// SPDX-License-Identifier: Apache-2.0
#include "ui/common/mask_tint.h"

namespace gpen::ui {

void tintMask(const QImage& mask, const QRect& rect, QRgb colour, QImage* overlay) {
    const QRect r = rect.intersected(mask.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        const uchar* in = mask.constScanLine(y);
        auto* out = reinterpret_cast<QRgb*>(overlay->scanLine(y));
        for (int x = r.left(); x <= r.right(); ++x) out[x] = in[x] ? colour : 0;
    }
}

}  // namespace gpen::ui
