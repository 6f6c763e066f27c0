// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>
#include <QElapsedTimer>
#include <QHash>
#include <QThreadPool>

#include "ui/bridge/batch_job.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace gpen::ui {

class EngineController;
class RestorePanel;

// File → Batch…: a folder of photos restored into another with core's batch runner, on the
// engine thread as one job of the engine's queue. Shows every planned file in a table whose rows
// follow the job (pending, restoring, done, skipped, failed, cancelled), the overall progress and
// the time left; Pause and Cancel act at once (shared tokens, not the event queue). Modeless:
// the window stays usable, and hiding the dialog does not stop the batch. GUI thread only.
class BatchDialog : public QDialog {
    Q_OBJECT
  public:
    enum Column {
        FileColumn,
        StatusColumn,
        FacesColumn,
        TimeColumn,
        ErrorColumn,
        OutputColumn,
        ColumnCount
    };

    BatchDialog(EngineController* engine, QWidget* parent = nullptr);

    // Fills the form (before a start): the input folder, and an output folder beside it.
    void setInputFolder(const QString& folder);
    void setOutputFolder(const QString& folder);
    // Starts from the main window's restore options (face model and background scale).
    void setRestoreOptions(const RestoreOptions& options);
    // The request the form describes (without the job's id and tokens).
    BatchRequest request() const;
    // Starts the batch the form describes (what the Start button does); false, with the reason
    // shown, when the form is incomplete or a batch runs.
    bool start();
    bool running() const { return m_job != 0; }
    quint64 jobId() const { return m_job; }
    // The template's expansion for an example file, or the template's error.
    QString nameExample() const;

    QTableWidget* table() const { return m_table; }
    // "Only files to review": shows the rows whose faces scored below the minimum identity.
    QCheckBox* reviewFilter() const { return m_reviewOnly; }
    // Whether a table row is marked for review.
    bool rowNeedsReview(int tableRow) const;
    QPushButton* startButton() const { return m_start; }
    QPushButton* pauseButton() const { return m_pause; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* openReportButton() const { return m_openReport; }
    QPushButton* openOutputButton() const { return m_openOutput; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* progressLabel() const { return m_progressLabel; }
    QLabel* exampleLabel() const { return m_example; }
    // What Start would do, before it is pressed: how many photos the form selects and their first
    // names (the input folder scanned in the background as the form changes); planReady follows.
    QLabel* planLabel() const { return m_plan; }
    QLineEdit* inputEdit() const { return m_input; }
    QLineEdit* outputEdit() const { return m_output; }
    QList<QPushButton*> browseButtons() const { return m_browse; }
    QLineEdit* templateEdit() const { return m_template; }
    RestorePanel* restoreOptions() const { return m_options; }
    const BatchOutcome& lastOutcome() const { return m_outcome; }

    // The text a status cell shows for a state.
    static QString stateText(BatchFileState state);

    // Esc (and the window's close button) while a batch runs cancels the batch and keeps the
    // dialog open on its rows; otherwise it closes the dialog.
    void reject() override;

  Q_SIGNALS:
    // The batch ended (finished or cancelled: `outcome`; failed to start: `error`), after the
    // desktop notification went out.
    void batchEnded(const gpen::ui::BatchOutcome& outcome, const QString& error);
    // The desktop notification: a tray message where the desktop has a tray, else the window's
    // attention request (QApplication::alert). `how` is "tray" or "alert".
    void notified(const QString& how, const QString& text);
    // The plan label was updated for the form as it is now.
    void planReady();

  private:
    void onPlanned(const BatchPlanView& plan);
    void onFileDone(const BatchFileView& file);
    void onProgress(const BatchProgressView& progress);
    void onFinished(const BatchOutcome& outcome);
    void onFailed(quint64 jobId, const QString& message);
    void setRow(int tableRow, const BatchFileRow& row);
    void applyReviewFilter();
    void setRunning(bool running);
    void notifyDone(const QString& text);
    void updateExample();
    void chooseFolder(QLineEdit* edit, const QString& title);
    void rememberForm() const;
    void refreshPlan();

    EngineController* m_engine;
    QLineEdit* m_input;
    QLineEdit* m_output;
    QCheckBox* m_recursive;
    QLineEdit* m_include;
    QLineEdit* m_exclude;
    QLineEdit* m_template;
    QLabel* m_example;
    QComboBox* m_ifExists;
    QComboBox* m_format;
    QSpinBox* m_quality;
    RestorePanel* m_options;
    QTableWidget* m_table;
    QCheckBox* m_reviewOnly;
    QProgressBar* m_progress;
    QLabel* m_progressLabel;
    QPushButton* m_start;
    QPushButton* m_pause;
    QPushButton* m_cancel;
    QPushButton* m_openReport;
    QPushButton* m_openOutput;
    quint64 m_job = 0;
    bool m_paused = false;
    QHash<QString, int> m_rowOfFile;  // input (relative) -> row
    int m_runningRow = -1;
    BatchOutcome m_outcome;
    QString m_reportPath;
    QString m_outputDir;  // of the running or last batch
    QList<QPushButton*> m_browse;
    QLabel* m_plan;
    QTimer* m_planTimer;
    quint64 m_planGeneration = 0;  // a scan's answer for an older form is dropped
    QString m_suggestedOutput;  // the sibling folder last suggested (replaced as the input changes)
    // Within the running file: how far its stages have come (0..1), never going back.
    QString m_progressFile;
    double m_fileFraction = 0;
    QThreadPool m_planner;  // one thread; last member, joined first
};

}  // namespace gpen::ui
