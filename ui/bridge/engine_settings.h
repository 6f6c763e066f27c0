// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>

#include "gpen/engine/tile_defaults.h"

namespace gpen::ui {

// What the engine is built from: read from QSettings on the GUI thread, handed to the worker by
// value. Defaults are the product's defaults.
struct EngineSettings {
    QString device = QStringLiteral("auto");
    int threads = 0;  // 0: one per core
    // The networks' number type, as gpen::parsePrecision reads it: "auto" (bf16 where the CPU
    // computes it natively, else fp32), "fp32", or "bf16".
    QString precision = QStringLiteral("auto");
    // The face model, the detectors (RetinaFace when installed, the built-in one always), the
    // parser and the embedded x2 upscaler: what a first restore needs, also with no model
    // installed at all.
    QStringList preload = defaultPreload();
    int maxModels = 4;
    int memoryBudgetMb = 4096;
    int idleReleaseMinutes = 10;
    QList<int> warmupBatchSizes = {1};
    int tileSize = kDefaultTileSize;
    QString modelsDir;  // an extra folder searched first (the command line's --models-dir)

    bool operator==(const EngineSettings&) const = default;

    static QStringList defaultPreload();
    static EngineSettings load();  // from QSettings, defaults where unset
    void save() const;
};

}  // namespace gpen::ui

Q_DECLARE_METATYPE(gpen::ui::EngineSettings)
