// SPDX-License-Identifier: Apache-2.0
// main() of the UI suites: one QApplication for the process, alive while the tests run.

#include "temp_settings.h"
#include "tsan_queued_calls.h"
#include "ui/guarded_application.h"

#include <cstdio>
#include <cstdlib>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    // Offscreen unless asked otherwise: also when CTest lists the tests at build time.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    int rc = 0;
    {
        // gpen-studio's own application object: what a slot throws is caught as in the product.
        gpen::ui::GuardedApplication app(argc, argv);
        gpen::test::annotateQueuedCallsForTsan();
        rc = RUN_ALL_TESTS();
    }
    gpen::test::removeTemporarySettings();
    // Skip static destruction: with libtorch and Qt's GUI plugins loaded in one process, a Qt
    // global owning the input devices is destroyed after its plugin and crashes at exit, which
    // would turn passed tests into failures. Everything the tests own is gone by now.
    std::fflush(nullptr);
    std::_Exit(rc);
}
