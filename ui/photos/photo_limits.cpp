// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/photo_limits.h"

#include <QLocale>
#include <QSettings>

#include <algorithm>

namespace gpen::ui {
namespace {

const auto kKey = QStringLiteral("photos/maxMegapixels");
constexpr std::uint64_t kBytesPerPixel = 16;

}  // namespace

int PhotoLimits::storedMaxMegapixels() {
    const int stored = QSettings().value(kKey, kDefaultMegapixels).toInt();
    return std::clamp(stored, kMinMegapixels, kMaxMegapixels);
}

void PhotoLimits::storeMaxMegapixels(int megapixels) {
    QSettings().setValue(kKey, std::clamp(megapixels, kMinMegapixels, kMaxMegapixels));
}

std::uint64_t PhotoLimits::bytesForOnePhoto(int megapixels) {
    return static_cast<std::uint64_t>(megapixels) * 1'000'000 * kBytesPerPixel;
}

QString PhotoLimits::memoryText(int megapixels) {
    const double gb = static_cast<double>(bytesForOnePhoto(megapixels)) / 1e9;
    //: %1 is a number of gigabytes, one decimal
    return tr("about %1 GB of memory for one photo this large").arg(QLocale().toString(gb, 'f', 1));
}

}  // namespace gpen::ui
