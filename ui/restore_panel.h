#pragma once

#include <QElapsedTimer>
#include <QWidget>

#include "ui/restore_job.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;

namespace gpen::ui {

// The restore options with sensible defaults, the Restore and Cancel buttons, and the job's
// progress (stage, tiles or faces done, time left). GUI thread only.
class RestorePanel : public QWidget {
    Q_OBJECT
public:
    explicit RestorePanel(QWidget* parent = nullptr);

    RestoreOptions options() const;
    // Offers an installed face model (a catalog one or a recognised file) in the list.
    void addFaceModel(const QString& id);
    void setFaceModel(const QString& id);
    void setBackgroundScale(int scale);  // 1 (none), 2 or 4
    void setRunning(bool running);
    void showProgress(const JobProgress& progress);

    QPushButton* restoreButton() const { return m_restore; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* stageLabel() const { return m_stage; }
    QComboBox* faceModelBox() const { return m_faceModel; }
    QComboBox* backgroundBox() const { return m_scale; }

Q_SIGNALS:
    void restoreClicked();
    void cancelClicked();
    // The face model, detector or background scale changed: what a restore needs changed.
    void optionsChanged();

private:
    QComboBox* m_faceModel;
    QComboBox* m_detector;
    QComboBox* m_scale;
    QSpinBox* m_tile;
    QSlider* m_strength;
    QCheckBox* m_keepGray;
    QPushButton* m_restore;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_stage;
    QElapsedTimer m_stageClock;
    QString m_currentStage;
};

}  // namespace gpen::ui
