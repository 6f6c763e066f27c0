// SPDX-License-Identifier: Apache-2.0
// MainWindow's Edit and Photo menus (Undo / Redo of the face choices, Revert to Original, Restore,
// Restore All, Save All), Help → Keyboard Shortcuts, and the Photos list's multiple selection with
// Delete. The window's layout is in main_window.cpp, the other menus in main_window_menus.cpp.

#include <algorithm>

#include <QAction>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>

#include "ui/bridge/engine_controller.h"
#include "ui/main_window.h"
#include "ui/photos/face_strip.h"
#include "ui/photos/image_session.h"
#include "ui/photos/restore_panel.h"
#include "ui/photos/result_saver.h"
#include "ui/settings/shortcuts_dialog.h"

namespace gpen::ui {

void MainWindow::createEditMenu() {
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    m_undo = edit->addAction(tr("&Undo Face Change"), this, [this] { stepFaceChoices(true); });
    m_undo->setObjectName(QStringLiteral("undoAction"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = edit->addAction(tr("&Redo Face Change"), this, [this] { stepFaceChoices(false); });
    m_redo->setObjectName(QStringLiteral("redoAction"));
    m_redo->setShortcuts(QKeySequence::Redo);
    edit->addSeparator();
    m_revert = edit->addAction(tr("Re&vert to Original"), this, &MainWindow::revertCurrent);
    m_revert->setObjectName(QStringLiteral("revertAction"));
    updateEditActions();
}

void MainWindow::createPhotoMenu() {
    QMenu* photo = menuBar()->addMenu(tr("&Photo"));
    m_restoreAction = photo->addAction(tr("&Restore"), this, &MainWindow::restoreCurrent);
    m_restoreAction->setObjectName(QStringLiteral("restoreAction"));
    m_restoreAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_restoreAll = photo->addAction(tr("Restore &All Photos"), this, &MainWindow::restoreAll);
    m_restoreAll->setObjectName(QStringLiteral("restoreAllAction"));
    m_restoreAll->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    photo->addSeparator();
    m_saveAll = photo->addAction(tr("Save A&ll Results"), this, &MainWindow::saveAll);
    m_saveAll->setObjectName(QStringLiteral("saveAllAction"));
    m_saveAll->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
    for (QAction* a : {m_restoreAction, m_restoreAll}) a->setEnabled(m_engine != nullptr);
}

void MainWindow::addShortcutsHelp(QMenu* help) {
    QAction* keys = help->addAction(tr("&Keyboard Shortcuts"), this, [this] {
        ShortcutsDialog dialog(menuBar(), this);
        dialog.exec();
    });
    keys->setObjectName(QStringLiteral("shortcutsAction"));
    keys->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Question));
}

void MainWindow::setUpPhotoListActions() {
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    auto* closeSelected = new QAction(tr("Close Selected Photos"), m_list);
    closeSelected->setObjectName(QStringLiteral("closeSelectedAction"));
    closeSelected->setShortcut(QKeySequence::Delete);
    closeSelected->setShortcutContext(Qt::WidgetShortcut);
    connect(closeSelected, &QAction::triggered, this, &MainWindow::closeSelectedPhotos);
    // The list's context menu: what applies to the photo under the cursor, then closing.
    m_list->insertAction(m_closePhoto, m_restoreAction);
    m_list->insertAction(m_closePhoto, m_save);
    m_list->addAction(closeSelected);
}

void MainWindow::updateEditActions() {
    if (!m_undo) return;
    const int index = currentIndex();
    const bool photo = index >= 0 && index < m_session->count();
    const bool adjustable = photo && index == m_reblend.photo;
    m_undo->setEnabled(adjustable && !m_session->entry(index).undo.isEmpty());
    m_redo->setEnabled(adjustable && !m_session->entry(index).redo.isEmpty());
    m_revert->setEnabled(photo && !m_session->entry(index).result.isNull() && index != m_jobImage);
    if (m_saveAll) {
        bool unsaved = false;
        for (int i = 0; i < m_session->count() && !unsaved; ++i) unsaved = m_saver->hasUnsaved(i);
        m_saveAll->setEnabled(unsaved);
    }
}

void MainWindow::stepFaceChoices(bool back) {
    const int index = currentIndex();
    if (!m_engine || index < 0 || index != m_reblend.photo ||
        !m_session->stepFaceChoices(index, back))
        return;
    const auto& e = m_session->entry(index);
    m_faces->setChoices(e.faceStrengths, e.facesAccepted);
    m_engine->reblend(m_reblend.key, m_faces->strengths());
    updateEditActions();
}

void MainWindow::revertCurrent() {
    const int index = currentIndex();
    if (index < 0 || m_session->entry(index).result.isNull() || index == m_jobImage) return;
    if (m_saver->hasUnsaved(index) &&
        !confirmDiscard(
            tr("Revert to Original"),
            tr("The restored %1 is not saved.").arg(m_session->entry(index).displayName),
            tr("Revert anyway and lose the result?"))) {
        return;
    }
    if (index == m_reblend.photo) m_reblend = {};
    if (index == m_held.photo) m_held = {};  // a cancel must not bring its faces back
    m_stripPhoto = -1;
    m_session->revert(index);
    updateSavedMark(index);
    updateEditActions();
}

void MainWindow::restoreAll() {
    if (!m_engine || m_session->count() == 0) return;
    // The photos without a result; when every photo has one, all of them again.
    m_restoreQueue.clear();
    for (int i = 0; i < m_session->count(); ++i) {
        if (m_session->entry(i).result.isNull()) m_restoreQueue << i;
    }
    if (m_restoreQueue.isEmpty()) {
        for (int i = 0; i < m_session->count(); ++i) m_restoreQueue << i;
    }
    m_restoreQueueTotal = static_cast<int>(m_restoreQueue.size());
    startNextQueued();
}

void MainWindow::startNextQueued() {
    if (m_restoreQueue.isEmpty()) return;
    const int index = m_restoreQueue.takeFirst();
    const int done = m_restoreQueueTotal - static_cast<int>(m_restoreQueue.size());
    showPhoto(index);
    restoreCurrent();
    if (m_jobImage != index &&
        m_restoreWhenLoaded != index) {  // it did not start (a missing model): nor would the rest
        m_restoreQueue.clear();
        return;
    }
    m_status->setText(tr("Restoring photo %1 of %2").arg(done).arg(m_restoreQueueTotal));
}

void MainWindow::saveAll() {
    const int written = m_saver->saveAll();
    m_status->setText(tr("%n result(s) saved", nullptr, written));
    updateEditActions();
}

void MainWindow::closeSelectedPhotos() {
    QList<int> rows;
    for (const QListWidgetItem* item : m_list->selectedItems()) rows << m_list->row(item);
    if (rows.isEmpty() && currentIndex() >= 0) rows << currentIndex();
    if (rows.size() == 1) {
        closePhoto(rows.front());
        return;
    }
    const auto unsaved =
        std::count_if(rows.begin(), rows.end(), [this](int r) { return m_saver->hasUnsaved(r); });
    if (unsaved > 0 && !confirmDiscard(tr("Close Photos"),
                                       tr("%n of the restored photos are not saved.", nullptr,
                                          static_cast<int>(unsaved)),
                                       tr("Close them anyway and lose the results?"))) {
        return;
    }
    // From the last up: the rows above keep their numbers.
    std::sort(rows.begin(), rows.end(), std::greater<>());
    for (int r : rows) m_session->remove(r);
}

}  // namespace gpen::ui
