#pragma once

#include <QHash>
#include <QWidget>

#include "ui/engine_types.h"

class QHBoxLayout;
class QLabel;

namespace gpen::ui {

// One badge per active model in the status bar: its state as colour and text, a tooltip with
// the file, device and timings (read, build, warm). Shows the models that matter now: the
// preloaded ones and any that is loading, ready or failed. GUI thread only.
class ModelStatusBar : public QWidget {
    Q_OBJECT
public:
    explicit ModelStatusBar(QWidget* parent = nullptr);

    void setAlwaysShown(const QStringList& ids);  // the preload list
    void updateStatus(const gpen::ModelStatus& status);
    // Removes every badge (the engine restarted: the new cache's statuses follow).
    void clear();

    QLabel* badge(const QString& id) const { return m_badges.value(id); }  // nullptr when hidden

    static QString stateText(gpen::ModelState state, gpen::LoadPhase phase);
    static QString tooltipFor(const gpen::ModelStatus& status);

private:
    QHBoxLayout* m_layout;
    QHash<QString, QLabel*> m_badges;
    QStringList m_alwaysShown;
};

}  // namespace gpen::ui
