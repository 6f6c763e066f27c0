#pragma once

#include <QMainWindow>

class QAction;
class QListWidget;
class QLabel;

namespace gpen::ui {

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

    // Opens files or folders as Open and drag-and-drop do; problems are reported in the status bar.
    void openPaths(const QStringList& paths);

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

    EngineController* m_engine;
    ImageSession* m_session;
    ModelStatusBar* m_models;
    RestorePanel* m_panel;
    FaceStrip* m_faces;
    int m_jobImage = -1;
    ComparisonView* m_view;
    QListWidget* m_list;
    QLabel* m_status;
    QMenu* m_recentMenu = nullptr;
    QAction* m_save = nullptr;
    QAction* m_saveAs = nullptr;
    ResultSaver* m_saver = nullptr;
    MissingModelBanner* m_banner = nullptr;
    ModelManagerDialog* m_modelManager = nullptr;
};

}  // namespace gpen::ui
