// SPDX-License-Identifier: Apache-2.0
#include "ui/common/theme.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace gpen::ui {
namespace {

const auto kThemeKey = QStringLiteral("ui/theme");

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2b), base(0x1e, 0x1e, 0x1e), text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x4a, 0x9e, 0xff));
    p.setColor(QPalette::Highlight, QColor(0x35, 0x84, 0xe4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, QColor(0x80, 0x80, 0x80));
    }
    return p;
}

}  // namespace

QString Theme::stored() {
    return QSettings().value(kThemeKey).toString();
}

void Theme::store(const QString& theme) {
    QSettings().setValue(kThemeKey, theme);
}

void Theme::apply(const QString& theme) {
    // The platform's style and palette, as they were before any theme was applied.
    static const QString systemStyle = QApplication::style()->name();
    static const QPalette systemPalette = QApplication::palette();
    static bool changed = false;
    if (theme.isEmpty() && !changed) return;  // the system's look, untouched since start
    changed = true;
    if (theme == QStringLiteral("dark") || theme == QStringLiteral("light")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(theme == QStringLiteral("dark")
                                     ? darkPalette()
                                     : QApplication::style()->standardPalette());
    } else {
        QApplication::setStyle(QStyleFactory::create(systemStyle));
        QApplication::setPalette(systemPalette);
    }
}

}  // namespace gpen::ui
