#pragma once

// What crosses the bridge to the engine thread: one job value in (EngineJob), one event value
// out (JobEvent). The worker and the module each have a single entry for them, so that a new kind
// of job adds an alternative here, not a signal, a slot and a callback on each side.

#include <variant>

#include <QImage>
#include <QList>
#include <QMetaType>
#include <QString>

#include "ui/batch_job.h"
#include "ui/restore_job.h"

namespace gpen::ui {

// Re-blends the faces of the image's last restore at new per-face strengths (0 rejects a face)
// without running any network.
struct ReblendRequest {
    quint64 jobId = 0;
    int imageIndex = -1;
    QList<double> strengths;
};

// Validates a checkpoint and copies it into the user's models folder (ModelCache::importModel);
// on the engine thread: reading a 300 MB checkpoint takes about a second.
struct ImportRequest {
    quint64 jobId = 0;
    QString source;
    QString asModelId;  // empty: by file name, else by content
    bool overwrite = false;
};

using EngineJob = std::variant<RestoreRequest, ReblendRequest, ImportRequest, BatchRequest>;
inline quint64 jobIdOf(const EngineJob& job) {
    return std::visit([](const auto& j) { return j.jobId; }, job);
}

struct ReblendOutcome {
    quint64 jobId = 0;
    int imageIndex = -1;
    QImage image;
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

// A job that could not run or failed; `message` is in the user's language.
struct JobFailure {
    quint64 jobId = 0;
    QString message;
};

struct JobCancelled {
    quint64 jobId = 0;
};

// Every answer a job gives: progress while it runs (JobProgress, the batch's plan, files and
// progress), then exactly one end (an outcome, a failure or JobCancelled).
using JobEvent = std::variant<JobProgress, RestoreOutcome, ReblendOutcome, ImportOutcome, ImportFailure, JobFailure,
                              JobCancelled, BatchPlanView, BatchFileView, BatchProgressView, BatchOutcome>;

}  // namespace gpen::ui

Q_DECLARE_METATYPE(gpen::ui::EngineJob)
Q_DECLARE_METATYPE(gpen::ui::JobEvent)
