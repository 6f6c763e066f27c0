#pragma once

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
};

}  // namespace gpen::ui
