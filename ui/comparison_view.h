#pragma once

#include <QImage>
#include <QWidget>

#include "ui/image_canvas.h"
#include "ui/zoom_state.h"

namespace gpen::ui {

// Before/after comparison in three modes that share one zoom state: a split view with a
// draggable divider, side-by-side panes with synchronized zoom and pan, and a toggle view
// (press and hold to see the original). GUI thread only.
class ComparisonView : public QWidget {
    Q_OBJECT
public:
    enum class Mode { Split, SideBySide, Toggle };

    explicit ComparisonView(QWidget* parent = nullptr);

    void setImages(const QImage& before, const QImage& after);
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    void zoomToFit();
    void zoomToActualSize();

    ZoomState* zoomState() const { return m_zoom; }
    ImageCanvas* primaryCanvas() const { return m_primary; }
    ImageCanvas* secondaryCanvas() const { return m_secondary; }  // the "after" pane side by side

Q_SIGNALS:
    void modeChanged(Mode mode);

private:
    ZoomState* m_zoom;
    ImageCanvas* m_primary;
    ImageCanvas* m_secondary;
    Mode m_mode = Mode::Split;
};

}  // namespace gpen::ui
