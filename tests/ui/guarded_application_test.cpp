// SPDX-License-Identifier: Apache-2.0
// No exception leaves a slot: GuardedApplication (the suites' application object, as it is
// gpen-studio's) catches it in notify() and reports it.

#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <stdexcept>

#include <gtest/gtest.h>

#include "ui/guarded_application.h"

namespace {

using gpen::ui::GuardedApplication;

TEST(GuardedApplication, AnExceptionInAGuiSlotIsReportedAndTheLoopGoesOn) {
    auto* app = qobject_cast<GuardedApplication*>(QCoreApplication::instance());
    ASSERT_NE(app, nullptr);
    QSignalSpy caught(app, &GuardedApplication::exceptionCaught);
    QTimer::singleShot(0, app, [] { throw std::runtime_error("the slot failed"); });
    ASSERT_TRUE(caught.wait(5000));
    EXPECT_TRUE(caught.at(0).at(0).toString().contains(QStringLiteral("the slot failed")));
    // Still running: the next event is delivered.
    bool after = false;
    QTimer::singleShot(0, app, [&after] { after = true; });
    EXPECT_TRUE(QTest::qWaitFor([&after] { return after; }, 5000));
}

TEST(GuardedApplication, AnExceptionInAWorkerThreadSlotIsReported) {
    auto* app = qobject_cast<GuardedApplication*>(QCoreApplication::instance());
    ASSERT_NE(app, nullptr);
    QThread thread;
    QObject worker;
    worker.moveToThread(&thread);
    thread.start();
    // Emitted on the worker thread; queued here, as the window receives it.
    QObject receiver;
    QStringList messages;
    QObject::connect(app, &GuardedApplication::exceptionCaught, &receiver,
                     [&messages](const QString& m) { messages << m; });
    QMetaObject::invokeMethod(
        &worker, [] { throw std::bad_alloc(); }, Qt::QueuedConnection);
    ASSERT_TRUE(QTest::qWaitFor([&messages] { return !messages.isEmpty(); }, 5000));
    EXPECT_TRUE(messages.front().contains(QStringLiteral("memory")))
        << messages.front().toStdString();
    thread.quit();
    thread.wait();
}

}  // namespace
