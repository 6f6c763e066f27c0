// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace gpen::ui {

// Help → Keyboard Shortcuts: every menu command that has a key, with its menu, in the user's
// language (read from the menus themselves, so it never disagrees with them).
class ShortcutsDialog : public QDialog {
    Q_OBJECT
  public:
    ShortcutsDialog(const QMenuBar* menus, QWidget* parent = nullptr);
    QTableWidget* table() const { return m_table; }

  private:
    QTableWidget* m_table;
};

}  // namespace gpen::ui
