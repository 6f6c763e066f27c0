#pragma once

#include <QHash>
#include <QtGlobal>

#include "gpen/base/pause_token.h"

#include <memory>

namespace gpen {
class CancelToken;
}

namespace gpen::ui {

enum class JobKind { Restore, Batch, Reblend, Import, FaceMap };

// The engine's jobs from the GUI's side: each one queued for the engine thread (which runs them
// in order, one at a time) and not yet answered, with its kind and its cancel token. The tokens
// are shared with the engine thread, which reads them; the GUI sets them directly, never through
// the event queue. GUI thread only.
class JobQueue {
public:
    struct Job {
        quint64 id = 0;
        JobKind kind = JobKind::Restore;
        std::shared_ptr<gpen::CancelToken> cancel;
        // Only a batch looks at it: the runner waits on it between files.
        std::shared_ptr<gpen::PauseToken> paused;
    };

    // Registers a new job with a fresh id (nextJobId()) and fresh tokens.
    Job add(JobKind kind);
    // The job answered (finished, failed or cancelled): it leaves the queue.
    void finish(quint64 id);
    // Sets the job's cancel token (a paused batch sees it too). Unknown: no-op.
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
