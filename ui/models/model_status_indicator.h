// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QToolButton>

#include "ui/bridge/engine_types.h"

class QFrame;
class QTreeWidget;
class QTreeWidgetItem;

namespace gpen::ui {

// The models' state in one compact status-bar button that fits any window width: a coloured dot
// and a summary ("3 of 4 models ready", "Loading GPEN-BFR-512…", "1 model failed"). A click opens
// a popup listing every model the engine reported, with its state, timings (read, build,
// warm-up) and memory, and a button to the model manager. GUI thread only.
class ModelStatusIndicator : public QToolButton {
    Q_OBJECT
  public:
    explicit ModelStatusIndicator(QWidget* parent = nullptr);

    // The models the summary always counts (the preload list); others count while loading,
    // ready or failed.
    void setAlwaysShown(const QStringList& ids);
    void updateStatus(const gpen::ModelStatus& status);
    // Forgets every model (the engine restarted: the new cache's statuses follow).
    void clear();

    QString summary() const { return text(); }
    // The popup's row for `id` (nullptr when the engine has not reported it) and the popup.
    QTreeWidgetItem* row(const QString& id) const { return m_rows.value(id); }
    QFrame* popup() const { return m_popup; }
    void showPopup();

    static QString stateText(gpen::ModelState state, gpen::LoadPhase phase);
    static QString tooltipFor(const gpen::ModelStatus& status);

  Q_SIGNALS:
    void manageRequested();  // the popup's "Models…" button

  private:
    void updateSummary();

    QFrame* m_popup;
    QTreeWidget* m_tree;
    QHash<QString, gpen::ModelStatus> m_statuses;
    QHash<QString, QTreeWidgetItem*> m_rows;
    QStringList m_alwaysShown;
};

}  // namespace gpen::ui
