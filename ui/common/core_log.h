// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QString>

namespace gpen::ui {

// Core's log sink in the GUI process: core never prints, it reports through gpen::setLogSink
// (the encoder's "metadata not copied", for one). While a CoreLog exists it is the sink; each
// line arrives as `note` on the GUI thread, whichever thread logged it. The engine module has
// its own copy of core, whose sink the module sets (its warnings come as EngineController's
// message). GUI thread only.
class CoreLog : public QObject {
    Q_OBJECT
  public:
    enum class Level { Debug, Info, Warning, Error };
    Q_ENUM(Level)

    explicit CoreLog(QObject* parent = nullptr);
    ~CoreLog() override;  // removes the sink if it is still this one's

  Q_SIGNALS:
    void note(gpen::ui::CoreLog::Level level, const QString& text);
};

}  // namespace gpen::ui
