// SPDX-License-Identifier: Apache-2.0
// The model cache's internal bookkeeping: slots, observers' queue, eviction, the preload thread.

#include "engine/model_cache_impl.h"

#include "gpen/base/log.h"

namespace gpen {

ModelCache::Impl::Impl(ModelCacheParams p) : params(std::move(p)), catalog(params.catalog) {
    pinnedIds.insert(params.pinned.begin(), params.pinned.end());
    if (params.pinPreloaded) {
        pinnedIds.insert(params.preload.begin(), params.preload.end());
    }
    for (const auto& e : catalog.entries()) {
        ensureSlot(e);
    }
}

ModelCache::Impl::Slot& ModelCache::Impl::ensureSlot(const ModelEntry& entry) {
    auto [it, inserted] = slots.try_emplace(entry.id);
    if (inserted) {
        it->second.status.id = entry.id;
        it->second.status.kind = entry.kind;
        it->second.status.task = entry.task;
        it->second.status.architecture = entry.architecture;
        it->second.status.pinned = pinnedIds.count(entry.id) > 0;
    }
    return it->second;
}

ModelCache::Impl::Slot* ModelCache::Impl::slotFor(const std::string& id) {
    const ModelEntry* e = catalog.find(id);
    return e ? &ensureSlot(*e) : nullptr;
}

ModelStatus ModelCache::Impl::snapshot(const Slot& s) const {
    ModelStatus st = s.status;
    st.inUse = s.model ? s.model.use_count() > 1 : !s.evicted.expired();
    return st;
}

void ModelCache::Impl::publish(Slot& s) {
    s.status.sequence = ++sequence;
    pending.push_back(snapshot(s));
}

void ModelCache::Impl::deliver() {
    std::unique_lock lock(mutex);
    if (delivering) {
        return;
    }
    delivering = true;
    while (!pending.empty() || !pendingLogs.empty()) {
        std::vector<ModelStatus> batch;
        batch.swap(pending);
        std::vector<std::pair<LogLevel, std::string>> lines;
        lines.swap(pendingLogs);
        const auto targets = observers;
        lock.unlock();
        for (const auto& [level, line] : lines) {
            log(level, line);
        }
        for (const auto& st : batch) {
            for (const auto& observer : targets) {
                observer(st);
            }
        }
        lock.lock();
    }
    delivering = false;
}

void ModelCache::Impl::note(LogLevel level, std::string line) {
    pendingLogs.emplace_back(level, std::move(line));
}

void ModelCache::Impl::touch(Slot& s) {
    s.lastUseOrder = ++useCounter;
    s.lastUse = now();
}

void ModelCache::Impl::evict(Slot& s, ReleaseReason why) {
    s.evicted = s.model;
    s.model.reset();
    s.status.state = ModelState::Evicted;
    s.status.released = why;
    s.status.residentBytes = 0;
    publish(s);
    note(LogLevel::Info, s.status.id + ": released (" + releaseReasonName(why) + ")");
}

void ModelCache::Impl::enforceLimits(const std::string& keep) {
    for (;;) {
        std::size_t count = 0;
        std::uint64_t bytes = 0;
        Slot* victim = nullptr;
        for (auto& [id, s] : slots) {
            if (s.status.state != ModelState::Ready) {
                continue;
            }
            ++count;
            bytes += s.status.residentBytes;
            if (!s.status.pinned && id != keep &&
                (!victim || s.lastUseOrder < victim->lastUseOrder)) {
                victim = &s;
            }
        }
        const bool overCount = params.maxModels > 0 && count > params.maxModels;
        const bool overBytes = params.memoryBudgetBytes > 0 && bytes > params.memoryBudgetBytes;
        if (!overCount && !overBytes) {
            overBudgetWarned = false;
            return;
        }
        if (!victim) {
            if (!overBudgetWarned) {
                note(LogLevel::Warning,
                     "models: over the cache's limits (" + std::to_string(count) + " models, " +
                         std::to_string(bytes / 1000000) +
                         " MB) with nothing left to evict: the rest is pinned or just loaded");
                overBudgetWarned = true;
            }
            return;
        }
        evict(*victim, overCount ? ReleaseReason::ModelCount : ReleaseReason::MemoryBudget);
    }
}

void ModelCache::Impl::runPreload(const std::vector<std::string>& ids) {
    std::deque<std::string> work(ids.begin(), ids.end());
    for (;;) {
        {
            std::unique_lock lock(mutex);
            // The prefetches are taken under the same lock that ends the thread: one queued
            // meanwhile is either seen here or starts a thread of its own (ModelCache::prefetch).
            if (work.empty()) work.swap(prefetches);
            if (stopping || work.empty()) {
                preloadRunning = false;
                preloadDone.notify_all();
                return;
            }
            const std::string id = std::move(work.front());
            work.pop_front();
            Slot* s = slotFor(id);
            if (!s) {
                note(LogLevel::Warning, "preload: no model named " + id);
            } else if (s->status.state == ModelState::Installed ||
                       s->status.state == ModelState::Evicted) {
                (void)load(lock, *s);  // a failure is in its status; the next model still loads
            } else if (s->status.state == ModelState::NotInstalled) {
                note(LogLevel::Info, "preload: " + id + " is not installed, skipped");
            }
        }
        deliver();
    }
}

}  // namespace gpen
