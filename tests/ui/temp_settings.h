// SPDX-License-Identifier: Apache-2.0
#pragma once

// Points QSettings at a temporary folder for the rest of the process and empties it, so that UI
// tests never read or write the user's settings. Call at the start of each test that uses them.

#include <QCoreApplication>
#include <QSettings>
#include <QTemporaryDir>

namespace gpen::test {

// The folder, made on first use. The UI suites' main() ends with _Exit (no static destructors),
// so it removes the folder itself through removeTemporarySettings().
inline QTemporaryDir& temporarySettingsDir() {
    static QTemporaryDir dir;
    return dir;
}

inline void removeTemporarySettings() {
    temporarySettingsDir().remove();
}

inline void useTemporarySettings() {
    QTemporaryDir& dir = temporarySettingsDir();
    static const bool once = [&dir] {
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
