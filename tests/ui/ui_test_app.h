#pragma once

// One offscreen QApplication for a UI test process (QT_QPA_PLATFORM=offscreen is set by test.sh
// and by each test's environment).

#include <QApplication>

namespace gpen::test {

inline QApplication& uiApp() {
    static int argc = 1;
    static char arg0[] = "gpen-ui-test";
    static char* argv[] = {arg0, nullptr};
    static QApplication app(argc, argv);
    return app;
}

}  // namespace gpen::test
