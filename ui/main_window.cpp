// SPDX-License-Identifier: Apache-2.0
#include "ui/main_window.h"

#include <algorithm>

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QImageWriter>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

#include "gpen/face/damage_detect.h"
#include "ui/batch/batch_dialog.h"
#include "ui/bridge/engine_controller.h"
#include "ui/common/core_log.h"
#include "ui/common/core_text.h"
#include "ui/common/fit_width_delegate.h"
#include "ui/common/thumbnail.h"
#include "ui/models/missing_model_banner.h"
#include "ui/models/model_manager_dialog.h"
#include "ui/models/model_status_indicator.h"
#include "ui/photos/comparison_view.h"
#include "ui/photos/damage_brush.h"
#include "ui/photos/face_strip.h"
#include "ui/photos/image_session.h"
#include "ui/photos/photo_limits.h"
#include "ui/photos/restore_panel.h"
#include "ui/photos/result_saver.h"
#include "ui/settings/settings_dialog.h"

namespace gpen::ui {
namespace {

constexpr int kListThumb = 64;
const auto kGeometryKey = QStringLiteral("window/geometry");
const auto kStateKey = QStringLiteral("window/state");
// Bumped when the docks change, so that an old saved layout is not applied to new panels.
constexpr int kLayoutVersion = 1;

}  // namespace

MainWindow::MainWindow(EngineController* engine, QWidget* parent)
    : QMainWindow(parent),
      m_engine(engine),
      m_session(new ImageSession(this)),
      m_models(new ModelStatusIndicator(this)),
      m_panel(new RestorePanel(this)),
      m_faces(new FaceStrip(this)),
      m_view(new ComparisonView(this)),
      m_list(new QListWidget(this)),
      m_status(new QLabel(this)) {
    setWindowTitle(tr("GPEN Studio"));
    setAcceptDrops(true);
    m_brush = new DamageBrush(this);
    connectDamageBrush();
    connectStopKey();
    // The missing-model banner sits above the photo, where the user looks before restoring.
    m_banner = new MissingModelBanner(m_engine, m_panel, this);
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_banner);
    centralLayout->addWidget(m_view, 1);
    setCentralWidget(central);

    m_photosDock = new QDockWidget(tr("Photos"), this);
    m_photosDock->setObjectName(QStringLiteral("photosDock"));
    m_photosDock->setWidget(m_list);
    m_list->setIconSize(QSize(kListThumb, kListThumb));
    // A long name wraps at its words ("(simulated damage)" on a line of its own); one that still
    // does not fit loses its middle, never its "(unsaved)" mark.
    m_list->setWordWrap(true);
    m_list->setTextElideMode(Qt::ElideMiddle);
    // Rows as wide as the panel (no sideways scrolling), so that the eliding applies.
    m_list->setItemDelegate(new FitWidthDelegate(m_list));
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setContextMenuPolicy(Qt::ActionsContextMenu);
    addDockWidget(Qt::LeftDockWidgetArea, m_photosDock);

