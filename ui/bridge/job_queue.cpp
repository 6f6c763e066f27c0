// SPDX-License-Identifier: Apache-2.0
#include "ui/bridge/job_queue.h"

#include "ui/common/job_ids.h"

namespace gpen::ui {

JobQueue::Job JobQueue::add(JobKind kind) {
    Job job{nextJobId(), kind, std::stop_source{}, std::make_shared<gpen::PauseToken>()};
    m_jobs.insert(job.id, job);
    return job;
}

void JobQueue::finish(quint64 id) {
    m_jobs.remove(id);
}

void JobQueue::cancel(quint64 id) {
    const auto it = m_jobs.constFind(id);
    if (it == m_jobs.constEnd()) return;
    it->stop.request_stop();
}

void JobQueue::cancelAll(JobKind kind) {
    for (const Job& job : std::as_const(m_jobs)) {
        if (job.kind == kind) cancel(job.id);
    }
}

void JobQueue::cancelAll() {
    for (const Job& job : std::as_const(m_jobs)) cancel(job.id);
}

void JobQueue::setPaused(quint64 id, bool paused) {
    if (const auto it = m_jobs.constFind(id); it != m_jobs.constEnd())
        paused ? it->paused->pause() : it->paused->resume();
}

bool JobQueue::hasKind(JobKind kind) const {
    for (const Job& job : m_jobs) {
        if (job.kind == kind) return true;
    }
    return false;
}

}  // namespace gpen::ui
