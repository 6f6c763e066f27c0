#include "ui/main_window.h"

#include <QLabel>
#include <QStatusBar>

namespace gpen::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("GPEN Studio"));
    auto* placeholder = new QLabel(tr("Drop photos here to restore their faces"), this);
    placeholder->setAlignment(Qt::AlignCenter);
    setCentralWidget(placeholder);
    statusBar()->showMessage(tr("Ready"));
    resize(1100, 720);
}

}  // namespace gpen::ui