    m_restoreDock = new QDockWidget(tr("Restore"), this);
    m_restoreDock->setObjectName(QStringLiteral("restoreDock"));
    // Scrolls on a small screen: the options grow with the task (the brush's tools), the window
    // must not.
    auto* panelScroll = new QScrollArea(this);
    panelScroll->setWidget(m_panel);
    panelScroll->setWidgetResizable(true);
    panelScroll->setFrameShape(QFrame::NoFrame);
    panelScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // As wide as the panel needs, with the tools its task shows (a scroll area alone would let
    // the dock cut it).
    const auto fitPanel = [this, panelScroll] {
        m_panel->adjustSize();
        panelScroll->setMinimumWidth(
            std::max(m_panel->minimumSizeHint().width(), m_panel->sizeHint().width()) +
            panelScroll->verticalScrollBar()->sizeHint().width());
    };
    fitPanel();
    connect(m_panel, &RestorePanel::taskChanged, panelScroll, fitPanel);
    m_restoreDock->setWidget(panelScroll);
    addDockWidget(Qt::RightDockWidgetArea, m_restoreDock);
    m_facesDock = new QDockWidget(tr("Faces"), this);
    m_facesDock->setObjectName(QStringLiteral("facesDock"));
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_faces);
    scroll->setWidgetResizable(true);
    scroll->setMinimumHeight(120);
    // One row of cards: it scrolls sideways only (a vertical bar appeared beside the horizontal
    // one whenever the dock was a few pixels short).
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_facesDock->setWidget(scroll);
    addDockWidget(Qt::BottomDockWidgetArea, m_facesDock);
    m_panel->restoreButton()->setEnabled(m_engine != nullptr);
    connect(m_panel, &RestorePanel::restoreClicked, this, &MainWindow::restoreCurrent);

    statusBar()->addWidget(m_status, 1);
    // A long message is cut rather than widening the window past the screen.
    m_status->setMinimumWidth(0);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    statusBar()->addPermanentWidget(m_models);
    if (m_engine) {
        for (const auto& status : m_engine->statuses()) {
            m_models->updateStatus(status);
        }
        connect(m_engine, &EngineController::modelStatusChanged, m_models,
                &ModelStatusIndicator::updateStatus);
        connect(m_engine, &EngineController::message, m_status, &QLabel::setText);
        connect(m_engine, &EngineController::restarted, m_models, &ModelStatusIndicator::clear);
        connect(m_models, &ModelStatusIndicator::manageRequested, this,
                [this] { showModelManager(); });
        connectEngine();
    }
    // Core's own notes in this process (the encoder's "metadata not copied", for one).
    auto* coreLog = new CoreLog(this);
    connect(coreLog, &CoreLog::note, this, [this](CoreLog::Level level, const QString& text) {
        if (level >= CoreLog::Level::Warning) {
            m_status->setText(text);
        } else {
            qInfo("%s", qUtf8Printable(text));
        }
    });
    m_status->setText(tr("Drop photos or folders to begin"));
    m_session->setMaxMegapixels(PhotoLimits::storedMaxMegapixels());
    connect(m_panel, &RestorePanel::strengthChanged, m_faces, &FaceStrip::setAllStrengths);
    connect(m_view, &ComparisonView::faceClicked, m_faces, &FaceStrip::selectFace);
    connect(m_faces, &FaceStrip::faceSelected, m_view, &ComparisonView::setSelectedFace);
    // A card clicked in the strip: its face in the middle of the photo, large enough to see.
    connect(m_faces, &FaceStrip::faceActivated, this, [this](int face) {
        const int index = currentIndex();
        if (index >= 0 && face < m_session->entry(index).faces.size())
            m_view->showRegion(m_session->entry(index).faces[face].box);
    });

    m_saver = new ResultSaver(m_session, this);
    connect(m_saver, &ResultSaver::savedStateChanged, this, &MainWindow::updateSavedMark);
    // After the saver's own handler: it renumbers its records first.
    connect(m_session, &ImageSession::entryRemoved, this, &MainWindow::onEntryRemoved);
    connect(m_saver, &ResultSaver::saved, this, [this](int, const QString& path) {
        m_status->setText(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    });
    // The window answers while a file is encoded; the keyboard and mouse wait for it.
    connect(m_saver, &ResultSaver::busyChanged, this, [this](bool busy, const QString& fileName) {
        if (busy) m_status->setText(tr("Saving %1…").arg(fileName));
        if (busy)
            QApplication::setOverrideCursor(Qt::BusyCursor);
        else
            QApplication::restoreOverrideCursor();
    });
    createActions();
    setUpPhotoListActions();
    connect(m_session, &ImageSession::entryAdded, this, [this](int index) {
        newListItem(index);
        if (m_list->currentRow() < 0) {
            showPhoto(index);
        }
    });
    connect(m_session, &ImageSession::resultChanged, this, [this](int index) {
        if (index == currentIndex()) {
            showEntry(index);
        }
    });
    connect(m_session, &ImageSession::openFinished, this, &MainWindow::finishOpen);
    // A released photo is back: shown if it is still in view, restored if that was asked for.
    connect(m_session, &ImageSession::entryLoaded, this, [this](int index) {
        if (index != currentIndex()) return;
        showEntry(index);
        if (index == m_restoreWhenLoaded) {
            m_restoreWhenLoaded = -1;
            if (m_session->resident(index)) {
                restoreCurrent();
            } else {
                m_restoreQueue.clear();
            }
        }
    });
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        showEntry(row);
        Q_EMIT currentImageChanged(row);
    });
    resize(1200, 760);
    restoreLayout();
}

