// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QElapsedTimer>
#include <QWidget>

#include <optional>

#include "ui/bridge/restore_job.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
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
    // "restore", "colorize", "inpaint" or "seg2face": what the Task list says the face model is
    // to do. "seg2face" (a face from a parsing map) shows the editor's button instead of the
    // restore button and the options that do not apply.
    QString task() const;
    void setTask(const QString& task);
    // Takes a task off the list (the batch dialog has no brush, so no "Repair damage").
    void removeTask(const QString& task);
    // The panel as a form of options only (the batch dialog's): no Restore or Cancel button.
    void hideButtons();
    // No brush and no marks (the batch dialog's): Repair damage repairs what the finder finds.
    void hideBrush();
    // Whether the canvas's left button paints damage: the Repair damage task, or Repair checked.
    bool marksDamage() const { return m_marking; }
    // Offers an installed face model (a catalog one or a recognised file) in the list.
    void addFaceModel(const QString& id);
    void setFaceModel(const QString& id);
    void setBackgroundScale(int scale);  // 1 (none), 2 or 4
    void setRunning(bool running);
    void showProgress(const JobProgress& progress);
    // How the last job ended, in the panel where the user looks: the summary, the error (in a
    // message area that stays until the next job) or "Cancelled". Each also ends the running state.
    void showFinished(const QString& summary);
    void showFailed(const QString& message);
    void showCancelled();
    // Why Restore did not start ("paint the damage first", a model missing): in the stage line
    // until the task changes or a job starts, when the line shows what it showed before.
    void showNotStarted(const QString& why);

    QPushButton* restoreButton() const { return m_restore; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* stageLabel() const { return m_stage; }
    QLabel* errorLabel() const { return m_error; }
    QSlider* strengthSlider() const { return m_strength; }
    // The tile size restores use (the only one: Settings has none); remembered across launches
    // and used for the background model's warm-up.
    QSpinBox* tileSizeBox() const { return m_tile; }
    QComboBox* faceModelBox() const { return m_faceModel; }
    QComboBox* taskBox() const { return m_task; }
    // Repair damage on the whole photo, with any task (options().findDamage when checked; the
    // window sends the brush's marks instead where there are some).
    QCheckBox* repairDamageBox() const { return m_repair; }
    // Shown where the photo in view has repaired areas (setRepairedAreas): tints them on the
    // result.
    QCheckBox* showRepairedBox() const { return m_showRepaired; }
    void setRepairedAreas(bool present);
    // Repairing damage: the brush's size (screen pixels), its eraser, and the mask's steps.
    QWidget* damageTools() const { return m_damageTools; }
    QSpinBox* brushSizeBox() const { return m_brushSize; }
    QCheckBox* eraserBox() const { return m_eraser; }
    QPushButton* undoDamageButton() const { return m_undoDamage; }
    QPushButton* redoDamageButton() const { return m_redoDamage; }
    QPushButton* clearDamageButton() const { return m_clearDamage; }
    // Find damage marks a suggestion (at the slider's sensitivity, 0..100); Simulate damage opens
    // a copy of the photo with damage drawn on it, to try the repair.
    QPushButton* findDamageButton() const { return m_findDamage; }
    QSlider* sensitivitySlider() const { return m_sensitivity; }
    QPushButton* simulateDamageButton() const { return m_simulateDamage; }
    QComboBox* backgroundBox() const { return m_scale; }
    // Which network upscales: Automatic, or one of Real-ESRGAN's two (fast, best quality).
    QComboBox* upscalerBox() const { return m_upscaler; }
    // Colorize: tone the rest of the photo with the faces' colour (off: it stays gray).
    QCheckBox* tintRestBox() const { return m_tintRest; }
    // Face from map: opens the parsing-map editor on the selected face (else the largest).
    QPushButton* editMapButton() const { return m_editMap; }

  Q_SIGNALS:
    void restoreClicked();
    // The panel already says "Cancelling…" when this is emitted.
    void cancelClicked();
    // The global strength moved (released or stepped): the faces of the photo in view re-blend.
    void strengthChanged(double strength);
    // The face model, detector or background scale changed: what a restore needs changed.
    void optionsChanged();
    // The task changed (the face models offered and the tools shown follow it).
    void taskChanged(const QString& task);
    // The brush's tools were shown or hidden (marksDamage()).
    void damageMarkingChanged(bool marking);

  private:
    // Whether the Repair box applies to the task (not to Repair damage, which always repairs).
    bool repairBoxApplies() const;
    // Shows the Repair box, the sensitivity and the brush's tools as the task and the box say.
    void showRepair();

    QComboBox* m_task;
    QCheckBox* m_repair;
    QCheckBox* m_showRepaired;
    QWidget* m_damageTools;
    QSpinBox* m_brushSize;
    QCheckBox* m_eraser;
    QPushButton* m_undoDamage;
    QPushButton* m_redoDamage;
    QPushButton* m_clearDamage;
    QPushButton* m_findDamage;
    QSlider* m_sensitivity;
    QPushButton* m_simulateDamage;
    QWidget* m_mapTools;
    bool m_buttonsShown = true;
    bool m_brushShown = true;
    bool m_marking = false;
    QFormLayout* m_form;
    QPushButton* m_editMap;
    QComboBox* m_faceModel;
    QComboBox* m_detector;
    QComboBox* m_scale;
    QComboBox* m_upscaler;
    QSpinBox* m_tile;
    QSlider* m_strength;
    QCheckBox* m_keepGray;
    QCheckBox* m_tintRest;
    QPushButton* m_restore;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_stage;
    QLabel* m_error;
    QLabel* m_strengthValue;
    QElapsedTimer m_stageClock;
    QString m_currentStage;
    // While showNotStarted's reason is shown: the stage line it covers.
    std::optional<QString> m_stageBeforeRefusal;
};

}  // namespace gpen::ui
