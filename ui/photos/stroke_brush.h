// SPDX-License-Identifier: Apache-2.0
#pragma once

// Round strokes painted into an image, each stroke one step of an undo stack: what the damage
// brush (damage_brush.h) and the parsing-map editor's class brush share. ImageCanvas feeds it
// strokes in the image's pixels with a radius given in screen pixels. GUI thread only.

#include <QColor>
#include <QImage>
#include <QObject>
#include <QPointF>
#include <QUndoStack>

namespace gpen::ui {

class StrokeBrush : public QObject {
    Q_OBJECT
  public:
    explicit StrokeBrush(QObject* parent = nullptr);

    const QImage& image() const { return m_image; }
    // What a canvas draws over its picture: the image itself unless a subclass shows it otherwise.
    virtual const QImage& overlay() const { return m_image; }

    // The brush's radius in screen pixels (the canvas maps it to image pixels at its zoom).
    int radius() const { return m_radius; }
    void setRadius(int screenPixels);
    // The colour strokes paint (drawn without antialiasing: a mask or a class map has no
    // in-between).
    QColor ink() const { return m_ink; }
    void setInk(const QColor& ink) { m_ink = ink; }

    // One stroke in image coordinates: a disc of `imageRadius` at every point, joined by lines.
    void beginStroke(const QPointF& imagePoint, double imageRadius);
    void extendStroke(const QPointF& imagePoint);
    void endStroke();
    bool stroking() const { return m_stroking; }
    // Replaces the whole image (converted to its format; one undoable step named `what`).
    void replaceImage(const QImage& image, const QString& what);

    QUndoStack* undoStack() { return &m_undo; }

  Q_SIGNALS:
    // The image changed (a stroke, an undo, a replacement, a new image): repaint.
    void changed();
    // A stroke ended, or an undo, redo or replacement changed the image: a moment to act on it.
    void edited();

  protected:
    // A new image, with its undo history started anew.
    void resetImage(QImage image);
    // `rect` of the image changed (a subclass keeps its overlay up to date).
    virtual void touched(const QRect& rect) { Q_UNUSED(rect) }
    // The undo stack's name for the stroke just painted ("Paint damage", "Paint skin").
    virtual QString strokeText() const { return tr("Paint"); }

  private:
    friend class StrokeStep;
    void paintSegment(const QPointF& from, const QPointF& to);
    // Puts `pixels` at `rect` of the image (an undo or redo).
    void restoreRect(const QRect& rect, const QImage& pixels);

    QImage m_image;
    QUndoStack m_undo;
    int m_radius = 12;
    QColor m_ink = Qt::white;
    bool m_stroking = false;
    double m_strokeRadius = 1;
    QPointF m_last;
    QImage m_before;     // the image as the stroke began
    QRect m_strokeRect;  // what the stroke touched so far
};

}  // namespace gpen::ui
