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
    static bool scored(double score);      // false for NaN: the face was not scored
    static QString text(double score);     // "Same person", "Check", "Changed"
    static QColor colour(double score);    // green, amber, red
    static QString toolTip(double score);  // the number and what to do about it
};

}  // namespace gpen::ui
