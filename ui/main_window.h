#pragma once

#include <QMainWindow>

namespace gpen::ui {

// The application window. GUI thread only.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
};

}  // namespace gpen::ui
