// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QApplication>

namespace gpen::ui {

// The application object of gpen-studio: every event, queued signal and timer goes through
// notify(), so an exception thrown by any slot (a failed allocation for a huge photo, a library
// throwing where we did not expect it) is caught there, on whichever thread, and reported
// through exceptionCaught instead of unwinding through Qt's event loop (which is undefined
// behaviour and ends the process).
class GuardedApplication : public QApplication {
    Q_OBJECT
  public:
    GuardedApplication(int& argc, char** argv);

    bool notify(QObject* receiver, QEvent* event) override;

  Q_SIGNALS:
    // Emitted on the thread that caught it; queued connections carry it to the GUI.
    void exceptionCaught(const QString& message);
};

}  // namespace gpen::ui
