// SPDX-License-Identifier: Apache-2.0
// The load of one model: read the checkpoint, build through the kind's loader, warm up; every
// phase timed and reported.

#include <chrono>
#include <exception>

#include "engine/model_cache_impl.h"
#include "gpen/base/log.h"
#include "gpen/io/checkpoint.h"
#include "gpen/nn/runtime.h"

namespace gpen {
namespace {

using Wall = std::chrono::steady_clock;

double msSince(Wall::time_point t0) {
    return std::chrono::duration<double, std::milli>(Wall::now() - t0).count();
}

// Every error a load reports starts with the file it concerns.
Error namingSource(Error error, const std::string& source) {
    if (error.message.find(source) == std::string::npos) {
        return withContext(std::move(error), source);
    }
    return error;
}

std::string fmtMs(double ms) {
    return std::to_string(static_cast<long long>(ms + 0.5)) + " ms";
}

}  // namespace

void ModelCache::Impl::enterPhase(Slot& s, LoadPhase phase, const LoadTimings& timings) {
    {
        std::lock_guard lock(mutex);
        s.status.phase = phase;
        s.status.timings = timings;
        publish(s);
    }
    deliver();
}

Expected<std::shared_ptr<const LoadedModel>> ModelCache::Impl::load(
    std::unique_lock<std::mutex>& lock, Slot& s) {
    const ModelEntry* found = catalog.find(s.status.id);
    const ModelEntry entry = found ? *found : ModelEntry{};
    const std::filesystem::path file = s.status.file;
    const ModelLoaderSpec* spec = params.loaders.find(entry.kind);
    const bool reads = spec && spec->readsCheckpoint && !entry.fileName.empty();
    const std::string source = file.empty() ? entry.id : file.filename().string();
    const bool reload = s.status.loads > 0;
    const ReleaseReason before = s.status.released;

    s.status.state = ModelState::Loading;
    s.status.phase = reads ? LoadPhase::ReadingWeights : LoadPhase::Building;
    s.status.error.clear();
    s.status.timings = {};
    s.status.released = ReleaseReason::None;
    publish(s);
    if (reload) {
        note(LogLevel::Info, entry.id + ": loading again from " + file.string() +
                                 " (it was released: " + releaseReasonName(before) + ")");
    } else {
        note(LogLevel::Info, entry.id + ": loading " +
                                 (file.empty() ? std::string("(built in)") : file.string()) +
                                 " on " + params.device.toString());
    }
    lock.unlock();
    deliver();

    LoadTimings timings;
    auto run = [&]() -> Expected<std::shared_ptr<const LoadedModel>> {
        if (!spec || !spec->load) {
            return makeError(ErrorCode::UnsupportedArchitecture,
                             source + ": this build has no loader for " +
                                 modelKindName(entry.kind) + " models yet");
        }
        auto t0 = Wall::now();
        StateDict weights;
        if (reads) {
            auto ckpt = readCheckpoint(file, {.nestedKey = entry.nestedKey});
            if (!ckpt) {
                return tl::unexpected(ckpt.error());
            }
            weights = std::move(ckpt->tensors);
            timings.readMs = msSince(t0);
            enterPhase(s, LoadPhase::Building, timings);
            t0 = Wall::now();
        }
        if (stopSource.stop_requested()) {
            return makeError(ErrorCode::Cancelled, "Cancelled");
        }
        bool onDevice = false;
        const ModelLoadInput input{entry,
                                   file,
                                   weights,
                                   params.device,
                                   [&](LoadPhase phase) {
                                       if (phase == LoadPhase::MovingToDevice && !onDevice) {
                                           onDevice = true;
                                           timings.buildMs = msSince(t0);
                                           t0 = Wall::now();
                                           enterPhase(s, phase, timings);
                                       }
                                   },
                                   params.precision};
        Expected<std::shared_ptr<const LoadedModel>> model =
            makeError(ErrorCode::Internal, "not loaded");
        try {
            model = spec->load(input);
        } catch (const std::exception& e) {
            return makeError(ErrorCode::Internal, source + ": the loader failed: " + e.what());
        }
        if (!model) {
            return model;
        }
        if (!*model) {
            return makeError(ErrorCode::Internal, source + ": the loader returned no model");
        }
        (onDevice ? timings.deviceMs : timings.buildMs) = msSince(t0);
        weights = StateDict();  // the network holds what it needs
        if (params.warmup.enabled) {
            enterPhase(s, LoadPhase::WarmingUp, timings);
            t0 = Wall::now();
            Expected<void> warm = makeError(ErrorCode::Internal, "no warmup");
            try {
                WarmupPlan plan = params.warmup;
                plan.stop = stopSource.get_token();
                warm = (*model)->warmup(plan);
            } catch (const std::exception& e) {
                warm = makeError(ErrorCode::Internal, e.what());
            }
            if (!warm && warm.error().code == ErrorCode::Cancelled) {
                return tl::unexpected(warm.error());
            }
            if (!warm) {
                Error error = warm.error();
                error.message = "warmup failed: " + error.message;
                return tl::unexpected(error);
            }
            timings.warmMs = msSince(t0);
            // What a warm-up leaves behind is its activations' memory, kept for the next forward
            // (RuntimeParams::keepFreedMemory): 235 MB in an idle window after GPEN-512's. What
            // the warm-up is for stays (oneDNN's primitives made, the code paged in); the first
            // restore maps its activations again, about 0.1 s once (mapping 235 MB here).
            releaseFreedMemory();
        }
        return model;
    };
    auto result = run();
    if (!result) {
        result = tl::unexpected(namingSource(result.error(), source));
    }

    lock.lock();
    s.status.phase = LoadPhase::None;
    s.status.timings = timings;
    if (result) {
        s.model = *result;
        s.evicted.reset();
        s.status.state = ModelState::Ready;
        s.status.loads += 1;
        s.status.residentBytes = s.model->byteEstimate(params.warmup);
        s.status.architecture = s.model->architecture();
        s.status.precision = s.model->computesIn(params.precision);
        touch(s);
        publish(s);
        note(LogLevel::Info, entry.id + ": ready in " + fmtMs(timings.totalMs()) + " (read " +
                                 fmtMs(timings.readMs) + ", build " +
                                 fmtMs(timings.buildMs + timings.deviceMs) + ", warm " +
                                 fmtMs(timings.warmMs) + "), ~" +
                                 std::to_string(s.status.residentBytes / 1000000) + " MB");
        enforceLimits(s.status.id);
    } else {
        s.error = result.error();
        s.status.state = ModelState::Failed;
        s.status.error = s.error.message;
        s.status.errorCode = s.error.code;
        publish(s);
        note(LogLevel::Warning, entry.id + std::string(kLogLoadFailed) + s.error.message);
    }
    loadFinished.notify_all();
    return result;
}

}  // namespace gpen
