#pragma once

#include <QHash>
#include <QMainWindow>

class QAction;
class QPushButton;
class QListWidget;
class QLabel;

namespace gpen::ui {

class BatchDialog;
class ComparisonView;
class EngineController;
class FaceStrip;
class RestorePanel;
class ImageSession;
class MissingModelBanner;
class ModelManagerDialog;
class ModelStatusBar;
class ResultSaver;

// The application window: image list, comparison view, menus. GUI thread only; it never waits
// on the engine.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `engine` may be null (no engine: viewing only); it must outlive the window.
    explicit MainWindow(EngineController* engine = nullptr, QWidget* parent = nullptr);

    ImageSession* session() const { return m_session; }
    ComparisonView* comparisonView() const { return m_view; }
    QListWidget* imageList() const { return m_list; }
    ModelStatusBar* modelStatusBar() const { return m_models; }
    MissingModelBanner* missingModelBanner() const { return m_banner; }
    // Shows the model manager (created on first use, kept: its download goes on while hidden),
    // on `modelId`'s row when given. Null without an engine.
    ModelManagerDialog* showModelManager(const QString& modelId = {});
    RestorePanel* restorePanel() const { return m_panel; }
    FaceStrip* faceStrip() const { return m_faces; }
    ResultSaver* resultSaver() const { return m_saver; }  // Save / Save As, and its file prompt
    // Restores the current photo with the panel's options (what the Restore button does).
    void restoreCurrent();
    int currentIndex() const;

    // Opens files or folders as Open and drag-and-drop do, decoding in the background; returns
    // the open job's id (ImageSession::openFinished). Problems are reported in the status bar.
    quint64 openPaths(const QStringList& paths);
    // Shows the batch dialog (created on first use, kept: its batch goes on while hidden), with
    // `inputFolder` filled in when given and no batch runs. Null without an engine.
    BatchDialog* showBatchDialog(const QString& inputFolder = {});
    // The job id of the window's own restore (0: none yet).
    quint64 restoreJob() const { return m_restoreJob; }

Q_SIGNALS:
    void currentImageChanged(int index);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void showEntry(int index);
    void openDialog();
    void pasteImage();
    void saveResult();
    void saveResultAs();
    void updateSavedMark(int index);
    QMenu* toolsMenu();  // the Tools menu, created by whoever needs it first
    void openSettings();
    void updateRecentMenu();
    void addRecent(const QStringList& paths);
    void connectEngine();
    void finishOpen(quint64 id, const QStringList& problems);
    void offerBatch(const QStringList& droppedPaths);

    EngineController* m_engine;
    ImageSession* m_session;
    ModelStatusBar* m_models;
    RestorePanel* m_panel;
    FaceStrip* m_faces;
    int m_jobImage = -1;
    quint64 m_restoreJob = 0;
    struct OpenRequest {
        QStringList paths;
        int countBefore = 0;  // the photos after it are the job's
    };
    QHash<quint64, OpenRequest> m_openRequests;
    ComparisonView* m_view;
    QListWidget* m_list;
    QLabel* m_status;
    QMenu* m_recentMenu = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    ResultSaver* m_saver = nullptr;
    MissingModelBanner* m_banner = nullptr;
    ModelManagerDialog* m_modelManager = nullptr;
    BatchDialog* m_batch = nullptr;
    QPushButton* m_batchOffer = nullptr;  // in the status bar after a folder is dropped
};

}  // namespace gpen::ui
