// SPDX-License-Identifier: Apache-2.0
#include "ui/models/model_manager_dialog.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/bridge/engine_controller.h"
#include "ui/common/core_text.h"
#include "ui/models/model_downloader.h"
#include "ui/models/model_status_indicator.h"

namespace gpen::ui {
namespace {

QStringList droppedCheckpoints(const QMimeData* mime) {
    QStringList paths;
    if (mime) {
        for (const QUrl& url : mime->urls()) {
            const QString path = url.toLocalFile();
            if (url.isLocalFile() && (path.endsWith(QStringLiteral(".pth"), Qt::CaseInsensitive) ||
                                      path.endsWith(QStringLiteral(".pt"), Qt::CaseInsensitive))) {
                paths << path;
            }
        }
    }
    return paths;
}

QString kindText(ModelKind kind) {
    switch (kind) {
        case ModelKind::GpenFace:
            return ModelManagerDialog::tr("face restoration");
        case ModelKind::Detector:
            return ModelManagerDialog::tr("face detector");
        case ModelKind::Parser:
            return ModelManagerDialog::tr("face parsing");
        case ModelKind::Background:
            return ModelManagerDialog::tr("background upscaler");
        case ModelKind::Identity:
            return ModelManagerDialog::tr("identity check");
    }
    return {};
}

QString mb(double megabytes) {
    return ModelManagerDialog::tr("%1 MB").arg(megabytes, 0, 'f', megabytes < 10 ? 1 : 0);
}

}  // namespace

ModelManagerDialog::ModelManagerDialog(EngineController* engine, QWidget* parent)
    : QDialog(parent),
      m_engine(engine),
      m_downloader(new ModelDownloader(engine, this)),
      m_catalog(ModelCatalog::released()),
      m_table(new QTableWidget(0, ColumnCount, this)),
      m_import(new QPushButton(tr("&Import…"), this)),
      m_download(new QPushButton(tr("&Download"), this)),
      m_cancel(new QPushButton(tr("&Cancel Download"), this)),
      m_openPage(new QPushButton(tr("Open Download &Page"), this)),
      m_openFolder(new QPushButton(tr("Open Models &Folder"), this)),
      m_progress(new QProgressBar(this)),
      m_message(new QLabel(this)) {
    setWindowTitle(tr("Models"));
    setAcceptDrops(true);
    m_table->setHorizontalHeaderLabels(
        {tr("Model"), tr("Kind"), tr("State"), tr("Size"), tr("File"), tr("Licence")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_import->setToolTip(
        tr("Import a .pth or .pt file (you can also drop files here). A file whose name is not a "
           "released one is imported as the selected model."));
    m_progress->setVisible(false);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    for (const auto& e : m_catalog.entries()) {
        addRow(QString::fromStdString(e.id));
    }
    for (const auto& s : m_engine->statuses()) {
        onStatus(s);
    }
    m_table->resizeColumnsToContents();

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_import);
    buttons->addWidget(m_download);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_openPage);
    buttons->addStretch(1);
    buttons->addWidget(m_openFolder);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_message);
    layout->addWidget(close);
    resize(980, 460);

    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            &ModelManagerDialog::refreshButtons);
    connect(m_import, &QPushButton::clicked, this, [this] { chooseAndImport(selectedModel()); });
    connect(m_download, &QPushButton::clicked, this, [this] { downloadModel(selectedModel()); });
    connect(m_cancel, &QPushButton::clicked, m_downloader, &ModelDownloader::cancel);
    connect(m_openPage, &QPushButton::clicked, this, &ModelManagerDialog::openDownloadPage);
    connect(m_openFolder, &QPushButton::clicked, this, &ModelManagerDialog::openModelsFolder);
    connect(m_engine, &EngineController::modelStatusChanged, this, &ModelManagerDialog::onStatus);
    connect(m_engine, &EngineController::restarted, this, [this] {
        for (int row = 0; row < m_table->rowCount(); ++row)
            refreshRow(row);  // "checking…" until reported
        refreshButtons();
    });
    connect(m_engine, &EngineController::modelImported, this,
            [this](const QString& source, const QString& id, const QString& file) {
                if (m_importing.remove(source)) {
                    showMessage(
                        tr("%1 imported as %2 (%3)").arg(QFileInfo(source).fileName(), id, file));
                }
            });
    connect(m_engine, &EngineController::importFailed, this,
            [this](const QString& source, const QString& message) {
                if (m_importing.remove(source)) {
                    showMessage(message, true);
                }
            });
    connect(m_downloader, &ModelDownloader::progress, this,
            [this](const QString& id, qint64 bytes, qint64 total) {
                m_downloadBytes = bytes;
                m_downloadTotal = total;
                m_progress->setVisible(true);
                if (total > 0) {
                    // Kilobytes: a QProgressBar counts in int.
                    m_progress->setRange(0, static_cast<int>(total / 1024));
                    m_progress->setValue(static_cast<int>(bytes / 1024));
                    showMessage(
                        tr("Downloading %1: %2 of %3").arg(id, mb(bytes / 1e6), mb(total / 1e6)));
                } else {
                    m_progress->setRange(0, 0);
                    showMessage(tr("Downloading %1: %2").arg(id, mb(bytes / 1e6)));
                }
                if (const int row = rowOf(id); row >= 0) refreshRow(row);
                refreshButtons();
            });
    auto downloadEnded = [this](const QString& id) {
        m_progress->setVisible(false);
        if (const int row = rowOf(id); row >= 0) refreshRow(row);
        refreshButtons();
    };
    connect(m_downloader, &ModelDownloader::finished, this,
            [this, downloadEnded](const QString& id, const QString& file) {
                downloadEnded(id);
                showMessage(tr("%1 downloaded and installed (%2)").arg(id, file));
            });
    connect(m_downloader, &ModelDownloader::failed, this,
            [this, downloadEnded](const QString& id, const QString& message) {
                downloadEnded(id);
                showMessage(message, true);
            });
    connect(m_downloader, &ModelDownloader::cancelled, this,
            [this, downloadEnded](const QString& id) {
                downloadEnded(id);
                showMessage(tr("Download of %1 paused; Resume continues where it stopped").arg(id));
            });
    refreshButtons();
}

