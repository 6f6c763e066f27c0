#pragma once

#include <QDialog>

#include "ui/engine_settings.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace gpen::ui {

// Preferences: the engine's settings (device, threads, preload list, cache limits, warmup, tile
// size, models folder) and the interface language. Shows what is stored in QSettings; OK stores
// the edits there (accept()). Applying them to a running engine is the caller's business: the
// dialog only says when they take effect. GUI thread only.
class SettingsDialog : public QDialog {
    Q_OBJECT
  public:
    // `jobRunning`: a restore is running, so engine changes wait for the next launch.
    explicit SettingsDialog(bool jobRunning = false, QWidget* parent = nullptr);

    // What the widgets hold now.
    EngineSettings engineSettings() const;
    QString language() const;

    // Writes the widgets' values to QSettings, then closes with Accepted.
    void accept() override;

    QComboBox* deviceBox() const { return m_device; }
    QSpinBox* threadsBox() const { return m_threads; }
    QListWidget* preloadList() const { return m_preload; }
    QSpinBox* maxModelsBox() const { return m_maxModels; }
    QSpinBox* memoryBudgetBox() const { return m_memoryBudget; }
    QSpinBox* idleReleaseBox() const { return m_idleRelease; }
    QLineEdit* warmupBatchSizesEdit() const { return m_warmup; }
    QSpinBox* tileSizeBox() const { return m_tileSize; }
    QLineEdit* modelsDirEdit() const { return m_modelsDir; }
    QComboBox* languageBox() const { return m_language; }

  private:
    void load(const EngineSettings& settings, const QString& language);
    void browseModelsDir();

    QComboBox* m_device;
    QSpinBox* m_threads;
    QListWidget* m_preload;
    QSpinBox* m_maxModels;
    QSpinBox* m_memoryBudget;
    QSpinBox* m_idleRelease;
    QLineEdit* m_warmup;
    QSpinBox* m_tileSize;
    QLineEdit* m_modelsDir;
    QComboBox* m_language;
};

}  // namespace gpen::ui
