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
class ModelStatusBar;

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
    RestorePanel* restorePanel() const { return m_panel; }
    FaceStrip* faceStrip() const { return m_faces; }
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
    void saveResultAs();
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
    QAction* m_saveAs = nullptr;
};

}  // namespace gpen::ui
