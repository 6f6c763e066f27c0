// SPDX-License-Identifier: Apache-2.0
#include "ui/settings/shortcuts_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace gpen::ui {
namespace {

QString plain(QString text) {
    return text.remove(QLatin1Char('&')).remove(QStringLiteral("…"));
}

void collect(const QMenu* menu, const QString& path, QList<QStringList>& rows) {
    for (const QAction* a : menu->actions()) {
        if (a->menu()) {
            collect(a->menu(), path + QStringLiteral(" › ") + plain(a->text()), rows);
        } else if (!a->isSeparator() && !a->shortcut().isEmpty()) {
            rows << QStringList{path, plain(a->text()),
                                a->shortcut().toString(QKeySequence::NativeText)};
        }
    }
}

}  // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar* menus, QWidget* parent)
    : QDialog(parent), m_table(new QTableWidget(this)) {
    setWindowTitle(tr("Keyboard Shortcuts"));
    QList<QStringList> rows;
    for (const QAction* a : menus->actions()) {
        if (a->menu()) collect(a->menu(), plain(a->text()), rows);
    }
    // Keys that belong to no menu command.
    rows << QStringList{tr("Window"), tr("Stop the restore in hand"),
                        QKeySequence(QKeySequence::Cancel).toString(QKeySequence::NativeText)}
         << QStringList{tr("Photos list"), tr("Close the selected photos"),
                        QKeySequence(QKeySequence::Delete).toString(QKeySequence::NativeText)};
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Menu"), tr("Command"), tr("Keys")});
    m_table->setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        for (int c = 0; c < 3; ++c) m_table->setItem(r, c, new QTableWidgetItem(rows[r][c]));
    }
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(560, 480);
}

}  // namespace gpen::ui
