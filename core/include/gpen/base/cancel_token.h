#pragma once

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>

namespace gpen {

// Set from any thread (the GUI sets it directly, never through an event queue); checked by the
// pipeline between tiles and between faces, and by the networks between layers, so that a
// cancel waits for one layer at most. A cancelled job ends with ErrorCode::Cancelled.
class CancelToken {
public:
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    // Also counts the checks, and cancels at the check set by cancelAtCheck().
    bool cancelled() const {
        const auto n = m_checks.fetch_add(1, std::memory_order_relaxed) + 1;
        if (n >= m_cancelAt.load(std::memory_order_relaxed)) m_cancelled.store(true, std::memory_order_relaxed);
        return m_cancelled.load(std::memory_order_relaxed);
    }
    // How many times the work has looked so far: shows how finely a job can be stopped.
    std::uint64_t checks() const { return m_checks.load(std::memory_order_relaxed); }
    // Cancels when the work looks for the `n`th time (1: at the first check): a stop at an exact
    // point of a job, which a timer cannot give.
    void cancelAtCheck(std::uint64_t n) { m_cancelAt.store(n, std::memory_order_relaxed); }

private:
    mutable std::atomic<bool> m_cancelled{false};
    mutable std::atomic<std::uint64_t> m_checks{0};
    std::atomic<std::uint64_t> m_cancelAt{std::numeric_limits<std::uint64_t>::max()};
};
using CancelTokenPtr = std::shared_ptr<CancelToken>;

}  // namespace gpen
