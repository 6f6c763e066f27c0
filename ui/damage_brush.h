#pragma once

// The damage a user paints on a photo for repair (GPEN-Inpainting): a mask at the photo's size
// (8-bit gray, 255 = damaged), painted and erased in round strokes, each stroke one step of an
// undo stack. The canvas draws it and feeds it strokes; the window keeps one mask per photo.
// GUI thread only.

#include <QImage>
#include <QObject>
#include <QPointF>
#include <QUndoStack>

namespace gpen::ui {

class DamageBrush : public QObject {
    Q_OBJECT
public:
    explicit DamageBrush(QObject* parent = nullptr);

    // Another photo's mask (null: a new, empty one of `photoSize`); its undo history starts anew.
    void setMask(const QImage& mask, QSize photoSize);
    const QImage& mask() const { return m_mask; }
    // The mask as the canvas draws it: translucent red where damaged (ARGB32 premultiplied),
    // kept up to date region by region.
    const QImage& overlay() const { return m_overlay; }
    bool isEmpty() const;

    // The brush's radius in screen pixels (the canvas maps it to photo pixels at its zoom).
    int radius() const { return m_radius; }
    void setRadius(int screenPixels);
    bool erasing() const { return m_erasing; }
    void setErasing(bool erasing) { m_erasing = erasing; }

    // One stroke in photo coordinates: a disc of `photoRadius` at every point, joined by lines.
    void beginStroke(const QPointF& photoPoint, double photoRadius);
    void extendStroke(const QPointF& photoPoint);
    void endStroke();
    bool stroking() const { return m_stroking; }
    // Removes every mark (one undoable step).
    void clear();
    // Replaces every mark by `marks` (8-bit gray, the photo's size; one undoable step): a
    // suggestion from Find damage, for the user to edit.
    void replaceMarks(const QImage& marks, const QString& what);

    QUndoStack* undoStack() { return &m_undo; }

Q_SIGNALS:
    // The mask changed (a stroke, an undo, a clear, another photo's mask): repaint.
    void changed();

private:
    friend class DamageStroke;
    void paintSegment(const QPointF& from, const QPointF& to);
    // Puts `pixels` at `rect` of the mask (an undo or redo).
    void restoreRect(const QRect& rect, const QImage& pixels);
    void updateOverlay(const QRect& rect);

    QImage m_mask;
    QImage m_overlay;
    QUndoStack m_undo;
    int m_radius = 12;
    bool m_erasing = false;
    bool m_stroking = false;
    double m_strokeRadius = 1;
    QPointF m_last;
    QImage m_before;     // the mask as the stroke began
    QRect m_strokeRect;  // what the stroke touched so far
};

}  // namespace gpen::ui
