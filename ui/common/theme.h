// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace gpen::ui {

// The interface theme: stored in QSettings ("ui/theme": "" follows the system, "light", "dark")
// and applied to the whole application (Fusion style with a light or dark palette). Applying
// takes effect at once. GUI thread only; needs a QApplication.
class Theme {
  public:
    static QString stored();
    static void store(const QString& theme);
    static void apply(const QString& theme);
};

}  // namespace gpen::ui
