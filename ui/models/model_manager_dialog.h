// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>
#include <QSet>
#include <QStringList>

#include "gpen/engine/model_catalog.h"
#include "ui/bridge/engine_types.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace gpen::ui {

class EngineController;
class ModelDownloader;

// The model manager: every catalog entry (and any recognised file) with its live state, size,
// file and licence note; Import… (a file dialog, or .pth/.pt files dropped on the dialog),
// Download / Resume / Cancel for the selected entry, Open download page for the models published
// on a web page, and Open models folder. Imports and downloads go through the engine, which
// validates the checkpoint and copies it atomically; the table follows modelStatusChanged.
// Modeless: a download keeps running while the dialog is hidden. GUI thread only.
class ModelManagerDialog : public QDialog {
    Q_OBJECT
  public:
    enum Column {
        NameColumn,
        KindColumn,
        StateColumn,
        SizeColumn,
        FileColumn,
        LicenceColumn,
        ColumnCount
    };

    // `engine` must outlive the dialog.
    explicit ModelManagerDialog(EngineController* engine, QWidget* parent = nullptr);

    // Selects the entry's row (the banner opens the dialog on the missing model).
    void selectModel(const QString& id);
    QString selectedModel() const;
    // Starts downloading the entry; false when it has no direct file (a web page, a built-in
    // model) or a download is already running.
    bool downloadModel(const QString& id);
    // Imports a checkpoint through the engine. A file named like a released model (or like the
    // file a web page hands out, "pytorch_model.pt") is imported as that model; any other name
    // as `asModelId` when given, else by content (a GPEN generator is recognised).
    void importFile(const QString& path, const QString& asModelId = {});
    // Asks for files (a file dialog), then importFile() each as `asModelId`.
    void chooseAndImport(const QString& asModelId);

    int rowOf(const QString& id) const { return m_ids.indexOf(id); }
    QTableWidget* table() const { return m_table; }
    ModelDownloader* downloader() const { return m_downloader; }
    QLabel* messageLabel() const { return m_message; }
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* downloadButton() const { return m_download; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* openPageButton() const { return m_openPage; }

  protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

  private:
    void addRow(const QString& id);
    void refreshRow(int row);
    void refreshButtons();
    void onStatus(const gpen::ModelStatus& status);
    void openDownloadPage();
    void openModelsFolder();
    const gpen::ModelEntry* entry(const QString& id) const;
    void showMessage(const QString& text, bool error = false);

    EngineController* m_engine;
    ModelDownloader* m_downloader;
    gpen::ModelCatalog m_catalog;  // the released models; recognised files come as statuses only
    QStringList m_ids;             // row -> model id
    QSet<QString> m_importing;     // paths handed to the engine by this dialog
    QTableWidget* m_table;
    QPushButton* m_import;
    QPushButton* m_download;
    QPushButton* m_cancel;
    QPushButton* m_openPage;
    QPushButton* m_openFolder;
    QProgressBar* m_progress;
    QLabel* m_message;
    qint64 m_downloadBytes = 0;
    qint64 m_downloadTotal = -1;
};

}  // namespace gpen::ui
