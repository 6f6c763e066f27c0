#include "ui/comparison_view.h"

#include <QHBoxLayout>

namespace gpen::ui {

ComparisonView::ComparisonView(QWidget* parent)
    : QWidget(parent),
      m_zoom(new ZoomState(this)),
      m_primary(new ImageCanvas(m_zoom, this)),
      m_secondary(new ImageCanvas(m_zoom, this)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_primary);
    layout->addWidget(m_secondary);
    m_secondary->setMode(ImageCanvas::Mode::After);
    m_secondary->setDrivesFit(false);
    setMode(Mode::Split);
}

void ComparisonView::setImages(const QImage& before, const QImage& after) {
    m_primary->setImages(before, after);
    m_secondary->setImages(before, after);
}

void ComparisonView::setMode(Mode mode) {
    m_mode = mode;
    switch (mode) {
        case Mode::Split: m_primary->setMode(ImageCanvas::Mode::Split); break;
        case Mode::SideBySide: m_primary->setMode(ImageCanvas::Mode::Before); break;
        case Mode::Toggle: m_primary->setMode(ImageCanvas::Mode::Toggle); break;
    }
    m_secondary->setVisible(mode == Mode::SideBySide);
    // The panes changed width: a fitted view refits.
    if (m_zoom->fitMode()) {
        m_zoom->setFit(m_primary->size());
    }
    Q_EMIT modeChanged(mode);
}

void ComparisonView::zoomToFit() { m_zoom->setFit(m_primary->size()); }
void ComparisonView::zoomToActualSize() { m_zoom->setActualSize(); }

}  // namespace gpen::ui
