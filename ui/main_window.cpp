#include "ui/main_window.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QImageWriter>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QPushButton>
#include <QScrollArea>
#include <QStatusBar>
#include <QVBoxLayout>
#include <QCloseEvent>

#include "ui/batch_dialog.h"
#include "ui/comparison_view.h"
#include "ui/engine_controller.h"
#include "ui/face_strip.h"
#include "ui/restore_panel.h"
#include "ui/image_session.h"
#include "ui/missing_model_banner.h"
#include "ui/restore_model_choices.h"
#include "ui/model_manager_dialog.h"
#include "ui/model_status_bar.h"
#include "ui/result_saver.h"
#include "ui/settings_dialog.h"

namespace gpen::ui {
namespace {

constexpr int kMaxRecent = 10;
const auto kRecentKey = QStringLiteral("recentFiles");

QStringList localPaths(const QMimeData* mime) {
    QStringList paths;
    if (mime) {
        for (const QUrl& url : mime->urls()) {
            if (url.isLocalFile()) {
                paths << url.toLocalFile();
            }
        }
    }
    return paths;
}

}  // namespace

MainWindow::MainWindow(EngineController* engine, QWidget* parent)
    : QMainWindow(parent),
      m_engine(engine),
      m_session(new ImageSession(this)),
      m_models(new ModelStatusBar(this)),
      m_panel(new RestorePanel(this)),
      m_faces(new FaceStrip(this)),
      m_view(new ComparisonView(this)),
      m_list(new QListWidget(this)),
      m_status(new QLabel(this)) {
    setWindowTitle(tr("GPEN Studio"));
    setAcceptDrops(true);
    // The missing-model banner sits above the photo, where the user looks before restoring.
    m_banner = new MissingModelBanner(m_engine, m_panel, this);
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_banner);
    centralLayout->addWidget(m_view, 1);
    setCentralWidget(central);

    auto* dock = new QDockWidget(tr("Photos"), this);
    dock->setObjectName(QStringLiteral("photosDock"));
    dock->setWidget(m_list);
    m_list->setIconSize(QSize(64, 64));
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    auto* options = new QDockWidget(tr("Restore"), this);
    options->setObjectName(QStringLiteral("restoreDock"));
    options->setWidget(m_panel);
    addDockWidget(Qt::RightDockWidgetArea, options);
    auto* facesDock = new QDockWidget(tr("Faces"), this);
    facesDock->setObjectName(QStringLiteral("facesDock"));
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_faces);
    scroll->setWidgetResizable(true);
    scroll->setMinimumHeight(150);
    facesDock->setWidget(scroll);
    addDockWidget(Qt::BottomDockWidgetArea, facesDock);
    m_panel->restoreButton()->setEnabled(m_engine != nullptr);
    connect(m_panel, &RestorePanel::restoreClicked, this, &MainWindow::restoreCurrent);

    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_models);
    if (m_engine) {
        for (const auto& status : m_engine->statuses()) {
            m_models->updateStatus(status);
        }
        connect(m_engine, &EngineController::modelStatusChanged, m_models, &ModelStatusBar::updateStatus);
        connect(m_engine, &EngineController::message, m_status, &QLabel::setText);
        connect(m_engine, &EngineController::restarted, m_models, &ModelStatusBar::clear);
        connectEngine();
    }
    m_status->setText(tr("Drop photos or folders to begin"));

    m_saver = new ResultSaver(m_session, this);
    connect(m_saver, &ResultSaver::savedStateChanged, this, &MainWindow::updateSavedMark);
    connect(m_saver, &ResultSaver::saved, this, [this](int, const QString& path) {
        m_status->setText(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    });
    createActions();
    connect(m_session, &ImageSession::entryAdded, this, [this](int index) {
        const auto& e = m_session->entry(index);
        auto* item = new QListWidgetItem(QIcon(QPixmap::fromImage(e.thumbnail)), e.displayName, m_list);
        item->setToolTip(e.path.isEmpty() ? e.displayName : e.path);
        if (m_list->currentRow() < 0) {
            m_list->setCurrentRow(index);
        }
    });
    connect(m_session, &ImageSession::resultChanged, this, [this](int index) {
        if (index == currentIndex()) {
            showEntry(index);
        }
    });
    connect(m_session, &ImageSession::openFinished, this, &MainWindow::finishOpen);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        showEntry(row);
        Q_EMIT currentImageChanged(row);
    });
    resize(1200, 760);
}