QListWidgetItem* MainWindow::newListItem(int index) {
    const auto& e = m_session->entry(index);
    // Rendered at the screen's pixel ratio: sharp at 200 % scaling.
    auto* item = new QListWidgetItem(QIcon(thumbnail(e.original.isNull() ? e.thumbnail : e.original,
                                                     kListThumb, devicePixelRatioF())),
                                     e.displayName);
    m_list->insertItem(index, item);
    item->setToolTip(e.path.isEmpty() ? e.displayName : QDir::toNativeSeparators(e.path));
    return item;
}

void MainWindow::restoreLayout() {
    const QSettings settings;
    if (settings.value(QStringLiteral("window/layoutVersion")).toInt() == kLayoutVersion) {
        restoreGeometry(settings.value(kGeometryKey).toByteArray());
        restoreState(settings.value(kStateKey).toByteArray(), kLayoutVersion);
    }
    fitToScreen();
}

void MainWindow::saveLayout() const {
    QSettings settings;
    settings.setValue(QStringLiteral("window/layoutVersion"), kLayoutVersion);
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState(kLayoutVersion));
}

void MainWindow::fitToScreen() {
    const QScreen* s = screen();
    if (!s) return;
    // Never larger than the screen's free area (a 1024 x 700 laptop, or 200 % scaling), with room
    // for the window frame, and on it.
    const QRect avail = s->availableGeometry();
    const QSize frame = frameGeometry().size() - geometry().size();
    const QSize room = avail.size() - frame.expandedTo(QSize(0, 0));
    if (isMaximized() || isFullScreen()) return;
    const QSize fitted = size().boundedTo(room).expandedTo(minimumSizeHint().boundedTo(room));
    if (fitted != size()) resize(fitted);
    QRect g = frameGeometry();
    if (!avail.contains(g)) {
        g.moveLeft(std::clamp(g.left(), avail.left(),
                              std::max(avail.left(), avail.right() - g.width() + 1)));
        g.moveTop(std::clamp(g.top(), avail.top(),
                             std::max(avail.top(), avail.bottom() - g.height() + 1)));
        move(g.topLeft());
    }
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    // Once shown the frame is known (and the screen may differ from the one at construction).
    if (!m_layoutApplied) {
        m_layoutApplied = true;
        fitToScreen();
        // A panel the user floated comes back with the layout before this window is mapped, and
        // a window manager (openbox) may stack the window over it: raised again once it is up.
        QTimer::singleShot(0, this, [this] {
            for (QDockWidget* dock : {m_photosDock, m_restoreDock, m_facesDock}) {
                if (dock->isFloating() && dock->isVisible()) dock->raise();
            }
        });
    }
}

int MainWindow::currentIndex() const {
    return m_list->currentRow();
}

void MainWindow::showPhoto(int index) {
    // QListWidget::setCurrentRow(row) adds the row to an extended selection: a photo that arrived
    // while another was selected left both highlighted.
    m_list->setCurrentRow(index, QItemSelectionModel::ClearAndSelect);
}

