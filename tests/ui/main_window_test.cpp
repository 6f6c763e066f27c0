#include <QApplication>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include "ui/main_window.h"

namespace {

int g_argc = 1;
char g_arg0[] = "main_window_test";
char* g_argv[] = {g_arg0, nullptr};

QApplication& app() {
    static QApplication instance(g_argc, g_argv);
    return instance;
}

TEST(MainWindow, ShowsWithTitle) {
    app();
    gpen::ui::MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_EQ(window.windowTitle(), QStringLiteral("GPEN Studio"));
}

}  // namespace
