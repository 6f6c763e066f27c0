// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/model_cache.h"

#include <algorithm>

#include "engine/model_cache_impl.h"
#include "gpen/base/log.h"
#include "gpen/nn/runtime.h"

namespace gpen {
namespace {

std::string notInstalledMessage(const ModelEntry& e, const ModelSearchParams& search) {
    std::string m = e.id + ": not installed: put " + (e.fileName.empty() ? e.id : e.fileName) +
                    " into " + (search.userDir.empty() ? userModelsDir() : search.userDir).string();
    if (!e.downloadUrl.empty()) {
        m += " (download: " + e.downloadUrl +
             (e.sourceFileName.empty() ? "" : ", file " + e.sourceFileName) + ")";
    }
    return m;
}

}  // namespace

ModelCache::ModelCache(ModelCacheParams params)
    : m_impl(std::make_unique<Impl>(std::move(params))) {}

ModelCache::~ModelCache() {
    {
        std::lock_guard lock(m_impl->mutex);
        m_impl->stopping = true;
    }
    m_impl->stopSource.request_stop();
    if (m_impl->preloadThread.joinable()) {
        m_impl->preloadThread.join();
    }
}

void ModelCache::addObserver(ModelObserver observer) {
    std::lock_guard lock(m_impl->mutex);
    m_impl->observers.push_back(std::move(observer));
}

void ModelCache::start() {
    {
        std::lock_guard lock(m_impl->mutex);
        if (m_impl->started) {
            return;
        }
        m_impl->started = true;
        m_impl->preloadRunning = true;
    }
    const auto& p = m_impl->params;
    std::string sizes;
    for (const int b : p.warmup.faceBatchSizes) {
        if (!sizes.empty()) {
            sizes += ',';
        }
        sizes += std::to_string(b);
    }
    log(LogLevel::Info,
        "models: device " + p.device.toString() + ", " + precisionName(p.precision) +
            ", keep up to " + std::to_string(p.maxModels) + " models / " +
            std::to_string(p.memoryBudgetBytes >> 20) + " MiB, idle release after " +
            std::to_string(p.idleRelease.count() / 1000) + " s, warmup " +
            (p.warmup.enabled ? "faces x" + sizes + ", tile " + std::to_string(p.warmup.tileSize)
                              : std::string("off")));
    rescan();
    m_impl->preloadThread =
        std::thread([impl = m_impl.get()] { impl->runPreload(impl->params.preload); });
}

void ModelCache::prefetch(const std::string& id) {
    {
        std::lock_guard lock(m_impl->mutex);
        if (!m_impl->started || m_impl->stopping) return;
        const Impl::Slot* s = m_impl->slotFor(id);
        if (!s ||
            (s->status.state != ModelState::Installed && s->status.state != ModelState::Evicted))
            return;
        m_impl->prefetches.push_back(id);
        if (m_impl->preloadRunning) return;  // the running thread takes it after its list
        m_impl->preloadRunning = true;
    }
    // Only the caller that set preloadRunning gets here; the previous thread has finished.
    if (m_impl->preloadThread.joinable()) m_impl->preloadThread.join();
    m_impl->preloadThread = std::thread([impl = m_impl.get()] { impl->runPreload({}); });
}

void ModelCache::waitForPreload() {
    std::unique_lock lock(m_impl->mutex);
    m_impl->preloadDone.wait(lock, [&] { return !m_impl->preloadRunning; });
}

DiscoveryResult ModelCache::rescan() {
    ModelCatalog known;
    {
        std::lock_guard lock(m_impl->mutex);
        known = m_impl->catalog;
    }
    DiscoveryResult found = discoverModels(known, m_impl->params.search);
    {
        std::lock_guard lock(m_impl->mutex);
        for (const auto& e : found.recognised) {
            if (!m_impl->catalog.find(e.id)) {
                m_impl->catalog.add(e);
            }
        }
        for (const auto& e : m_impl->catalog.entries()) {
            Impl::Slot& s = m_impl->ensureSlot(e);
            const auto loc = std::find_if(found.located.begin(), found.located.end(),
                                          [&](const LocatedModel& l) { return l.id == e.id; });
            const ModelState was = s.status.state;
            const auto file = s.status.file;
            if (loc != found.located.end()) {
                s.status.file = loc->file;
                s.status.origin = loc->origin;
                s.status.fileBytes = loc->fileBytes;
                if (was == ModelState::NotInstalled || was == ModelState::Failed) {
                    s.status.state = ModelState::Installed;
                    s.status.error.clear();
                }
            } else if (was == ModelState::Installed || was == ModelState::Failed ||
                       was == ModelState::Evicted) {
                s.status = ModelStatus{.id = e.id,
                                       .kind = e.kind,
                                       .task = e.task,
                                       .architecture = e.architecture,
                                       .timings = s.status.timings,
                                       .loads = s.status.loads,
                                       .pinned = s.status.pinned};
            }
            if (s.status.state != was || s.status.file != file) {
                m_impl->publish(s);
            }
        }
    }
    m_impl->deliver();
    return found;
}

Expected<ImportedModel> ModelCache::importModel(const std::filesystem::path& file,
                                                ImportParams params) {
    if (params.userDir.empty()) {
        params.userDir =
            m_impl->params.search.userDir.empty() ? userModelsDir() : m_impl->params.search.userDir;
    }
    auto imported = gpen::importModel(file, catalog(), m_impl->params.loaders, params);
    if (!imported) {
        return imported;
    }
    {
        std::lock_guard lock(m_impl->mutex);
        if (imported->recognised && !m_impl->catalog.find(imported->id)) {
            m_impl->catalog.add(*imported->recognised);
        }
        Impl::Slot* s = m_impl->slotFor(imported->id);
        std::error_code ec;
        const bool shadowed = s &&
                              (s->status.origin == ModelOrigin::CommandLine ||
                               s->status.origin == ModelOrigin::Environment) &&
                              std::filesystem::exists(s->status.file, ec);
        if (s && shadowed) {
            m_impl->note(LogLevel::Warning, imported->id + ": imported, but " +
                                                s->status.file.string() + " comes first");
        } else if (s) {
            s->status.file = imported->file;
            s->status.origin = ModelOrigin::UserData;
            const auto bytes = std::filesystem::file_size(imported->file, ec);
            s->status.fileBytes = ec ? 0 : static_cast<std::uint64_t>(bytes);
            if (s->status.state == ModelState::Ready) {
                m_impl->evict(*s, ReleaseReason::Requested);  // the next use reads the new file
            }
            s->evicted.reset();  // a job's copy of the old file is not taken back either
            if (s->status.state != ModelState::Loading && s->status.state != ModelState::Evicted) {
                s->status.state = ModelState::Installed;
                s->status.error.clear();
            }
            m_impl->publish(*s);
        }
    }
    m_impl->deliver();
    return imported;
}

Expected<std::shared_ptr<const LoadedModel>> ModelCache::acquire(const std::string& id) {
    Expected<std::shared_ptr<const LoadedModel>> result =
        makeError(ErrorCode::Internal, id + ": not loaded");
    {
        std::unique_lock lock(m_impl->mutex);
        Impl::Slot* s = m_impl->slotFor(id);
        if (!s) {
            return makeError(ErrorCode::InvalidArgument, "no model named " + id);
        }
        for (bool done = false; !done;) {
            switch (s->status.state) {
                case ModelState::Ready:
                    m_impl->touch(*s);
                    result = s->model;
                    done = true;
                    break;
                case ModelState::Loading:  // another thread's load: wait for it and take its result
                    m_impl->loadFinished.wait(
                        lock, [&] { return s->status.state != ModelState::Loading; });
                    break;
                case ModelState::Failed:
                    result = tl::unexpected(s->error);
                    done = true;
                    break;
                case ModelState::NotInstalled:
                    result = makeError(ErrorCode::NotInstalled,
                                       notInstalledMessage(*m_impl->catalog.find(s->status.id),
                                                           m_impl->params.search));
                    done = true;
                    break;
                case ModelState::Installed:
                case ModelState::Evicted:
                    if (auto alive = s->evicted.lock()) {  // a job still holds it: take it back
                        s->model = std::move(alive);
                        s->evicted.reset();
                        s->status.state = ModelState::Ready;
                        s->status.released = ReleaseReason::None;
                        s->status.residentBytes = s->model->byteEstimate(m_impl->params.warmup);
                        m_impl->touch(*s);
                        m_impl->publish(*s);
                        m_impl->note(LogLevel::Info,
                                     s->status.id + ": back in the cache (a job still held it)");
                        m_impl->enforceLimits(s->status.id);
                        result = s->model;
                    } else {
                        result = m_impl->load(lock, *s);
                    }
                    done = true;
                    break;
            }
        }
    }
    m_impl->deliver();
    return result;
}

bool ModelCache::release(const std::string& id) {
    bool released = false;
    {
        std::lock_guard lock(m_impl->mutex);
        Impl::Slot* s = m_impl->slotFor(id);
        if (s && s->status.state == ModelState::Ready) {
            m_impl->evict(*s, ReleaseReason::Requested);
            s->evicted.reset();  // asked for: the next use reads the file again
            released = true;
        }
    }
    m_impl->deliver();
    return released;
}

void ModelCache::setPinned(const std::string& id, bool pinned) {
    {
        std::lock_guard lock(m_impl->mutex);
        Impl::Slot* s = m_impl->slotFor(id);
        if (!s || s->status.pinned == pinned) {
            return;
        }
        s->status.pinned = pinned;
        if (pinned) {
            m_impl->pinnedIds.insert(s->status.id);
        } else {
            m_impl->pinnedIds.erase(s->status.id);
        }
        m_impl->publish(*s);
    }
    m_impl->deliver();
}

std::size_t ModelCache::releaseIdle(ModelClock::time_point now) {
    const auto idle = m_impl->params.idleRelease;
    std::size_t released = 0;
    if (idle.count() <= 0) {
        return 0;
    }
    {
        std::lock_guard lock(m_impl->mutex);
        for (auto& [id, s] : m_impl->slots) {
            if (s.status.state == ModelState::Ready && !s.status.pinned &&
                s.model.use_count() == 1 && now - s.lastUse >= idle) {
                m_impl->note(LogLevel::Info,
                             id + ": unused for " +
                                 std::to_string(std::chrono::duration_cast<std::chrono::seconds>(
                                                    now - s.lastUse)
                                                    .count()) +
                                 " s");
                m_impl->evict(s, ReleaseReason::Idle);
                ++released;
            }
        }
    }
    m_impl->deliver();
    if (released > 0) {
        // The runtime keeps freed memory for the next forward (RuntimeParams::keepFreedMemory);
        // idle is when to give it back, the released models' weights with it.
        releaseFreedMemory();
    }
    return released;
}

std::size_t ModelCache::tick() {
    ModelClock::time_point now;
    {
        std::lock_guard lock(m_impl->mutex);
        now = m_impl->now();
    }
    return releaseIdle(now);
}

ModelStatus ModelCache::status(const std::string& id) const {
    std::lock_guard lock(m_impl->mutex);
    const Impl::Slot* s = m_impl->slotFor(id);
    return s ? m_impl->snapshot(*s) : ModelStatus{};
}

std::vector<ModelStatus> ModelCache::statuses() const {
    std::lock_guard lock(m_impl->mutex);
    std::vector<ModelStatus> out;
    for (const auto& e : m_impl->catalog.entries()) {
        out.push_back(m_impl->snapshot(m_impl->ensureSlot(e)));
    }
    return out;
}

ModelCatalog ModelCache::catalog() const {
    std::lock_guard lock(m_impl->mutex);
    return m_impl->catalog;
}

std::uint64_t ModelCache::residentBytes() const {
    std::lock_guard lock(m_impl->mutex);
    std::uint64_t bytes = 0;
    for (const auto& [id, s] : m_impl->slots) {
        bytes += s.status.state == ModelState::Ready ? s.status.residentBytes : 0;
    }
    return bytes;
}

const WarmupPlan& ModelCache::warmupPlan() const {
    return m_impl->params.warmup;
}
const Device& ModelCache::device() const {
    return m_impl->params.device;
}

}  // namespace gpen
