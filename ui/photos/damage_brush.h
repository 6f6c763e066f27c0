// SPDX-License-Identifier: Apache-2.0
#pragma once

// The damage a user paints on a photo for repair (GPEN-Inpainting): a mask at the photo's size
// (8-bit gray, 255 = damaged), painted and erased in round strokes (StrokeBrush), drawn over the
// photo as a translucent red overlay. The window keeps one mask per photo. GUI thread only.

#include <QImage>

#include "ui/photos/stroke_brush.h"

namespace gpen::ui {

class DamageBrush : public StrokeBrush {
    Q_OBJECT
  public:
    explicit DamageBrush(QObject* parent = nullptr);

    // Another photo's mask (null: a new, empty one of `photoSize`); its undo history starts anew.
    void setMask(const QImage& mask, QSize photoSize);
    const QImage& mask() const { return image(); }
    // Translucent red where damaged (ARGB32 premultiplied), kept up to date region by region.
    const QImage& overlay() const override { return m_overlay; }
    bool isEmpty() const;

    bool erasing() const { return m_erasing; }
    void setErasing(bool erasing);
    // Removes every mark (one undoable step).
    void clear();
    // Replaces every mark by `marks` (8-bit gray, the photo's size; one undoable step): a
    // suggestion from Find damage, for the user to edit.
    void replaceMarks(const QImage& marks, const QString& what) { replaceImage(marks, what); }

  protected:
    void touched(const QRect& rect) override;
    QString strokeText() const override;

  private:
    QImage m_overlay;
    bool m_erasing = false;
};

}  // namespace gpen::ui
