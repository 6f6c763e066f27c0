#include "ui/common/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

namespace gpen::ui {
namespace {

const auto kLanguageKey = QStringLiteral("ui/language");

}  // namespace

QString Translations::storedLanguage() {
    return QSettings().value(kLanguageKey).toString();
}

void Translations::storeLanguage(const QString& language) {
    QSettings().setValue(kLanguageKey, language);
}

QStringList Translations::available() {
    return {QString(), QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN")};
}

QLocale Translations::localeFor(const QString& language) {
    return language.isEmpty() ? QLocale::system() : QLocale(language);
}

QList<QTranslator*> Translations::install(QCoreApplication* app, const QString& language) {
    QList<QTranslator*> installed;
    const QLocale locale = localeFor(language);
    // QTranslator::load(QLocale, ...) walks the locale's UI languages ("de-AT", "de", ...).
    auto own = new QTranslator(app);
    if (own->load(locale, QStringLiteral("gpen-studio"), QStringLiteral("_"),
                  QStringLiteral(":/i18n")) &&
        QCoreApplication::installTranslator(own)) {
        installed << own;
    } else if (own->load(QStringLiteral(":/i18n/gpen-studio_en.qm")) &&
               QCoreApplication::installTranslator(own)) {
        // No translation for this locale (or the "C" locale): the interface is English, with
        // its plural forms; Qt's own strings stay English too.
        return {own};
    } else {
        delete own;
    }
    // Qt's own strings (standard buttons, file dialogs) only alongside ours: an English
    // interface with German buttons would be worse than either.
    if (!installed.isEmpty()) {
        auto qt = new QTranslator(app);
        if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)) &&
            QCoreApplication::installTranslator(qt)) {
            installed << qt;
        } else {
            delete qt;
        }
    }
    return installed;
}

}  // namespace gpen::ui
