// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>
#include <QStringList>

#include "ui/bridge/engine_types.h"
#include "ui/bridge/restore_job.h"

class QLabel;
class QPushButton;

namespace gpen::ui {

class EngineController;
class RestorePanel;

// A strip above the photo saying that a model the chosen options need is not installed, or that
// a model's file cannot be loaded (damaged), with Import… and Download… buttons (the window
// answers them with the model manager). Shown while one of the needed models is NotInstalled or a
// model is Failed, hidden as soon as it is installed or replaced. It follows the
// restore panel's options and the engine's model states itself. GUI thread only.
class MissingModelBanner : public QFrame {
    Q_OBJECT
  public:
    // `engine` may be null (no engine: never shown); `panel` may be null (then setNeededModels).
    MissingModelBanner(EngineController* engine, RestorePanel* panel, QWidget* parent = nullptr);

    // The models a restore with `options` cannot do without: the face model, the background
    // upscaler when one is chosen, RetinaFace when it is asked for by name (the automatic
    // choice falls back to the built-in detector, and the parser to the soft mask).
    static QStringList neededModels(const RestoreOptions& options);
    void setNeededModels(const QStringList& ids);

    // The needed model that is not installed (Restore does not start); empty when none is. The
    // banner also shows, without a missing model, when no face model is installed at all: what
    // one adds, offering GPEN-BFR-512 (offeredModel()).
    QString missingModel() const { return m_missing; }
    // A model whose file is installed but failed to load (the banner offers to replace it);
    // empty when none did, or while a missing model takes the banner.
    QString damagedModel() const { return m_damaged; }
    QString offeredModel() const { return m_offered; }  // empty while hidden
    QLabel* textLabel() const { return m_text; }
    QPushButton* importButton() const { return m_import; }
    QPushButton* downloadButton() const { return m_download; }

  Q_SIGNALS:
    void importRequested(const QString& modelId);
    void downloadRequested(const QString& modelId);

  private:
    void refresh();

    EngineController* m_engine;
    QStringList m_needed;
    QString m_missing;
    QString m_damaged;
    QString m_offered;
    QLabel* m_text;
    QPushButton* m_import;
    QPushButton* m_download;
};

}  // namespace gpen::ui
