// SPDX-License-Identifier: Apache-2.0
#pragma once

// The UI suites' QApplication, created by ui_test_main.cpp (offscreen: QT_QPA_PLATFORM is set by
// test.sh and by each test's CTest environment).

#include <QApplication>

namespace gpen::test {

inline QApplication& uiApp() {
    return *qobject_cast<QApplication*>(QCoreApplication::instance());
}

}  // namespace gpen::test
