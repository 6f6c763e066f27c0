// SPDX-License-Identifier: Apache-2.0
#include "ui/common/identity_badge.h"

#include <cmath>

#include <QLocale>

#include "gpen/pipeline/identity_bands.h"

namespace gpen::ui {

bool IdentityBadge::scored(double score) {
    return !std::isnan(score);
}

QString IdentityBadge::text(double score) {
    switch (identityBand(score)) {
        case IdentityBand::Consistent:
            return tr("Same person");
        case IdentityBand::Check:
            return tr("Check");
        case IdentityBand::Changed:
            return tr("Changed");
    }
    return {};
}

QString IdentityBadge::number(double score) {
    return QLocale().toString(score, 'f', 2);
}

QColor IdentityBadge::colour(double score) {
    switch (identityBand(score)) {
        case IdentityBand::Consistent:
            return QColor(46, 125, 50);
        case IdentityBand::Check:
            return QColor(230, 140, 0);
        case IdentityBand::Changed:
            return QColor(198, 40, 40);
    }
    return {};
}

QString IdentityBadge::toolTip(double score) {
    //: %1 is the band's word ("Changed"), %2 a number such as 0.83
    const QString number = tr("%1: identity score %2 (1 is the same face).")
                               .arg(text(score), IdentityBadge::number(score));
    switch (identityBand(score)) {
        case IdentityBand::Consistent:
            return number + QLatin1Char(' ') + tr("The restored face is still the same person.");
        case IdentityBand::Check:
            return number + QLatin1Char(' ') +
                   tr("Look again: the face may have changed. Lowering its strength keeps more of "
                      "the original.");
        case IdentityBand::Changed:
            return number + QLatin1Char(' ') +
                   tr("The restored face looks like someone else. Lower its strength until the "
                      "badge turns green, or reject it.");
    }
    return number;
}

}  // namespace gpen::ui
