// SPDX-License-Identifier: Apache-2.0
#include "ui/guarded_application.h"

#include <exception>
#include <new>

namespace gpen::ui {

GuardedApplication::GuardedApplication(int& argc, char** argv) : QApplication(argc, argv) {}

bool GuardedApplication::notify(QObject* receiver, QEvent* event) {
    try {
        return QApplication::notify(receiver, event);
    } catch (const std::bad_alloc&) {
        Q_EMIT exceptionCaught(tr("Out of memory: the last action was abandoned"));
    } catch (const std::exception& e) {
        Q_EMIT exceptionCaught(tr("Unexpected error: %1").arg(QString::fromLocal8Bit(e.what())));
    } catch (...) {
        Q_EMIT exceptionCaught(tr("Unexpected error"));
    }
    return false;
}

}  // namespace gpen::ui
