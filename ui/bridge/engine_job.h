// SPDX-License-Identifier: Apache-2.0
#pragma once

// What crosses the bridge to the engine thread: one job value in (EngineJob), one event value
// out (JobEvent). The worker and the module each have a single entry for them, so that a new kind
// of job adds an alternative here, not a signal, a slot and a callback on each side.

#include <memory>
#include <stop_token>
#include <variant>

#include <QImage>
#include <QList>
#include <QMetaType>
#include <QRect>
#include <QString>

#include "ui/bridge/batch_job.h"
#include "ui/bridge/restore_job.h"

namespace gpen::ui {

// Re-blends the faces of the image's last restore at new per-face strengths (0 rejects a face)
// without running any network.
struct ReblendRequest {
    quint64 jobId = 0;
    int imageIndex = -1;
    QList<double> strengths;
};

// Validates a checkpoint and copies it into the user's models folder (ModelCache::importModel);
// on the engine thread: reading a 300 MB checkpoint is not for the GUI thread.
struct ImportRequest {
    quint64 jobId = 0;
    QString source;
    QString asModelId;  // empty: by file name, else by content
    bool overwrite = false;
};

// The map editor's start: one face of a photo (the one whose box overlaps `near` the most; none
// given, or none overlapping: the largest), aligned at Seg2face's size, and ParseNet's parsing map
// of it.
struct FaceMapRequest {
    quint64 jobId = 0;
    std::shared_ptr<const gpen::DecodedImage> decoded;  // the session's photo, shared
    QRect near;                                         // photo pixels; empty: the largest face
    QString detector = QStringLiteral("auto");          // as RestoreOptions::detector
    std::stop_token stop;
};

// The map editor's face: what Seg2face draws from `map` (class colours, any RGB format).
struct FaceFromMapRequest {
    quint64 jobId = 0;
    QImage map;
    QString model = QStringLiteral("auto");  // the Seg2face model (the restore panel's face model)
    std::stop_token stop;
};

// A released model fetched from its link (or the mirror) by core's downloader, checked and
// imported, on the engine thread; its stop ends the transfer and keeps the .part for a resume.
struct DownloadRequest {
    quint64 jobId = 0;
    QString modelId;
    QString mirror;  // a folder the file name is appended to; empty: the catalog's link
    std::stop_token stop;
};

using EngineJob = std::variant<RestoreRequest, ReblendRequest, ImportRequest, BatchRequest,
                               FaceMapRequest, FaceFromMapRequest, DownloadRequest>;
inline quint64 jobIdOf(const EngineJob& job) {
    return std::visit([](const auto& j) { return j.jobId; }, job);
}

struct ReblendOutcome {
    quint64 jobId = 0;
    int imageIndex = -1;
    QImage image;
    QList<double> identity;  // each face's identity score at its new strength; empty: not scored
};

struct ImportOutcome {
    quint64 jobId = 0;
    QString source;  // as given
    QString id;      // the model it was installed as
    QString file;    // where it now is
};

struct ImportFailure {
    quint64 jobId = 0;
    QString source;
    QString message;
};

struct FaceMapOutcome {
    quint64 jobId = 0;
    QImage face;  // the photo's face, aligned (RGB888)
    QImage map;   // its parsing map in the class colours (RGB888, the face's size)
    QRect box;    // the face in the photo
    int faceCount = 0;
};

struct FaceFromMapOutcome {
    quint64 jobId = 0;
    QImage face;              // what Seg2face drew (RGB888)
    double unknownShare = 0;  // the map's pixels that were no class colour (snapped to the nearest)
    QString model;            // the Seg2face model that drew it
};

struct DownloadProgressView {
    quint64 jobId = 0;
    qint64 bytes = 0;   // in the .part so far (a resumed download starts at its offset)
    qint64 total = -1;  // -1 while unknown
};

struct DownloadOutcome {
    quint64 jobId = 0;
    QString id;    // the model installed
    QString file;  // where it now is
};

// A job that could not run or failed; `message` is in the user's language.
struct JobFailure {
    quint64 jobId = 0;
    QString message;
};

struct JobCancelled {
    quint64 jobId = 0;
};

// A restore starts: which photo's earlier result the engine holds on for re-blending while it
// runs, and keeps should it fail or be cancelled (`imageIndex`, the key of that restore; -1: it
// let the result go to make room, a large one).
struct ReblendHeld {
    quint64 jobId = 0;
    int imageIndex = -1;
};

// Every answer a job gives: progress while it runs (JobProgress, the batch's plan, files and
// progress), then exactly one end (an outcome, a failure or JobCancelled).
using JobEvent = std::variant<JobProgress, RestoreOutcome, ReblendOutcome, ImportOutcome,
                              ImportFailure, JobFailure, JobCancelled, BatchPlanView, BatchFileView,
                              BatchProgressView, BatchOutcome, FaceMapOutcome, FaceFromMapOutcome,
                              DownloadProgressView, DownloadOutcome, ReblendHeld>;

}  // namespace gpen::ui

Q_DECLARE_METATYPE(gpen::ui::EngineJob)
Q_DECLARE_METATYPE(gpen::ui::JobEvent)
