// SPDX-License-Identifier: Apache-2.0
#pragma once

// The parsing-map editor (GPEN-Seg2face): a face of the photo, ParseNet's map of it, and beside
// it the face Seg2face draws from the map, redrawn as the user repaints its classes. The map is
// painted with a class brush (the classes in CelebAMask-HQ's colours, core's one table); undo,
// redo and reset; a map can be opened from a file, and the drawn face and the map saved. Both jobs
// run on the engine thread. Non-modal; closing it cancels its jobs. GUI thread only.

#include <QDialog>
#include <QImage>

#include <memory>

#include "ui/bridge/restore_job.h"

namespace gpen {
struct DecodedImage;
}

class QCheckBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace gpen::ui {

class EngineController;
class ImageCanvas;
class StrokeBrush;
class ZoomState;

class FaceMapDialog : public QDialog {
    Q_OBJECT
  public:
    // `near`: the face the user pointed at, in photo pixels (empty: the photo's largest face);
    // `options`: the restore panel's, for its detector and face model (a Seg2face model).
    FaceMapDialog(EngineController* engine, std::shared_ptr<const gpen::DecodedImage> photo,
                  const QRect& near, const QString& photoName, const RestoreOptions& options,
                  QWidget* parent = nullptr);
    ~FaceMapDialog() override;

    StrokeBrush* brush() const { return m_brush; }
    QListWidget* classList() const { return m_classes; }
    QCheckBox* drawAsYouPaintBox() const { return m_live; }
    QPushButton* drawButton() const { return m_draw; }
    QPushButton* resetButton() const { return m_reset; }
    QPushButton* saveFaceButton() const { return m_saveFace; }
    QLabel* statusLabel() const { return m_status; }
    QPushButton* modelsButton() const { return m_models; }
    ImageCanvas* mapCanvas() const { return m_mapCanvas; }
    const QImage& photoFace() const { return m_photoFace; }
    const QImage& drawnFace() const { return m_drawn; }
    // Seg2face on the map as it is now (after the one in flight, if any).
    void drawFace();
    // Writes the drawn face / the map as an image file (PNG by its name), atomically; the error in
    // the user's language, or empty.
    QString saveFace(const QString& path) const;
    QString saveMap(const QString& path) const;
    // Replaces the map by an image file's (scaled to the face, its colours snapped to the classes;
    // one undoable step); the error in the user's language, or empty.
    QString openMap(const QString& path);

  Q_SIGNALS:
    void mapReady();   // the photo's face and its map are in the editor
    void faceDrawn();  // a face was drawn from the map
    void failed(const QString& message);
    // A job failed for a model that is not installed: the window offers its Models dialog.
    void modelsRequested();

  protected:
    void done(int result) override;

  private:
    void onMap(const QImage& face, const QImage& map, int faceCount);
    void onDrawn(const QImage& face, double unknownShare, const QString& model);
    void onFailed(quint64 jobId, const QString& message);
    void selectClass(int index);
    void showStatus(const QString& text, bool error = false);
    void cancelJobs();

    EngineController* m_engine;
    QString m_photoName;
    QString m_model;  // the Seg2face model
    ZoomState* m_zoom;
    StrokeBrush* m_brush;
    ImageCanvas* m_mapCanvas;
    ImageCanvas* m_faceCanvas;
    QListWidget* m_classes;
    QSpinBox* m_brushSize;
    QCheckBox* m_live;
    QPushButton* m_draw;
    QPushButton* m_undo;
    QPushButton* m_redo;
    QPushButton* m_reset;
    QPushButton* m_openMap;
    QPushButton* m_saveFace;
    QPushButton* m_saveMap;
    QPushButton* m_models;
    QLabel* m_status;
    QImage m_photoFace;
    QImage m_parsedMap;  // ParseNet's map, for Reset
    QImage m_drawn;
    quint64 m_mapJob = 0;
    quint64 m_drawJob = 0;
    bool m_drawAgain = false;  // the map changed while a face was being drawn
};

}  // namespace gpen::ui