ModelManagerDialog* MainWindow::showModelManager(const QString& modelId) {
    if (!m_engine) return nullptr;
    if (!m_modelManager) m_modelManager = new ModelManagerDialog(m_engine, this);
    if (!modelId.isEmpty()) m_modelManager->selectModel(modelId);
    m_modelManager->show();
    m_modelManager->raise();
    m_modelManager->activateWindow();
    return m_modelManager;
}

void MainWindow::showNothing(bool photoSelected) {
    m_view->setImages({}, {});
    m_view->setFaceBoxes({});
    showRepairedAreas(-1);
    m_faces->clear();
    m_stripPhoto = -1;
    m_save->setEnabled(false);
    m_saveAs->setEnabled(false);
    m_closePhoto->setEnabled(photoSelected);
    updateEditActions();
}

void MainWindow::showEntry(int index) {
    brushFollows(index);
    // Another photo: seen whole (fitted), and the panel says what was done to it, not to the last.
    if (index != m_shownPhoto) {
        m_shownPhoto = index;
        m_view->zoomToFit();
        if (m_jobImage < 0 && index >= 0 && index < m_session->count())
            m_panel->showFinished(m_session->entry(index).summary);
    }
    if (index < 0 || index >= m_session->count()) {
        showNothing(false);
        return;
    }
    m_session->use(index);
    const auto& e = m_session->entry(index);
    if (!m_session->resident(index)) {
        // A photo released for memory (a large folder) is decoded again: shown when it is back.
        // It carries no result (those are never released): nothing to save yet.
        showNothing(true);
        m_status->setText(
            e.loadProblem.isEmpty()
                ? tr("Loading %1…").arg(e.displayName)
                : tr("%1 cannot be read again: %2").arg(e.displayName, e.loadProblem));
        return;
    }
    m_view->setImages(e.original, e.result);
    showRepairedAreas(index);
    m_save->setEnabled(!e.result.isNull());
    m_saveAs->setEnabled(!e.result.isNull());
    m_closePhoto->setEnabled(true);
    showFaces(index);
    updateEditActions();
    m_status->setText(
        tr("%1 — %2 × %3").arg(e.displayName).arg(e.size.width()).arg(e.size.height()));
}

bool MainWindow::confirmDiscard(const QString& title, const QString& text, const QString& question,
                                const QString& discardText) {
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::Discard | QMessageBox::Cancel,
                    this);
    box.setInformativeText(question);
    // Mnemonics on both (Alt+D discards); Cancel is the default, so Enter loses nothing.
    box.button(QMessageBox::Discard)->setText(discardText.isEmpty() ? tr("&Discard") : discardText);
    box.button(QMessageBox::Cancel)->setText(tr("&Cancel"));
    box.setDefaultButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Discard;
}

bool MainWindow::closePhoto(int index) {
    if (index < 0 || index >= m_session->count()) return false;
    if (m_saver->hasUnsaved(index) &&
        !confirmDiscard(
            tr("Close Photo"),
            tr("The restored %1 is not saved.").arg(m_session->entry(index).displayName),
            tr("Close it anyway and lose the result?"))) {
        return false;
    }
    m_session->remove(index);
    return true;
}

void MainWindow::onEntryRemoved(int index) {
    // The engine's held result belongs to the closed photo: nothing can re-blend it any more.
    for (HeldResult* held : {&m_reblend, &m_held}) {
        if (index == held->photo) {
            *held = {};
        } else if (index < held->photo) {
            --held->photo;
        }
    }
    if (index == m_jobImage) {
        if (m_engine) m_engine->cancelJob(m_restoreJob);
        m_jobImage = -1;
    } else if (index < m_jobImage) {
        --m_jobImage;
    }
    m_stripPhoto = -1;
    // The brush held the closed photo's mask, or one that moved up a row.
    if (index == m_brushPhoto) {
        m_brushPhoto = -1;
    } else if (index < m_brushPhoto) {
        --m_brushPhoto;
    }
    // Restore All's photos still to come follow the list.
    m_restoreQueue.removeAll(index);
    for (int& queued : m_restoreQueue) queued -= queued > index ? 1 : 0;
    m_shownPhoto = -1;  // the photo that moves into its row is another one
    delete m_list->takeItem(index);
    // The rows after it moved up: their unsaved marks follow (the saver renumbered its records).
    for (int i = index; i < m_session->count(); ++i) updateSavedMark(i);
    showEntry(currentIndex());
}

