// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFontDatabase>
#include <QList>
#include <QLocale>
#include <QString>

class QCoreApplication;
class QTranslator;

namespace gpen::ui {

// The interface language: stored in QSettings ("ui/language": "" for the system's, "en", "de",
// "zh_CN") and applied once at startup, before any window exists (widgets translate their texts
// when they are built). GUI thread only.
class Translations {
  public:
    static QString storedLanguage();
    static void storeLanguage(const QString& language);

    // The languages offered in Settings, by code; "" is the system's.
    static QStringList available();
    static QLocale localeFor(const QString& language);

    // Installs the program's translation (embedded under :/i18n) and Qt's own (qtbase, from Qt's
    // translations folder, when present) for `language` into `app`, which owns them. English
    // has only its plural forms ("1 photo", "2 photos"). Returns what was installed.
    static QList<QTranslator*> install(QCoreApplication* app, const QString& language);

    // What to tell the user when `language` ("zh_CN", as a translator installed it) needs a
    // writing system no installed font covers (`available`: QFontDatabase::writingSystems()):
    // its text would be empty boxes. In English, which every font draws; empty when fine.
    static QString missingFontNotice(const QString& language,
                                     const QList<QFontDatabase::WritingSystem>& available);
    // missingFontNotice for the fonts installed now, once per language (remembered in
    // QSettings): a user who chose to go on is not asked at every launch.
    static QString missingFontNoticeOnce(
        const QString& language,
        const QList<QFontDatabase::WritingSystem>& available = QFontDatabase::writingSystems());
};

}  // namespace gpen::ui
