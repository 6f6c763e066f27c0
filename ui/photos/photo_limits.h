// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace gpen::ui {

// Settings → Largest photo: photos over this many megapixels are refused when opened (core's
// decoder limit, ImageReadParams::maxPixels; the command line's --max-megapixels). Stored in
// QSettings ("photos/maxMegapixels"). GUI thread only.
struct PhotoLimits {
    Q_DECLARE_TR_FUNCTIONS(gpen::ui::PhotoLimits)

  public:
    static constexpr int kDefaultMegapixels = 100;
    static constexpr int kMinMegapixels = 10;
    static constexpr int kMaxMegapixels = 2000;

    static int storedMaxMegapixels();
    static void storeMaxMegapixels(int megapixels);
    // The memory one photo this large takes in the app, open and restored: its pixels, the result
    // and the restore's working copies (about 16 bytes a pixel: docs/MEASUREMENTS.md, "Photo
    // memory").
    static std::uint64_t bytesForOnePhoto(int megapixels);
    // "about 1.6 GB", in the user's language.
    static QString memoryText(int megapixels);
};

}  // namespace gpen::ui