int MainWindow::currentIndex() const { return m_list->currentRow(); }

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::openDialog);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    QAction* paste = file->addAction(tr("&Paste Image"), this, &MainWindow::pasteImage);
    paste->setShortcut(QKeySequence::Paste);
    QAction* batch = file->addAction(tr("&Batch…"), this, [this] { showBatchDialog(); });
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
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    m_saveAs->setEnabled(false);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    auto* modes = new QActionGroup(this);
    const struct {
        QString text;
        ComparisonView::Mode mode;
        QKeySequence key;
    } entries[] = {{tr("&Split"), ComparisonView::Mode::Split, QKeySequence(Qt::Key_1)},
                   {tr("Side by Si&de"), ComparisonView::Mode::SideBySide, QKeySequence(Qt::Key_2)},
                   {tr("&Toggle (hold to see the original)"), ComparisonView::Mode::Toggle, QKeySequence(Qt::Key_3)}};
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
    QAction* actual = view->addAction(tr("&Actual Size"), m_view, &ComparisonView::zoomToActualSize);
    actual->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    QAction* settings = toolsMenu()->addAction(tr("&Settings…"), this, &MainWindow::openSettings);
    settings->setObjectName(QStringLiteral("settingsAction"));
    settings->setShortcut(QKeySequence::Preferences);
    settings->setMenuRole(QAction::PreferencesRole);
    QAction* models = toolsMenu()->addAction(tr("&Models…"), this, [this] { showModelManager(); });
    models->setObjectName(QStringLiteral("modelsAction"));
    models->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    models->setEnabled(m_engine != nullptr);
    updateRecentMenu();
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

void MainWindow::showEntry(int index) {
    if (index < 0 || index >= m_session->count()) {
        m_view->setImages({}, {});
        m_save->setEnabled(false);
        m_saveAs->setEnabled(false);
        return;
    }
    const auto& e = m_session->entry(index);
    m_view->setImages(e.original, e.result);
    m_save->setEnabled(!e.result.isNull());
    m_saveAs->setEnabled(!e.result.isNull());
    m_status->setText(tr("%1 — %2 × %3").arg(e.displayName).arg(e.original.width()).arg(e.original.height()));
}

quint64 MainWindow::openPaths(const QStringList& paths) {
    if (!paths.isEmpty()) m_status->setText(tr("Opening %1…").arg(QFileInfo(paths.front()).fileName()));
    const int before = m_session->count();
    const quint64 id = m_session->open(paths);
    m_openRequests.insert(id, {paths, before});
    return id;
}

void MainWindow::finishOpen(quint64 id, const QStringList& problems) {
    const auto request = m_openRequests.constFind(id);
    if (request == m_openRequests.constEnd()) return;
    const QStringList paths = request->paths;
    const int before = request->countBefore;
    m_openRequests.erase(request);
    if (m_session->count() > before) {
        m_list->setCurrentRow(m_session->count() - 1);
        addRecent(paths);
    } else if (problems.isEmpty() && !paths.isEmpty()) {
        const int existing = m_session->indexOfPath(paths.front());
        if (existing >= 0) {
            m_list->setCurrentRow(existing);
        } else {
            m_status->setText(tr("No supported images in %1").arg(QFileInfo(paths.front()).fileName()));
        }
    }
    // After the selection, which shows the photo's own line: the problems must stay visible.
    if (!problems.isEmpty()) {
        m_status->setText(problems.join(QStringLiteral("; ")));
    }
}

void MainWindow::openDialog() {
    QStringList patterns;
    for (const QString& s : ImageSession::supportedSuffixes()) {
        patterns << QStringLiteral("*.") + s;
    }
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open Photos"), QString(), tr("Images (%1)").arg(patterns.join(QLatin1Char(' '))));
    if (!files.isEmpty()) {
        openPaths(files);
    }
}

