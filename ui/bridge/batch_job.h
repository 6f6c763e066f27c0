// SPDX-License-Identifier: Apache-2.0
#pragma once

// The values a batch job carries between the batch dialog and the engine thread (core's
// BatchParams, BatchProgress and FileRecord in Qt types).

#include <atomic>
#include <limits>
#include <memory>

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include "gpen/base/pause_token.h"

#include "ui/bridge/restore_job.h"

namespace gpen::ui {

struct BatchRequest {
    quint64 jobId = 0;
    QString inputDir;
    QString outputDir;
    bool recursive = false;
    QStringList include;  // globs; empty: every supported image
    QStringList exclude;
    QString nameTemplate = QStringLiteral("{relpath}/{name}.{ext}");
    QString ifExists = QStringLiteral("skip");  // skip, overwrite, suffix
    QString format = QStringLiteral("same");    // same, png, jpg, tif, webp
    int quality = 95;
    RestoreOptions options;
    // Set from the GUI thread directly (EngineController::cancelJob / setPaused).
    std::stop_token stop;
    std::shared_ptr<gpen::PauseToken> paused;  // set by the GUI directly, read by core's runner
};

enum class BatchFileState { Pending, Running, Ok, Skipped, Failed, Cancelled };

// One row of the batch: planned (Pending, or already Skipped/Failed by the plan), then its end.
struct BatchFileRow {
    int position = 0;  // the row, in the plan's order
    QString file;      // relative to the input folder
    QString output;    // relative to the output folder; empty when none was planned
    BatchFileState state = BatchFileState::Pending;
    int faces = 0;
    double seconds = 0;
    QString error;         // why it failed or was skipped, in the user's language
    QString errorDetails;  // core's own words where `error` does not show them (a tooltip)
    QStringList notes;     // in the user's language: damaged data decoded around, fallbacks taken
    // One of the notes concerns this photo alone (its data was damaged, a face was skipped, its
    // masks fell back): the row is marked for a look. The models the batch chose are no warning.
    bool warning = false;
    // Faces whose identity score fell below the batch's minimum (1-based): the file is marked for
    // review. `identityMin`: its lowest face score, NaN when none was scored.
    QList<int> reviewFaces;
    double identityMin = std::numeric_limits<double>::quiet_NaN();
};

struct BatchPlanView {
    quint64 jobId = 0;
    QList<BatchFileRow> rows;
};

struct BatchFileView {
    quint64 jobId = 0;
    BatchFileRow row;
};

struct BatchProgressView {
    quint64 jobId = 0;
    int filesDone = 0;
    int filesTotal = 0;
    int ok = 0;
    int skipped = 0;
    int failed = 0;
    QString currentFile;  // relative to the input folder
    QString stage;
    int stageDone = 0;
    int stageTotal = 0;
    double elapsedSeconds = 0;
    double etaSeconds = -1;  // < 0: not known yet
    bool paused = false;
};

struct BatchOutcome {
    quint64 jobId = 0;
    int total = 0;
    int ok = 0;
    int skipped = 0;
    int failed = 0;
    int cancelled = 0;
    bool wasCancelled = false;
    QString reportJson;
    QString reportCsv;
    double seconds = 0;
    int review = 0;  // ok files with a face below the minimum identity score
    // The disk filled up: the batch stopped, `pending` files not written (core's reason, English).
    bool diskFull = false;
    int pending = 0;
    QString stopReason;
};

}  // namespace gpen::ui

Q_DECLARE_METATYPE(gpen::ui::BatchRequest)
Q_DECLARE_METATYPE(gpen::ui::BatchPlanView)
Q_DECLARE_METATYPE(gpen::ui::BatchFileView)
Q_DECLARE_METATYPE(gpen::ui::BatchProgressView)
Q_DECLARE_METATYPE(gpen::ui::BatchOutcome)
