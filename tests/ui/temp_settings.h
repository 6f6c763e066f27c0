#pragma once

// Points QSettings at a temporary folder for the rest of the process and empties it, so that UI
// tests never read or write the user's settings. Call at the start of each test that uses them.

#include <QCoreApplication>
#include <QSettings>
#include <QTemporaryDir>

namespace gpen::test {

inline void useTemporarySettings() {
    static QTemporaryDir dir;  // lives until the process ends
    static const bool once = [] {
        QCoreApplication::setOrganizationName(QStringLiteral("GPEN Studio Tests"));
        QCoreApplication::setApplicationName(QStringLiteral("gpen-studio-tests"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
        return true;
    }();
    (void)once;
    QSettings().clear();
}

}  // namespace gpen::test
