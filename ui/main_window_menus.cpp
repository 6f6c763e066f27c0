// SPDX-License-Identifier: Apache-2.0
// MainWindow's menus and actions, and the recent-files list they show (the window's layout and
// behaviour are in main_window.cpp).

#include "ui/main_window.h"

#include <QActionGroup>
#include <QDockWidget>
#include <QFileInfo>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>

#include "ui/bridge/engine_controller.h"
#include "ui/photos/comparison_view.h"
#include "ui/photos/restore_panel.h"
#include "ui/settings/about_dialog.h"

namespace gpen::ui {
namespace {

constexpr int kMaxRecent = 10;
const auto kRecentKey = QStringLiteral("recentFiles");

}  // namespace

void MainWindow::connectStopKey() {
    // Esc stops the restore in hand, as the panel's Cancel does (which also says "Cancelling…").
    auto* stop = new QShortcut(QKeySequence::Cancel, this);
    stop->setContext(Qt::WindowShortcut);
    connect(stop, &QShortcut::activated, this, [this] {
        if (m_panel->cancelButton()->isEnabled()) m_panel->cancelButton()->click();
    });
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::openDialog);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    QAction* paste = file->addAction(tr("&Paste Image"), this, &MainWindow::pasteImage);
    paste->setShortcut(QKeySequence::Paste);
    QAction* batch =
        file->addAction(tr("&Batch…"), this, [this] { showBatchDialog(m_openedFolder); });
    batch->setObjectName(QStringLiteral("batchAction"));
    batch->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    batch->setEnabled(m_engine != nullptr);
    file->addSeparator();
    m_save = file->addAction(tr("&Save Result"), this, &MainWindow::saveResult);
    m_save->setObjectName(QStringLiteral("saveAction"));
    m_save->setShortcut(QKeySequence::Save);
    m_save->setEnabled(false);
    m_saveAs = file->addAction(tr("Save Result &As…"), this, &MainWindow::saveResultAs);
    m_saveAs->setObjectName(QStringLiteral("saveAsAction"));
    // QKeySequence::SaveAs is empty on some desktops: the common Ctrl+Shift+S everywhere.
    m_saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_saveAs->setEnabled(false);
    file->addSeparator();
    m_closePhoto =
        file->addAction(tr("&Close Photo"), this, [this] { closePhoto(currentIndex()); });
    m_closePhoto->setObjectName(QStringLiteral("closePhotoAction"));
    m_closePhoto->setShortcut(QKeySequence::Close);
    m_closePhoto->setEnabled(false);
    m_list->addAction(m_closePhoto);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    createEditMenu();

    QMenu* view = menuBar()->addMenu(tr("&View"));
    auto* modes = new QActionGroup(this);
    const struct {
        QString text;
        ComparisonView::Mode mode;
        QKeySequence key;
    } entries[] = {{tr("&Split"), ComparisonView::Mode::Split, QKeySequence(Qt::Key_1)},
                   {tr("Side by Si&de"), ComparisonView::Mode::SideBySide, QKeySequence(Qt::Key_2)},
                   {tr("&Toggle (hold to see the original)"), ComparisonView::Mode::Toggle,
                    QKeySequence(Qt::Key_3)}};
    for (const auto& e : entries) {
        QAction* a = view->addAction(e.text);
        a->setCheckable(true);
        a->setShortcut(e.key);
        a->setChecked(e.mode == m_view->mode());
        modes->addAction(a);
        const auto mode = e.mode;
        connect(a, &QAction::triggered, this, [this, mode] { m_view->setMode(mode); });
    }
    view->addSeparator();
    QAction* fit = view->addAction(tr("Zoom to &Fit"), m_view, &ComparisonView::zoomToFit);
    fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    QAction* actual =
        view->addAction(tr("&Actual Size"), m_view, &ComparisonView::zoomToActualSize);
    actual->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    QAction* boxes = view->addAction(tr("Show &Face Boxes"));
    boxes->setObjectName(QStringLiteral("faceBoxesAction"));
    boxes->setCheckable(true);
    boxes->setChecked(true);
    connect(boxes, &QAction::toggled, m_view, &ComparisonView::setFaceBoxesVisible);
    // A closed panel comes back from here.
    view->addSeparator();
    QMenu* panels = view->addMenu(tr("&Panels"));
    panels->setObjectName(QStringLiteral("panelsMenu"));
    for (QDockWidget* dock : {m_photosDock, m_restoreDock, m_facesDock}) {
        panels->addAction(dock->toggleViewAction());
    }
    createPhotoMenu();
    QAction* settings = toolsMenu()->addAction(tr("&Settings…"), this, &MainWindow::openSettings);
    settings->setObjectName(QStringLiteral("settingsAction"));
    // The desktop's Preferences key where it has one (empty on some), and Ctrl+, everywhere.
    QList<QKeySequence> settingsKeys = QKeySequence::keyBindings(QKeySequence::Preferences);
    if (!settingsKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Comma)))
        settingsKeys.prepend(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    settings->setShortcuts(settingsKeys);
    settings->setMenuRole(QAction::PreferencesRole);
    QAction* models = toolsMenu()->addAction(tr("&Models…"), this, [this] { showModelManager(); });
    models->setObjectName(QStringLiteral("modelsAction"));
    models->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    models->setEnabled(m_engine != nullptr);
    // Seg2face's editor: from the menu as from the Restore panel's "Face from map" task.
    QAction* faceMap = toolsMenu()->addAction(tr("Face from Parsing &Map…"), this,
                                              [this] { openFaceMapEditor(); });
    faceMap->setObjectName(QStringLiteral("faceMapAction"));
    faceMap->setEnabled(m_engine != nullptr);
    connect(m_panel->editMapButton(), &QPushButton::clicked, this, [this] { openFaceMapEditor(); });
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(tr("&About GPEN Studio"), this, [this] {
        AboutDialog dialog(this);
        dialog.exec();
    });
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setMenuRole(QAction::AboutRole);
    addShortcutsHelp(help);
    updateRecentMenu();
}

QMenu* MainWindow::toolsMenu() {
    if (auto* menu = menuBar()->findChild<QMenu*>(QStringLiteral("toolsMenu"))) return menu;
    QMenu* menu = menuBar()->addMenu(tr("&Tools"));
    menu->setObjectName(QStringLiteral("toolsMenu"));
    return menu;
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(kRecentKey).toStringList();
    for (const QString& path : recent) {
        m_recentMenu
            ->addAction(QFileInfo(path).fileName(), this, [this, path] { openPaths({path}); })
            ->setToolTip(path);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::addRecent(const QStringList& paths) {
    QStringList recent = QSettings().value(kRecentKey).toStringList();
    for (const QString& p : paths) {
        recent.removeAll(p);
        recent.prepend(p);
    }
    while (recent.size() > kMaxRecent) {
        recent.removeLast();
    }
    QSettings().setValue(kRecentKey, recent);
    updateRecentMenu();
}

}  // namespace gpen::ui
