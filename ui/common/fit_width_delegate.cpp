#include "ui/common/fit_width_delegate.h"

#include <QAbstractItemView>

#include <algorithm>

namespace gpen::ui {

QSize FitWidthDelegate::sizeHint(const QStyleOptionViewItem& option,
                                 const QModelIndex& index) const {
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (const auto* view = qobject_cast<const QAbstractItemView*>(parent())) {
        size.setWidth(std::min(size.width(), view->viewport()->width()));
    }
    return size;
}

}  // namespace gpen::ui
