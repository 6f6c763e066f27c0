// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStyledItemDelegate>

namespace gpen::ui {

// Keeps a list view's rows no wider than its viewport, so that a long text wraps (a view with
// wordWrap: the row is as tall as its lines there) or is elided (with the view's textElideMode)
// instead of widening the row past the panel: a QListView otherwise sizes each row to its whole
// text. The view must be the delegate's parent; with
// QListView::Adjust the rows follow the panel's width. GUI thread only.
class FitWidthDelegate : public QStyledItemDelegate {
    Q_OBJECT
  public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

}  // namespace gpen::ui