void MainWindow::pasteImage() {
    const QImage image = QApplication::clipboard()->image();
    if (image.isNull()) {
        m_status->setText(tr("The clipboard holds no image"));
        return;
    }
    m_session->addImage(image, tr("Pasted image %1").arg(m_session->count() + 1));
    m_list->setCurrentRow(m_session->count() - 1);
}

void MainWindow::saveResult() { m_saver->save(currentIndex()); }

void MainWindow::saveResultAs() { m_saver->saveAs(currentIndex()); }

void MainWindow::updateSavedMark(int index) {
    QListWidgetItem* item = m_list->item(index);
    if (!item || index >= m_session->count()) return;
    const auto& e = m_session->entry(index);
    // A result not on disk yet is marked in the list, so it is not lost by accident.
    item->setText(m_saver->hasUnsaved(index) ? tr("%1 (unsaved)").arg(e.displayName) : e.displayName);
}

QMenu* MainWindow::toolsMenu() {
    if (auto* menu = menuBar()->findChild<QMenu*>(QStringLiteral("toolsMenu"))) return menu;
    QMenu* menu = menuBar()->addMenu(tr("&Tools"));
    menu->setObjectName(QStringLiteral("toolsMenu"));
    return menu;
}

void MainWindow::openSettings() {
    SettingsDialog dialog(m_engine && m_engine->busy(), this);
    if (dialog.exec() != QDialog::Accepted || !m_engine) return;
    const EngineSettings settings = dialog.engineSettings();
    if (m_engine->restart(settings)) {
        m_models->setAlwaysShown(settings.preload);
        m_status->setText(tr("Settings applied: the models load again"));
    } else {
        m_status->setText(tr("Settings saved: the engine uses them from the next launch"));
    }
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(kRecentKey).toStringList();
    for (const QString& path : recent) {
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openPaths({path}); })->setToolTip(path);
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

void MainWindow::connectEngine() {
    connect(m_banner, &MissingModelBanner::importRequested, this,
            [this](const QString& id) { showModelManager(id)->chooseAndImport(id); });
    connect(m_banner, &MissingModelBanner::downloadRequested, this,
            [this](const QString& id) { showModelManager(id)->downloadModel(id); });
    new RestoreModelChoices(m_engine, m_panel, this);  // face models installed first, the choice remembered
    // Only the window's own restore: a batch's jobs report to the batch dialog.
    connect(m_panel, &RestorePanel::cancelClicked, this, [this] { m_engine->cancelJob(m_restoreJob); });
    connect(m_engine, &EngineController::jobProgress, this, [this](const JobProgress& p) {
        if (p.jobId == m_restoreJob) m_panel->showProgress(p);
    });
    connect(m_engine, &EngineController::jobFinished, this, [this](const RestoreOutcome& o) {
        if (o.jobId != m_restoreJob) return;
        m_panel->setRunning(false);
        m_session->setResult(o.imageIndex, o.result);
        if (o.imageIndex == currentIndex()) {
            m_faces->setFaces(o.faces, m_panel->options().strength);
        }
        m_status->setText(o.summary);
    });
    connect(m_engine, &EngineController::jobFailed, this, [this](quint64 id, const QString& message) {
        if (id != m_restoreJob) return;
        m_panel->setRunning(false);
        m_status->setText(tr("Restore failed: %1").arg(message));
    });
    connect(m_engine, &EngineController::jobCancelled, this, [this](quint64 id) {
        if (id != m_restoreJob) return;
        m_panel->setRunning(false);
        m_status->setText(tr("Cancelled"));
    });
    connect(m_faces, &FaceStrip::strengthsChanged, this, [this](const QList<double>& strengths) {
        if (m_jobImage >= 0) m_engine->reblend(m_jobImage, strengths);
    });
    connect(m_engine, &EngineController::reblended, this,
            [this](int index, const QImage& image) { m_session->setResult(index, image); });
}

