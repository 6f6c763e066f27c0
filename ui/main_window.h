// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

#include <QHash>
#include <QMainWindow>

class QAction;
class QDockWidget;
class QPushButton;
class QListWidget;
class QListWidgetItem;
class QLabel;

namespace gpen::ui {

class DamageBrush;
struct RestoreOptions;
class FaceMapDialog;

class BatchDialog;
class ComparisonView;
class EngineController;
class FaceStrip;
class RestorePanel;
class ImageSession;
class MissingModelBanner;
class ModelManagerDialog;
class ModelStatusIndicator;
class ResultSaver;

// The application window: image list, comparison view, menus. GUI thread only; it never waits
// on the engine. Its size and panels are remembered (QSettings "window/geometry", "window/state")
// and it never opens larger than the screen's available area.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    // `engine` may be null (no engine: viewing only); it must outlive the window.
    explicit MainWindow(EngineController* engine = nullptr, QWidget* parent = nullptr);

    ImageSession* session() const { return m_session; }
    ComparisonView* comparisonView() const { return m_view; }
    QListWidget* imageList() const { return m_list; }
    ModelStatusIndicator* modelStatusIndicator() const { return m_models; }
    MissingModelBanner* missingModelBanner() const { return m_banner; }
    // Shows the model manager (created on first use, kept: its download goes on while hidden),
    // on `modelId`'s row when given. Null without an engine.
    ModelManagerDialog* showModelManager(const QString& modelId = {});
    RestorePanel* restorePanel() const { return m_panel; }
    DamageBrush* damageBrush() const { return m_brush; }
    FaceStrip* faceStrip() const { return m_faces; }
    ResultSaver* resultSaver() const { return m_saver; }  // Save / Save As, and its file prompt
    // Restores the current photo with the panel's options (what the Restore button does).
    void restoreCurrent();
    // Face from map: the parsing-map editor on the photo in view, at the face selected in the
    // strip (else the largest); returns it (null without a photo or an engine).
    FaceMapDialog* openFaceMapEditor();
    int currentIndex() const;
    // Makes photo `index` the one in view and the only one selected: Close and Delete then act on
    // what the user sees (only Ctrl or Shift in the list extends the selection).
    void showPhoto(int index);

    // Closes photo `index` (asks first when its result is not saved); false when the user kept it.
    bool closePhoto(int index);
    // Another launch handed over `paths` (SingleInstance): opens them and comes to the front.
    void openFromAnotherLaunch(const QStringList& paths);
    // An error nobody else handled (GuardedApplication caught it): said in the status bar and in
    // a window-modal message that does not block the caller.
    void showError(const QString& message);
    // The photo whose full result the engine keeps for re-blending (the last restored), or -1.
    int reblendableIndex() const { return m_reblend.photo; }
    QDockWidget* photosDock() const { return m_photosDock; }
    QDockWidget* restoreDock() const { return m_restoreDock; }
    QDockWidget* facesDock() const { return m_facesDock; }
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
    void showEvent(QShowEvent* event) override;

  private:
    void createActions();
    // main_window_photo_actions.cpp: the Edit and Photo menus, Help → Keyboard Shortcuts, and
    // the Photos list's selection and Delete.
    void createEditMenu();
    void createPhotoMenu();
    void addShortcutsHelp(QMenu* help);
    void setUpPhotoListActions();
    void updateEditActions();
    void stepFaceChoices(bool back);
    void revertCurrent();
    void restoreAll();
    void startNextQueued();
    void saveAll();
    void closeSelectedPhotos();
    void showEntry(int index);
    // After a cancelled or failed restore: the photo's earlier faces back in the strip.
    void showPreviousFaces(int index);
    // The view, strip and photo actions with no photo shown (none selected, or one loading).
    void showNothing(bool photoSelected);
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
    void showFaces(int index);
    void connectDamageBrush();
    void connectStopKey();
    // A warning with Discard (or `discardText`) and Cancel, Cancel the default, both with
    // mnemonics; true when the user chose to discard.
    bool confirmDiscard(const QString& title, const QString& text, const QString& question,
                        const QString& discardText = {});
    void findDamage();
    void simulateDamage();
    // The panel offers "Show the repaired areas" where photo `index` (-1: none) has them, and the
    // view tints them while it is checked.
    void showRepairedAreas(int index);
    // The brush takes the marks of the photo coming into view (and leaves the last one's with it).
    void brushFollows(int index);
    // The damage to repair with a restore: the brush's marks in `damage` (the finder then off in
    // `options`), or, with none painted and Repair checked, the finder; false, said in the
    // panel, when the Repair damage task has nothing to repair. Not repairing: true, `damage`
    // left null.
    bool damageToRepair(QImage* damage, RestoreOptions* options);
    void onFaceChoices(const QList<double>& strengths);
    void onEntryRemoved(int index);
    void restoreLayout();
    void saveLayout() const;
    void fitToScreen();
    QListWidgetItem* newListItem(int index);
    void finishOpen(quint64 id, const QStringList& problems, const QStringList& details);
    // `details`: core's words for each problem (paths, the library's reason), under Details.
    void showOpenProblems(const QStringList& problems, const QStringList& details);
    // A dropped folder with more photos than this is offered to the batch before it opens.
    static constexpr int kBatchFirstAbove = 36;
    void offerBatch(const QStringList& droppedPaths);

    EngineController* m_engine;
    ImageSession* m_session;
    ModelStatusIndicator* m_models;
    RestorePanel* m_panel;
    FaceStrip* m_faces;
    int m_jobImage = -1;
    // A photo whose full result the engine holds (it keeps only the last restored one): its row,
    // and the index the engine knows it by (the row when it was restored: closing an earlier
    // photo moves it down in the list, not in the engine). -1: none.
    struct HeldResult {
        int photo = -1;
        int key = -1;
    };
    // The photo whose faces re-blend now.
    HeldResult m_reblend;
    // While a restore runs: the earlier result the engine may hold on to, re-blendable again if
    // the restore is cancelled or fails (EngineController::reblendHeld).
    HeldResult m_held;
    int m_stripPhoto = -1;  // the photo whose faces the strip shows
    int m_shownPhoto = -1;  // the photo the view showed last (another one opens fitted)
    // Repairing damage: the brush, and the photo whose mask it holds (written back to the session
    // when another photo comes into view).
    DamageBrush* m_brush = nullptr;
    int m_brushPhoto = -1;
    std::uint32_t m_simulations = 0;  // the seed of the next Simulate damage
    QDockWidget* m_photosDock = nullptr;
    QDockWidget* m_restoreDock = nullptr;
    QDockWidget* m_facesDock = nullptr;
    QAction* m_closePhoto = nullptr;
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
    QAction* m_revert = nullptr;
    QAction* m_restoreAction = nullptr;
    QAction* m_restoreAll = nullptr;
    QAction* m_saveAll = nullptr;
    // Restore All: the photos still to restore, in order (indices follow closed photos).
    QList<int> m_restoreQueue;
    int m_restoreWhenLoaded = -1;  // a released photo to restore once it is decoded again
    int m_restoreQueueTotal = 0;
    bool m_layoutApplied = false;
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
    QString m_openedFolder;               // the folder opened last (openPaths): the batch's input
    QPushButton* m_batchOffer = nullptr;  // in the status bar after a folder is dropped
};

}  // namespace gpen::ui
