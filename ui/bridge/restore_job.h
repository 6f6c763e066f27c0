// SPDX-License-Identifier: Apache-2.0
#pragma once

// The values a restore job carries between the GUI and the engine thread.

#include <limits>
#include <memory>
#include <stop_token>

#include <QImage>
#include <QList>
#include <QMetaType>
#include <QRect>
#include <QString>

#include "gpen/engine/tile_defaults.h"

namespace gpen {
struct DecodedImage;
}

namespace gpen::ui {

struct RestoreOptions {
    QString task = QStringLiteral("restore");  // restore, colorize, inpaint (core's faceTaskName)
    QString faceModel = QStringLiteral("GPEN-BFR-512");
    QString detector = QStringLiteral("auto");
    int backgroundScale = 1;
    QString background = QStringLiteral("auto");  // the upscaler: auto, or a Background model's id
    int tileSize = kDefaultTileSize;
    double strength = 1.0;
    bool keepGrayscale = true;
    bool tintRest = false;  // colorize: the rest of the photo toned with the faces' colour
    // Find the damage and repair it (core's RestoreParams::findDamage); a mask sent with the
    // request is repaired whatever this says.
    bool findDamage = false;
    double damageSensitivity = 0.5;
};

struct RestoreRequest {
    quint64 jobId = 0;
    int imageIndex = -1;
    // What core decoded when the photo was opened (shared with the session, never copied): the
    // engine restores core's own image, with no conversion through QImage. Never null.
    std::shared_ptr<const gpen::DecodedImage> decoded;
    QString source;  // the file it came from (empty for a pasted image)
    RestoreOptions options;
    // The damage painted on the photo (any task), 8-bit gray, 255 = damaged.
    QImage damageMask;
    std::stop_token stop;  // its source is the GUI thread's (JobQueue), requested directly
};

struct RestoredFaceView {
    QRect box;
    QImage before;  // the aligned crop
    QImage after;   // GPEN's output
    // The identity score at the restore's strength (core's RestoredFace::identity); NaN when
    // the face was not scored.
    double identity = std::numeric_limits<double>::quiet_NaN();
};

struct RestoreOutcome {
    quint64 jobId = 0;
    int imageIndex = -1;
    QImage result;
    QList<RestoredFaceView> faces;
    QString summary;  // "28 faces restored with dlib in 2.1 s"
    // Written into the saved file's metadata: the networks that really ran (RestoreJob's note).
    QString processingNote;
    // Where the print's repair filled (8-bit gray, the photo's size, 255 = filled); null: none.
    QImage repairedMask;
};

struct JobProgress {
    quint64 jobId = 0;
    QString stage;
    int done = 0;
    int total = 0;
    QString note;
};

}  // namespace gpen::ui

Q_DECLARE_METATYPE(gpen::ui::RestoreRequest)
Q_DECLARE_METATYPE(gpen::ui::RestoreOutcome)
Q_DECLARE_METATYPE(gpen::ui::JobProgress)
