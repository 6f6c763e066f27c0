// SPDX-License-Identifier: Apache-2.0
#pragma once

// Test helpers for the model cache suites: a Parser-kind model plugged in through the loader
// registry (a real GPEN generator underneath), a loader-call counter, and an observer recorder.

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "gpen/engine/loaded_model.h"
#include "gpen/engine/model_loader_registry.h"
#include "gpen/engine/model_state.h"
#include "gpen/nn/gpen_generator.h"

namespace gpen::test {

// The batch sizes a stand-in model was warmed at.
struct WarmupLog {
    std::mutex mutex;
    std::vector<int> batches;
};

// A Parser-kind model plugged in through the registry the way the other networks will be: it
// wraps a real GPEN generator built from a fixture and records its warmup runs.
class ParserStandIn final : public LoadedModel {
  public:
    ParserStandIn(std::unique_ptr<GpenGenerator> g, std::shared_ptr<WarmupLog> log)
        : m_generator(std::move(g)), m_log(std::move(log)) {}
    ModelKind kind() const override { return ModelKind::Parser; }
    std::string architecture() const override {
        return "stand-in parser on " + m_generator->architecture().describe();
    }
    std::uint64_t weightBytes() const override {
        std::uint64_t bytes = 0;
        for (const auto& entry : m_generator->entries()) {
            bytes += static_cast<std::uint64_t>(shapeNumel(entry.shape)) * sizeof(float);
        }
        return bytes;
    }
    Expected<void> runOnZeros(const WarmupPlan&, int batch) const override {
        {
            std::lock_guard lock(m_log->mutex);
            m_log->batches.push_back(batch);
        }
        const int s = m_generator->architecture().inSize;
        auto out = m_generator->forward(FloatTensor({batch, 3, s, s}));
        return out ? Expected<void>{} : tl::unexpected(out.error());
    }

  private:
    std::unique_ptr<GpenGenerator> m_generator;
    std::shared_ptr<WarmupLog> m_log;
};

// Counts loader invocations per model; `during` runs inside the loader (set before any load).
struct LoaderProbe {
    std::mutex mutex;
    std::map<std::string, int> calls;
    std::function<void(const ModelLoadInput&)> during;

    int count(const std::string& id) {
        std::lock_guard lock(mutex);
        return calls[id];
    }
    int total() {
        std::lock_guard lock(mutex);
        int n = 0;
        for (const auto& [id, c] : calls) {
            n += c;
        }
        return n;
    }
    void record(const ModelLoadInput& in) {
        {
            std::lock_guard lock(mutex);
            ++calls[in.entry.id];
        }
        if (during) {
            during(in);
        }
    }
};

struct Recorder {
    std::mutex mutex;
    std::vector<ModelStatus> seen;
    ModelObserver observer() {
        return [this](const ModelStatus& s) {
            std::lock_guard lock(mutex);
            seen.push_back(s);
        };
    }
    std::vector<ModelStatus> of(const std::string& id) {
        std::lock_guard lock(mutex);
        std::vector<ModelStatus> out;
        for (const auto& s : seen) {
            if (s.id == id) {
                out.push_back(s);
            }
        }
        return out;
    }
};

}  // namespace gpen::test