void MainWindow::restoreCurrent() {
    const int index = currentIndex();
    if (!m_engine || index < 0) {
        m_status->setText(tr("Open a photo first"));
        return;
    }
    if (const QString missing = m_banner->missingModel(); !missing.isEmpty()) {
        // Said where the user looks (the panel), and nothing starts.
        m_panel->stageLabel()->setText(
            tr("Not started: %1 is not installed. Import or download it (above the photo), or choose another model.")
                .arg(missing));
        return;
    }
    m_jobImage = index;
    m_faces->clear();
    m_panel->setRunning(true);
    if (m_engine->batchRunning()) m_status->setText(tr("The restore starts when the batch has finished"));
    m_restoreJob = m_engine->restore(index, m_session->entry(index).original, m_panel->options());
}

BatchDialog* MainWindow::showBatchDialog(const QString& inputFolder) {
    if (!m_engine) return nullptr;
    if (!m_batch) {
        m_batch = new BatchDialog(m_engine, this);
        m_batch->setRestoreOptions(m_panel->options());
        connect(m_batch, &BatchDialog::batchEnded, this, [this](const BatchOutcome&, const QString& error) {
            m_status->setText(error.isEmpty() ? m_batch->progressLabel()->text() : error);
        });
    }
    if (!inputFolder.isEmpty() && !m_batch->running()) m_batch->setInputFolder(inputFolder);
    m_batch->show();
    m_batch->raise();
    m_batch->activateWindow();
    return m_batch;
}

void MainWindow::offerBatch(const QStringList& droppedPaths) {
    QString folder;
    for (const QString& p : droppedPaths) {
        if (QFileInfo(p).isDir()) folder = p;
    }
    if (!m_engine || folder.isEmpty()) return;
    if (!m_batchOffer) {
        m_batchOffer = new QPushButton(this);
        m_batchOffer->setObjectName(QStringLiteral("batchOfferButton"));
        m_batchOffer->setFlat(true);
        statusBar()->addPermanentWidget(m_batchOffer);
        connect(m_batchOffer, &QPushButton::clicked, this, [this] {
            m_batchOffer->hide();
            showBatchDialog(m_batchOffer->property("folder").toString());
        });
    }
    // A dropped folder opens in the list as before; restoring all of it is one click away.
    m_batchOffer->setText(tr("Batch restore “%1”…").arg(QFileInfo(folder).fileName()));
    m_batchOffer->setProperty("folder", folder);
    m_batchOffer->show();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // Restored photos that were never saved would be lost without a word: ask first.
    int unsaved = 0;
    for (int i = 0; i < m_session->count(); ++i) {
        if (m_saver->hasUnsaved(i)) ++unsaved;
    }
    if (unsaved > 0) {
        QMessageBox box(QMessageBox::Warning, tr("Unsaved results"),
                        tr("%n restored photo(s) not saved.", nullptr, unsaved), QMessageBox::Discard | QMessageBox::Cancel,
                        this);
        box.setInformativeText(tr("Quit anyway and lose them?"));
        box.setDefaultButton(QMessageBox::Cancel);
        if (box.exec() != QMessageBox::Discard) {
            event->ignore();
            return;
        }
    }
    if (m_engine && m_engine->batchRunning()) {
        QMessageBox box(QMessageBox::Warning, tr("Batch running"), tr("A batch is still restoring photos."),
                        QMessageBox::Discard | QMessageBox::Cancel, this);
        box.setInformativeText(tr("Stop it and quit? The photos finished so far are kept, with the report."));
        box.button(QMessageBox::Discard)->setText(tr("Stop and Quit"));
        box.setDefaultButton(QMessageBox::Cancel);
        if (box.exec() != QMessageBox::Discard) {
            event->ignore();
            return;
        }
    }
    // Running jobs are cancelled; the engine thread ends at the job's next check.
    if (m_engine) m_engine->cancelAll();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!localPaths(event->mimeData()).isEmpty()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QStringList paths = localPaths(event->mimeData());
    if (!paths.isEmpty()) {
        openPaths(paths);
        offerBatch(paths);
        event->acceptProposedAction();
    }
}

}  // namespace gpen::ui