void MainWindow::showError(const QString& message) {
    m_status->setText(message);
    auto* box =
        new QMessageBox(QMessageBox::Warning, tr("GPEN Studio"), message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->open();
}

void MainWindow::saveResult() {
    m_saver->save(currentIndex());
}

void MainWindow::saveResultAs() {
    m_saver->saveAs(currentIndex());
}

void MainWindow::updateSavedMark(int index) {
    QListWidgetItem* item = m_list->item(index);
    if (!item || index >= m_session->count()) return;
    const auto& e = m_session->entry(index);
    // A result not on disk yet is marked in the list, so it is not lost by accident.
    item->setText(m_saver->hasUnsaved(index) ? tr("%1 (unsaved)").arg(e.displayName)
                                             : e.displayName);
    updateEditActions();
}

void MainWindow::openSettings() {
    SettingsDialog dialog(m_engine && m_engine->busy(), this);
    if (m_engine) dialog.showCommandLineModelsDir(m_engine->commandLineModelsDir());
    const EngineSettings before = EngineSettings::load();
    if (dialog.exec() != QDialog::Accepted) return;
    m_session->setMaxMegapixels(PhotoLimits::storedMaxMegapixels());
    if (!m_engine) return;
    const EngineSettings settings = dialog.engineSettings();
    // A theme, the language or the largest photo changed: the models stay as they are.
    if (settings == before) {
        m_status->setText(tr("Settings saved"));
        return;
    }
    if (m_engine->restart(settings)) {
        m_models->setAlwaysShown(settings.preload);
        m_status->setText(tr("Settings applied: the models load again"));
    } else {
        m_status->setText(tr("Settings saved: the engine uses them from the next launch"));
    }
}

BatchDialog* MainWindow::showBatchDialog(const QString& inputFolder) {
    if (!m_engine) return nullptr;
    if (!m_batch) {
        m_batch = new BatchDialog(m_engine, this);
        m_batch->setRestoreOptions(m_panel->options());
        connect(m_batch, &BatchDialog::batchEnded, this,
                [this](const BatchOutcome&, const QString& error) {
                    m_status->setText(error.isEmpty() ? m_batch->progressLabel()->text() : error);
                });
    }
    if (!inputFolder.isEmpty() && !m_batch->running()) m_batch->setInputFolder(inputFolder);
    m_batch->show();
    m_batch->raise();
    m_batch->activateWindow();
    return m_batch;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // Restored photos that were never saved would be lost without a word: ask first.
    int unsaved = 0;
    for (int i = 0; i < m_session->count(); ++i) {
        if (m_saver->hasUnsaved(i)) ++unsaved;
    }
    if (unsaved > 0) {
        QString question = tr("Quit anyway and lose them?", nullptr, unsaved);
        // A restore still running is lost with them: say so where the user decides.
        if (m_engine && m_engine->restoreRunning())
            question =
                tr("A restore is still running and stops too.") + QLatin1Char(' ') + question;
        if (!confirmDiscard(tr("Unsaved results"),
                            tr("%n restored photo(s) not saved.", nullptr, unsaved), question)) {
            event->ignore();
            return;
        }
    }
    if (m_engine && m_engine->batchRunning() &&
        !confirmDiscard(
            tr("Batch running"), tr("A batch is still restoring photos."),
            tr("Stop it and quit? The photos finished so far are kept, with the report."),
            tr("&Stop and Quit"))) {
        event->ignore();
        return;
    }
    // Running jobs are cancelled; the engine thread ends at the job's next check.
    if (m_engine) m_engine->cancelAll();
    saveLayout();
    event->accept();
}

}  // namespace gpen::ui
