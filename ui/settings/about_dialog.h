// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

class QTextBrowser;

namespace gpen::ui {

// Help → About: the version, what GPEN Studio is, and the licences of the application, of the
// libraries it is built on (Qt, libtorch, OpenCV, dlib) and of the model weights (from the
// catalog). GUI thread only.
class AboutDialog : public QDialog {
    Q_OBJECT
  public:
    explicit AboutDialog(QWidget* parent = nullptr);

    // The version shown: the application's, else the one this library was built with.
    static QString version();
    QTextBrowser* text() const { return m_text; }

  private:
    QTextBrowser* m_text;
};

}  // namespace gpen::ui
