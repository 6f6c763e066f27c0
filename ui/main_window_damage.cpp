// SPDX-License-Identifier: Apache-2.0
// MainWindow's damage repair: the brush the Restore panel's "Repair damage" task drives, its
// marks kept per photo, and the panel's Find damage and Simulate damage (the window's layout and
// behaviour are in main_window.cpp).

#include "ui/main_window.h"

#include <QCheckBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QUndoStack>

#include <opencv2/core.hpp>

#include "gpen/face/damage_detect.h"
#include "ui/common/core_text.h"
#include "ui/photos/comparison_view.h"
#include "ui/photos/damage_brush.h"
#include "ui/photos/image_session.h"
#include "ui/photos/restore_panel.h"

namespace gpen::ui {

void MainWindow::connectDamageBrush() {
    // Repairing damage (the task, or the Repair box) turns the canvas's left button into the
    // brush; the panel's tools drive it.
    connect(m_panel, &RestorePanel::damageMarkingChanged, this,
            [this](bool marking) { m_view->setBrush(marking ? m_brush : nullptr); });
    m_brush->setRadius(m_panel->brushSizeBox()->value());
    connect(m_panel->brushSizeBox(), &QSpinBox::valueChanged, m_brush, &DamageBrush::setRadius);
    connect(m_panel->eraserBox(), &QCheckBox::toggled, m_brush, &DamageBrush::setErasing);
    QUndoStack* steps = m_brush->undoStack();
    connect(m_panel->undoDamageButton(), &QPushButton::clicked, steps, &QUndoStack::undo);
    connect(m_panel->redoDamageButton(), &QPushButton::clicked, steps, &QUndoStack::redo);
    connect(m_panel->clearDamageButton(), &QPushButton::clicked, m_brush, &DamageBrush::clear);
    connect(steps, &QUndoStack::canUndoChanged, m_panel->undoDamageButton(),
            &QPushButton::setEnabled);
    connect(steps, &QUndoStack::canRedoChanged, m_panel->redoDamageButton(),
            &QPushButton::setEnabled);
    m_panel->undoDamageButton()->setEnabled(false);
    m_panel->redoDamageButton()->setEnabled(false);
    connect(m_panel->findDamageButton(), &QPushButton::clicked, this, &MainWindow::findDamage);
    connect(m_panel->showRepairedBox(), &QCheckBox::toggled, this,
            [this] { showRepairedAreas(currentIndex()); });
    connect(m_panel->simulateDamageButton(), &QPushButton::clicked, this,
            &MainWindow::simulateDamage);
}

void MainWindow::showRepairedAreas(int index) {
    const bool shown = index >= 0 && index < m_session->count();
    const QImage none;
    const QImage& mask = shown ? m_session->entry(index).repairedMask : none;
    m_panel->setRepairedAreas(!mask.isNull());
    m_view->setRepairedMask(m_panel->showRepairedBox()->isChecked() ? mask : QImage());
}

void MainWindow::findDamage() {
    const int index = currentIndex();
    if (index < 0 || !m_session->resident(index)) return;  // a released photo: once it is back
    // A classical detector, tens of milliseconds on a scan of a few megapixels: run here.
    auto found = detectDamage(m_session->entry(index).decoded->bgr8,
                              {.sensitivity = m_panel->sensitivitySlider()->value() / 100.0});
    if (!found) {
        m_status->setText(CoreText::error(found.error()));
        return;
    }
    const QImage marks(found->data, found->cols, found->rows, static_cast<qsizetype>(found->step),
                       QImage::Format_Grayscale8);
    m_brush->replaceMarks(marks, tr("Find damage"));
}

void MainWindow::simulateDamage() {
    const int index = currentIndex();
    if (index < 0 || !m_session->resident(index)) return;
    const auto& e = m_session->entry(index);
    cv::Mat damaged = e.decoded->bgr8.clone();
    // Strokes of white paint (GPEN-Inpainting's marks), dust and a crack or two, each drawn as it
    // looks on a print.
    const std::uint32_t seed = ++m_simulations;
    cv::Mat mask = cv::Mat::zeros(damaged.size(), CV_8U);
    for (const auto kind :
         {SimulatedDamage::PaintedStrokes, SimulatedDamage::Dust, SimulatedDamage::Cracks}) {
        const cv::Mat part = gpen::simulateDamage(damaged.size(), kind, seed);
        drawSimulatedDamage(damaged, part, kind, seed);
        cv::bitwise_or(mask, part, mask);
    }
    //: %1 is the photo's name
    m_session->addImage(std::move(damaged), tr("%1 (simulated damage)").arg(e.displayName));
    const int added = m_session->count() - 1;
    m_session->setDamageMask(
        added, QImage(mask.data, mask.cols, mask.rows, static_cast<qsizetype>(mask.step),
                      QImage::Format_Grayscale8)
                   .copy());
    showPhoto(added);
}

void MainWindow::brushFollows(int index) {
    // The brush's mask belongs to the photo it was painted on.
    if (m_brushPhoto >= 0 && m_brushPhoto < m_session->count() && m_brushPhoto != index) {
        m_session->setDamageMask(m_brushPhoto, m_brush->isEmpty() ? QImage() : m_brush->mask());
    }
    if (index == m_brushPhoto) return;
    m_brushPhoto = index;
    QImage mask;
    QSize photo;
    if (index >= 0 && index < m_session->count()) {
        const auto& e = m_session->entry(index);
        mask = e.damageMask;
        photo = e.size;
    }
    m_brush->setMask(mask, photo);
}

bool MainWindow::damageToRepair(QImage* damage, RestoreOptions* options) {
    const bool inpaint = m_panel->task() == QLatin1String("inpaint");
    if (!inpaint && !options->findDamage) return true;
    if (m_brush->isEmpty() && options->findDamage) return true;  // the finder marks it
    if (m_brush->isEmpty()) {
        m_panel->showNotStarted(
            tr("Not started: paint the damage on the photo first (the brush marks it red)."));
        return false;
    }
    // Shared, not copied: painting on afterwards detaches the brush's own mask (QImage's implicit
    // sharing), so the engine thread reads the marks as they were.
    *damage = m_brush->mask();
    options->findDamage = false;  // the marks are the user's answer, edited or drawn
    return true;
}

}  // namespace gpen::ui
