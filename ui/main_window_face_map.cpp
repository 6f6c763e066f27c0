// SPDX-License-Identifier: Apache-2.0
// MainWindow's way into the parsing-map editor (the Restore panel's "Face from map" task and the
// Tools menu); the editor itself is face_map_dialog.cpp.

#include "ui/main_window.h"

#include <QLabel>

#include "ui/bridge/engine_controller.h"
#include "ui/photos/face_map_dialog.h"
#include "ui/photos/face_strip.h"
#include "ui/photos/image_session.h"
#include "ui/photos/restore_panel.h"

namespace gpen::ui {

FaceMapDialog* MainWindow::openFaceMapEditor() {
    const int index = currentIndex();
    if (!m_engine) return nullptr;
    if (index < 0 || !m_session->resident(index)) {
        m_status->setText(
            tr("Open a photo with a face first: the editor starts from a face's map"));
        return nullptr;
    }
    const ImageSession::Entry& e = m_session->entry(index);
    // The face the strip has selected, from the result's pixels back to the photo's (an upscaled
    // result is larger); none selected: the editor takes the largest face.
    QRect near;
    const int face = m_stripPhoto == index ? m_faces->selectedFace() : -1;
    if (face >= 0 && face < e.faces.size() && !e.result.isNull() && e.result.width() > 0) {
        const double s = static_cast<double>(e.size.width()) / e.result.width();
        const QRect& b = e.faces.at(face).box;
        near = QRectF(b.x() * s, b.y() * s, b.width() * s, b.height() * s).toAlignedRect();
    }
    auto* dialog =
        new FaceMapDialog(m_engine, e.decoded, near, e.displayName, m_panel->options(), this);
    connect(dialog, &FaceMapDialog::modelsRequested, this,
            [this] { showModelManager(QStringLiteral("GPEN-Seg2face-512")); });
    dialog->show();
    return dialog;
}

}  // namespace gpen::ui
