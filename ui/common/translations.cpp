// SPDX-License-Identifier: Apache-2.0
#include "ui/common/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

namespace gpen::ui {
namespace {

const auto kLanguageKey = QStringLiteral("ui/language");
const auto kFontNoticeKey = QStringLiteral("ui/fontNoticeShownFor");

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

QString Translations::missingFontNotice(const QString& language,
                                        const QList<QFontDatabase::WritingSystem>& available) {
    if (!language.startsWith(QLatin1String("zh")) ||
        available.contains(QFontDatabase::SimplifiedChinese)) {
        return {};
    }
    // Not translated on purpose: without the font, Chinese would be boxes here too.
    return QStringLiteral(
        "The Chinese interface needs a font with Chinese characters, and none is installed: its "
        "text shows as empty boxes. Install one (sudo apt install fonts-noto-cjk, or "
        "fonts-wqy-microhei) and start GPEN Studio again, or choose another language under "
        "Tools → Settings.");
}

QString Translations::missingFontNoticeOnce(const QString& language,
                                            const QList<QFontDatabase::WritingSystem>& available) {
    const QString notice = missingFontNotice(language, available);
    QSettings settings;
    if (notice.isEmpty() || settings.value(kFontNoticeKey).toString() == language) return {};
    settings.setValue(kFontNoticeKey, language);
    return notice;
}

}  // namespace gpen::ui