const ModelEntry* ModelManagerDialog::entry(const QString& id) const {
    return m_catalog.find(id.toStdString());
}

void ModelManagerDialog::addRow(const QString& id) {
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_ids << id;
    for (int c = 0; c < ColumnCount; ++c) {
        m_table->setItem(row, c, new QTableWidgetItem);
    }
    m_table->item(row, NameColumn)->setText(id);
    if (const ModelEntry* e = entry(id)) {
        m_table->item(row, NameColumn)->setToolTip(QString::fromStdString(e->architecture));
        m_table->item(row, KindColumn)->setText(kindText(e->kind));
        m_table->item(row, LicenceColumn)->setText(CoreText::licence(e->licence));
        m_table->item(row, LicenceColumn)->setToolTip(CoreText::licence(e->licence));
    }
    refreshRow(row);
}

void ModelManagerDialog::refreshRow(int row) {
    const QString id = m_ids.at(row);
    const ModelEntry* e = entry(id);
    const auto it = m_engine->statuses().constFind(id);
    const bool known = it != m_engine->statuses().constEnd();
    const bool downloading = m_downloader->currentModel() == id;

    QString state;
    if (downloading) {
        state = m_downloadTotal > 0
                    ? tr("downloading %1 %").arg(100 * m_downloadBytes / m_downloadTotal)
                    : tr("downloading…");
    } else if (known) {
        state = ModelStatusIndicator::stateText(it->state, it->phase);
    } else {
        state = tr("checking…");  // the engine has not reported yet
    }
    auto* stateItem = m_table->item(row, StateColumn);
    stateItem->setText(state);
    stateItem->setToolTip(known ? ModelStatusIndicator::tooltipFor(*it) : QString());

    if (known && !e) {
        m_table->item(row, KindColumn)->setText(kindText(it->kind));  // a recognised file
    }

    QString size;
    if (known && it->fileBytes > 0) {
        size = mb(static_cast<double>(it->fileBytes) / 1e6);
    } else if (e && e->builtIn) {
        size = tr("built in");
    } else if (e && e->expectedMegabytes > 0) {
        size = tr("about %1").arg(mb(e->expectedMegabytes));
    }
    m_table->item(row, SizeColumn)->setText(size);

    QString file;
    QString where;
    if (known && !it->file.empty()) {
        file = QString::fromStdString(it->file.string());
        where = QString::fromUtf8(modelOriginName(it->origin));
    } else if (e && !e->fileName.empty() &&
               m_downloader->hasPart(QString::fromStdString(e->fileName))) {
        const QString part = m_downloader->partPath(QString::fromStdString(e->fileName));
        file =
            tr("partial download (%1)").arg(mb(static_cast<double>(QFileInfo(part).size()) / 1e6));
        where = part;
    } else if (e && !e->fileName.empty()) {
        file = tr("— (%1)").arg(QString::fromStdString(e->fileName));
    }
    m_table->item(row, FileColumn)->setText(file);
    m_table->item(row, FileColumn)->setToolTip(where);
}

