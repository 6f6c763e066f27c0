// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

#include "ui/bridge/engine_settings.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;
class QToolButton;

namespace gpen::ui {

// Preferences. The main page holds what a photo restorer chooses: device, a performance preset,
// the models folder, language and theme. The engine's internals (threads, preload list, cache
// limits, warm-up batch sizes) sit under Advanced, folded by default; the preset sets them and
// reads "Custom" when they were edited. The tile size is the Restore panel's (the one restores
// use). Shows what is stored in QSettings; OK stores the edits there (accept()). Applying them to
// a running engine is the caller's business: the dialog only says when they take effect. GUI
// thread only.
class SettingsDialog : public QDialog {
    Q_OBJECT
  public:
    // `jobRunning`: a restore is running, so engine changes wait for the next launch.
    explicit SettingsDialog(bool jobRunning = false, QWidget* parent = nullptr);

    // What the widgets hold now.
    EngineSettings engineSettings() const;
    QString language() const;
    QString theme() const;

    // The models folder the command line gave this session (--models-dir): said under the field,
    // which keeps the stored folder for launches without it.
    void showCommandLineModelsDir(const QString& dir);
    QLabel* modelsDirNote() const { return m_modelsDirNote; }

    // Writes the widgets' values to QSettings, then closes with Accepted.
    void accept() override;

    QComboBox* deviceBox() const { return m_device; }
    QSpinBox* threadsBox() const { return m_threads; }
    QListWidget* preloadList() const { return m_preload; }
    QSpinBox* maxModelsBox() const { return m_maxModels; }
    QSpinBox* memoryBudgetBox() const { return m_memoryBudget; }
    QSpinBox* idleReleaseBox() const { return m_idleRelease; }
    QLineEdit* warmupBatchSizesEdit() const { return m_warmup; }
    QLineEdit* modelsDirEdit() const { return m_modelsDir; }
    QComboBox* languageBox() const { return m_language; }
    QComboBox* presetBox() const { return m_preset; }
    QComboBox* precisionBox() const { return m_precision; }
    QComboBox* themeBox() const { return m_theme; }
    QSpinBox* maxMegapixelsBox() const { return m_maxMegapixels; }
    QLabel* maxMegapixelsMemoryLabel() const { return m_maxMegapixelsMemory; }
    QToolButton* advancedToggle() const { return m_advancedToggle; }
    QWidget* advancedSection() const { return m_advanced; }

  private:
    void load(const EngineSettings& settings, const QString& language);
    void browseModelsDir();
    void applyPreset(int index);
    void updatePreset();  // shows the preset the advanced values match, or Custom

    QLabel* m_modelsDirNote = nullptr;
    QStringList m_storedPreload;  // as load() found it: the order engineSettings() keeps
    QComboBox* m_device;
    QSpinBox* m_threads;
    QListWidget* m_preload;
    QSpinBox* m_maxModels;
    QSpinBox* m_memoryBudget;
    QSpinBox* m_idleRelease;
    QLineEdit* m_warmup;
    int m_tileSize = EngineSettings().tileSize;  // as stored: the Restore panel edits it
    QLineEdit* m_modelsDir;
    QComboBox* m_language;
    QComboBox* m_preset;
    QComboBox* m_precision;
    QComboBox* m_theme;
    QSpinBox* m_maxMegapixels;
    QLabel* m_maxMegapixelsMemory;
    QToolButton* m_advancedToggle;
    QWidget* m_advanced;
    bool m_applyingPreset = false;
};

}  // namespace gpen::ui
