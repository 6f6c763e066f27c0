// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QtGlobal>

#include <memory>
#include <stop_token>

#include "gpen/base/pause_token.h"

namespace gpen::ui {

enum class JobKind { Restore, Batch, Reblend, Import, FaceMap, Download };

// The engine's jobs from the GUI's side: each one queued for the engine thread (which runs them
// in order, one at a time) and not yet answered, with its kind, its stop source and its pause
// token. They are shared with the engine thread, which reads them; the GUI sets them directly,
// never through the event queue. GUI thread only.
class JobQueue {
  public:
    struct Job {
        quint64 id = 0;
        JobKind kind = JobKind::Restore;
        std::stop_source stop;  // its tokens go with the request
        // Only a batch looks at it: the runner waits on it between files.
        std::shared_ptr<gpen::PauseToken> paused;
    };

    // Registers a new job with a fresh id (nextJobId()) and fresh tokens.
    Job add(JobKind kind);
    // The job answered (finished, failed or cancelled): it leaves the queue.
    void finish(quint64 id);
    // Requests the job's stop (a paused batch wakes and sees it too). Unknown: no-op.
    void cancel(quint64 id);
    // Cancels every job of that kind.
    void cancelAll(JobKind kind);
    void cancelAll();
    void setPaused(quint64 id, bool paused);

    bool contains(quint64 id) const { return m_jobs.contains(id); }
    bool isEmpty() const { return m_jobs.isEmpty(); }
    bool hasKind(JobKind kind) const;

  private:
    QHash<quint64, Job> m_jobs;
};

}  // namespace gpen::ui
