#include <QApplication>

#include "ui/main_window.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gpen-studio"));
    QApplication::setOrganizationName(QStringLiteral("GPEN Studio"));
    QApplication::setApplicationDisplayName(QStringLiteral("GPEN Studio"));
    gpen::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
