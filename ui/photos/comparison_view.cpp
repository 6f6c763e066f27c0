// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/comparison_view.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

#include "ui/common/mask_tint.h"

namespace gpen::ui {

ComparisonView::ComparisonView(QWidget* parent)
    : QWidget(parent),
      m_zoom(new ZoomState(this)),
      m_primary(new ImageCanvas(m_zoom, this)),
      m_secondary(new ImageCanvas(m_zoom, this)),
      m_zoomLabel(new QLabel(this)),
      m_fitButton(new QToolButton(this)),
      m_actualButton(new QToolButton(this)) {
    auto* panes = new QHBoxLayout;
    panes->setContentsMargins(0, 0, 0, 0);
    panes->setSpacing(2);
    panes->addWidget(m_primary);
    panes->addWidget(m_secondary);
    m_zoomLabel->setObjectName(QStringLiteral("zoomLabel"));
    m_zoomLabel->setToolTip(tr("Zoom"));
    m_fitButton->setText(tr("Fit"));
    m_fitButton->setToolTip(tr("Zoom to fit the window (Ctrl+0)"));
    m_actualButton->setText(tr("100 %"));
    m_actualButton->setToolTip(tr("Actual size: one photo pixel per screen pixel (Ctrl+1)"));
    for (QToolButton* b : {m_fitButton, m_actualButton}) b->setAutoRaise(true);
    connect(m_fitButton, &QToolButton::clicked, this, &ComparisonView::zoomToFit);
    connect(m_actualButton, &QToolButton::clicked, this, &ComparisonView::zoomToActualSize);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 0, 6, 0);
    bar->addStretch(1);
    bar->addWidget(m_zoomLabel);
    bar->addWidget(m_fitButton);
    bar->addWidget(m_actualButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(panes, 1);
    layout->addLayout(bar);
    const auto showZoom = [this] {
        m_zoomLabel->setText(tr("%1 %").arg(static_cast<int>(std::lround(m_zoom->zoom() * 100))));
        m_fitButton->setEnabled(!m_zoom->fitMode());
    };
    connect(m_zoom, &ZoomState::changed, this, showZoom);
    showZoom();
    for (ImageCanvas* c : {m_primary, m_secondary}) {
        connect(c, &ImageCanvas::faceClicked, this, [this](int face) {
            setSelectedFace(face);
            Q_EMIT faceClicked(face);
        });
    }
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
        case Mode::Split:
            m_primary->setMode(ImageCanvas::Mode::Split);
            break;
        case Mode::SideBySide:
            m_primary->setMode(ImageCanvas::Mode::Before);
            break;
        case Mode::Toggle:
            m_primary->setMode(ImageCanvas::Mode::Toggle);
            break;
    }
    m_secondary->setVisible(mode == Mode::SideBySide);
    // The panes changed width: a fitted view refits.
    if (m_zoom->fitMode()) {
        m_zoom->setFit(m_primary->size());
    }
    Q_EMIT modeChanged(mode);
}

void ComparisonView::setFaceBoxes(const QList<QRect>& boxes) {
    m_primary->setFaceBoxes(boxes);
    m_secondary->setFaceBoxes(boxes);
}

void ComparisonView::setFaceScores(const QList<double>& scores) {
    m_primary->setFaceScores(scores);
    m_secondary->setFaceScores(scores);
}

void ComparisonView::setSelectedFace(int face) {
    m_primary->setSelectedFace(face);
    m_secondary->setSelectedFace(face);
}

void ComparisonView::setBrush(StrokeBrush* brush) {
    m_primary->setBrush(brush);
    m_secondary->setBrush(brush);
}

void ComparisonView::setRepairedMask(const QImage& mask) {
    // Set again at every re-blend of the photo: the tint is made once per mask.
    const qint64 key = mask.isNull() ? 0 : mask.cacheKey();
    if (key == m_repairedKey) return;
    m_repairedKey = key;
    QImage overlay;
    if (!mask.isNull()) {
        // The highlight colour at half strength (premultiplied) where the repair filled (core's
        // mask is 0/255), clear elsewhere: the print stays visible under it.
        const QColor tint = palette().color(QPalette::Highlight);
        constexpr int kAlpha = 127;
        overlay = QImage(mask.size(), QImage::Format_ARGB32_Premultiplied);
        tintMask(mask.convertToFormat(QImage::Format_Grayscale8), mask.rect(),
                 qRgba(tint.red() * kAlpha / 255, tint.green() * kAlpha / 255,
                       tint.blue() * kAlpha / 255, kAlpha),
                 &overlay);
    }
    m_primary->setRepairOverlay(overlay);
    m_secondary->setRepairOverlay(overlay);
}

void ComparisonView::setFaceBoxesVisible(bool visible) {
    m_primary->setFaceBoxesVisible(visible);
    m_secondary->setFaceBoxesVisible(visible);
}

void ComparisonView::showRegion(const QRect& region) {
    m_zoom->showRegion(QRectF(region), QSizeF(m_primary->size()));
}

void ComparisonView::zoomToFit() {
    m_zoom->setFit(m_primary->size());
}
void ComparisonView::zoomToActualSize() {
    m_zoom->setActualSize();
}

}  // namespace gpen::ui
