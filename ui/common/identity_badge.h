// SPDX-License-Identifier: Apache-2.0
#pragma once

// How the GUI says an identity score (core/pipeline/identity_bands.h): a word, a colour and a
// tooltip per band, the same in the face strip and on the photo's face boxes.

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace gpen::ui {

class IdentityBadge {
    Q_DECLARE_TR_FUNCTIONS(IdentityBadge)
  public:
    static bool scored(double score);     // false for NaN: the face was not scored
    static QString text(double score);    // "Same person", "Check", "Changed"
    static QString number(double score);  // "0.83": the mark's text, in the locale's digits
    static QColor colour(double score);   // green, amber, red
    // The band's word, the number and what to do about it: "Changed: identity score 0.12 …".
    static QString toolTip(double score);
};

}  // namespace gpen::ui
