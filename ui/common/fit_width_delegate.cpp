// SPDX-License-Identifier: Apache-2.0
#include "ui/common/fit_width_delegate.h"

#include <QAbstractItemView>

#include <algorithm>

namespace gpen::ui {

QSize FitWidthDelegate::sizeHint(const QStyleOptionViewItem& option,
                                 const QModelIndex& index) const {
    const auto* view = qobject_cast<const QAbstractItemView*>(parent());
    if (!view) return QStyledItemDelegate::sizeHint(option, index);
    // Measured at the width the row will have: a wrapping view's long name takes the lines it
    // needs there ("photo.jpg" above "(simulated damage)") instead of losing words to eliding.
    QStyleOptionViewItem fitted(option);
    fitted.rect.setWidth(view->viewport()->width());
    QSize size = QStyledItemDelegate::sizeHint(fitted, index);
    size.setWidth(std::min(size.width(), view->viewport()->width()));
    return size;
}

}  // namespace gpen::ui
