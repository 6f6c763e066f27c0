// SPDX-License-Identifier: Apache-2.0
#include "ui/bridge/engine_settings.h"

#include <QSettings>

#include "gpen/engine/embedded_identity.h"
#include "gpen/engine/embedded_upscaler.h"

namespace gpen::ui {

QStringList EngineSettings::defaultPreload() {
    // In the Settings dialog's order (the catalog's, then the built-in detector).
    return {QStringLiteral("GPEN-BFR-512"),        QStringLiteral("RetinaFace-R50"),
            QStringLiteral("ParseNet-latest"),     QString::fromStdString(builtInUpscalerId(2)),
            QString::fromLatin1(kIdentityModelId), QStringLiteral("dlib")};
}

EngineSettings EngineSettings::load() {
    QSettings s;
    EngineSettings e;
    s.beginGroup(QStringLiteral("engine"));
    e.device = s.value(QStringLiteral("device"), e.device).toString();
    e.threads = s.value(QStringLiteral("threads"), e.threads).toInt();
    e.precision = s.value(QStringLiteral("precision"), e.precision).toString();
    e.preload = s.value(QStringLiteral("preload"), e.preload).toStringList();
    e.maxModels = s.value(QStringLiteral("maxModels"), e.maxModels).toInt();
    e.memoryBudgetMb = s.value(QStringLiteral("memoryBudgetMb"), e.memoryBudgetMb).toInt();
    e.idleReleaseMinutes =
        s.value(QStringLiteral("idleReleaseMinutes"), e.idleReleaseMinutes).toInt();
    e.tileSize = s.value(QStringLiteral("tileSize"), e.tileSize).toInt();
    e.modelsDir = s.value(QStringLiteral("modelsDir"), e.modelsDir).toString();
    const QVariantList sizes = s.value(QStringLiteral("warmupBatchSizes")).toList();
    if (!sizes.isEmpty()) {
        e.warmupBatchSizes.clear();
        for (const QVariant& v : sizes) {
            e.warmupBatchSizes << v.toInt();
        }
    }
    return e;
}

void EngineSettings::save() const {
    QSettings s;
    s.beginGroup(QStringLiteral("engine"));
    s.setValue(QStringLiteral("device"), device);
    s.setValue(QStringLiteral("threads"), threads);
    s.setValue(QStringLiteral("precision"), precision);
    s.setValue(QStringLiteral("preload"), preload);
    s.setValue(QStringLiteral("maxModels"), maxModels);
    s.setValue(QStringLiteral("memoryBudgetMb"), memoryBudgetMb);
    s.setValue(QStringLiteral("idleReleaseMinutes"), idleReleaseMinutes);
    s.setValue(QStringLiteral("tileSize"), tileSize);
    s.setValue(QStringLiteral("modelsDir"), modelsDir);
    QVariantList sizes;
    for (const int b : warmupBatchSizes) {
        sizes << b;
    }
    s.setValue(QStringLiteral("warmupBatchSizes"), sizes);
}

}  // namespace gpen::ui
