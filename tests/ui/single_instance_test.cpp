// SPDX-License-Identifier: Apache-2.0
// One GPEN Studio per user: a real second gpen-studio process hands its files to this one.

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QListWidget>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "support/fixtures.h"
#include "temp_settings.h"
#include "ui/main_window.h"
#include "ui/photos/image_session.h"
#include "ui/single_instance.h"
#include "ui_test_app.h"

namespace {

using gpen::ui::SingleInstance;

QString uniqueKey() {
    return QStringLiteral("gpen-studio-test-%1-%2")
        .arg(QCoreApplication::applicationPid())
        .arg(QRandomGenerator::global()->generate());
}

TEST(SingleInstance, TheFirstLaunchFindsNobodyAndListens) {
    gpen::test::uiApp();
    SingleInstance first(uniqueKey());
    EXPECT_FALSE(first.handOff({QStringLiteral("/tmp/x.png")}, 500));
    EXPECT_TRUE(first.listen()) << first.errorString().toStdString();
}

// Quitting closes the socket first: a launch during the last moments of a quitting instance
// starts its own instead of handing its files to one that will never show them.
TEST(SingleInstance, AQuittingInstanceNoLongerTakesFiles) {
    gpen::test::uiApp();
    const QString key = uniqueKey();
    SingleInstance first(key);
    ASSERT_TRUE(first.listen()) << first.errorString().toStdString();
    first.close();
    SingleInstance second(key);
    EXPECT_FALSE(second.handOff({QStringLiteral("/tmp/x.png")}, 500));
    EXPECT_TRUE(second.listen()) << second.errorString().toStdString();
}

TEST(SingleInstance, ASecondLaunchHandsItsFilesToTheFirstAndExits) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    const QString photo = QString::fromStdString(
        (gpen::test::sampleImagesDir() / "Solvay_conference_1927.png").string());
    if (!QFileInfo::exists(photo)) GTEST_SKIP() << "sample image not found";
    const QString key = uniqueKey();
    gpen::ui::MainWindow window;
    window.show();
    SingleInstance first(key);
    ASSERT_TRUE(first.listen()) << first.errorString().toStdString();
    QObject::connect(&first, &SingleInstance::filesReceived, &window,
                     &gpen::ui::MainWindow::openFromAnotherLaunch);
    QSignalSpy received(&first, &SingleInstance::filesReceived);
    QSignalSpy opened(window.session(), &gpen::ui::ImageSession::openFinished);

    // The real application, as a file manager would start it.
    QProcess second;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GPEN_STUDIO_INSTANCE_KEY"), key);
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    second.setProcessEnvironment(env);
    QSignalSpy finished(&second, &QProcess::finished);
    second.start(QStringLiteral(GPEN_STUDIO_EXE), {photo});
    ASSERT_TRUE(received.wait(30000)) << second.readAllStandardError().toStdString();
    ASSERT_TRUE(finished.count() > 0 || finished.wait(30000));
    EXPECT_EQ(second.exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(second.exitCode(), 0) << second.readAllStandardError().toStdString();

    ASSERT_EQ(received.count(), 1);
    EXPECT_EQ(received.at(0).at(0).toStringList(),
              QStringList{QFileInfo(photo).absoluteFilePath()});
    // The first window opened it (decoded in the background).
    ASSERT_TRUE(opened.count() > 0 || opened.wait(30000));
    ASSERT_EQ(window.session()->count(), 1);
    EXPECT_EQ(window.session()->entry(0).path, photo);
    EXPECT_EQ(window.imageList()->count(), 1);
}

// The default socket lives in the user's runtime folder ($XDG_RUNTIME_DIR, 0700), not under a
// name anyone can compute in /tmp, and it answers there.
TEST(SingleInstance, TheDefaultSocketIsInTheUsersRuntimeFolder) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    QTemporaryDir runtime;
    ASSERT_TRUE(runtime.isValid());
    ASSERT_TRUE(QFile::setPermissions(
        runtime.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
    const QByteArray saved = qgetenv("XDG_RUNTIME_DIR");
    const QByteArray savedKey = qgetenv("GPEN_STUDIO_INSTANCE_KEY");
    qputenv("XDG_RUNTIME_DIR", runtime.path().toUtf8());
    qunsetenv("GPEN_STUDIO_INSTANCE_KEY");
    const QString key = SingleInstance::defaultKey();
    EXPECT_TRUE(key.startsWith(runtime.path() + QLatin1Char('/'))) << key.toStdString();
    {
        SingleInstance first(key);
        ASSERT_TRUE(first.listen()) << first.errorString().toStdString();
        EXPECT_TRUE(QFileInfo::exists(key));
    }
    qputenv("XDG_RUNTIME_DIR", saved);
    if (!savedKey.isEmpty()) qputenv("GPEN_STUDIO_INSTANCE_KEY", savedKey);
}

}  // namespace