void ModelManagerDialog::onStatus(const ModelStatus& status) {
    const QString id = QString::fromStdString(status.id);
    if (id.isEmpty()) {
        return;
    }
    int row = rowOf(id);
    if (row < 0) {
        addRow(id);  // a recognised file the released catalog does not name
        row = rowOf(id);
    }
    refreshRow(row);
    if (id == selectedModel()) {
        refreshButtons();
    }
}

QString ModelManagerDialog::selectedModel() const {
    const auto rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? QString() : m_ids.value(rows.front().row());
}

void ModelManagerDialog::selectModel(const QString& id) {
    const int row = rowOf(id);
    if (row >= 0) {
        m_table->selectRow(row);
        m_table->scrollToItem(m_table->item(row, NameColumn));
    }
    refreshButtons();
}

void ModelManagerDialog::refreshButtons() {
    const QString id = selectedModel();
    const ModelEntry* e = entry(id);
    const auto status = m_engine->statuses().value(id);
    const bool missing = !m_engine->statuses().contains(id) ||
                         status.state == ModelState::NotInstalled ||
                         status.state == ModelState::Failed;
    const bool fetchable = e && !e->builtIn && !e->fileName.empty();
    const bool direct = fetchable && ModelDownloader::isDirectDownload(*e);
    const bool resumable = direct && m_downloader->hasPart(QString::fromStdString(e->fileName));
    m_download->setText(resumable ? tr("&Resume Download") : tr("&Download"));
    m_download->setEnabled(direct && missing && !m_downloader->busy());
    m_download->setVisible(!fetchable || direct);
    m_openPage->setVisible(fetchable && !direct);
    m_cancel->setEnabled(m_downloader->busy());
}

bool ModelManagerDialog::downloadModel(const QString& id) {
    const ModelEntry* e = entry(id);
    if (!e || !ModelDownloader::isDirectDownload(*e)) {
        return false;
    }
    selectModel(id);
    const bool started = m_downloader->start(*e);
    if (!started) {
        showMessage(tr("Another download is running: %1").arg(m_downloader->currentModel()), true);
    }
    refreshButtons();
    return started;
}

void ModelManagerDialog::importFile(const QString& path, const QString& asModelId) {
    const std::string name = QFileInfo(path).fileName().toStdString();
    QString as = asModelId;
    if (m_catalog.findByFileName(name)) {
        as.clear();  // by its released name
    } else {
        for (const auto& e : m_catalog.entries()) {
            if (!e.sourceFileName.empty() && e.sourceFileName == name) {
                as = QString::fromStdString(e.id);  // "pytorch_model.pt" from the ModelScope page
            }
        }
    }
    m_importing.insert(path);
    showMessage(as.isEmpty() ? tr("Importing %1…").arg(QFileInfo(path).fileName())
                             : tr("Importing %1 as %2…").arg(QFileInfo(path).fileName(), as));
    // Replacing a file already in the user folder is what importing it again means; the engine
    // validates the new one before anything is replaced.
    m_engine->importModel(path, as, true);
}

void ModelManagerDialog::chooseAndImport(const QString& asModelId) {
    const QStringList files =
        QFileDialog::getOpenFileNames(this, tr("Import Models"), QDir::homePath(),
                                      tr("PyTorch checkpoints (*.pth *.pt);;All files (*)"));
    for (const QString& f : files) {
        importFile(f, asModelId);
    }
}

void ModelManagerDialog::openDownloadPage() {
    const ModelEntry* e = entry(selectedModel());
    if (!e) {
        return;
    }
    QDesktopServices::openUrl(ModelDownloader::downloadUrl(*e));
    showMessage(tr("Download %1 from the page, then import it here: it is installed as %2")
                    .arg(QString::fromStdString(e->sourceFileName.empty() ? e->fileName
                                                                          : e->sourceFileName),
                         QString::fromStdString(e->fileName)));
}

void ModelManagerDialog::openModelsFolder() {
    const QString folder = m_downloader->folder();
    QDir().mkpath(folder);
    QDesktopServices::openUrl(QUrl::fromLocalFile(folder));
}

void ModelManagerDialog::showMessage(const QString& text, bool error) {
    m_message->setStyleSheet(error ? QStringLiteral("color: #d1242f") : QString());
    m_message->setText(text);
}

void ModelManagerDialog::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedCheckpoints(event->mimeData()).isEmpty()) {
        event->acceptProposedAction();
    }
}

void ModelManagerDialog::dropEvent(QDropEvent* event) {
    const QStringList paths = droppedCheckpoints(event->mimeData());
    for (const QString& p : paths) {
        importFile(p);  // no row was chosen for a drop: by name, else by content
    }
    if (!paths.isEmpty()) {
        event->acceptProposedAction();
    }
}

}  // namespace gpen::ui
