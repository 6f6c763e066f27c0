// SPDX-License-Identifier: Apache-2.0
#pragma once

// Requests a stop from inside a network's forward, at an exact point: when libtorch starts the
// forward's `n`th operator on this thread. It uses libtorch's own observer (RecordFunction), so
// production code carries no test hook; counting the operators that still start after the stop
// shows how soon the forward looks at its token. For the CORE_INTERNALS suites, which link torch.

#include <ATen/record_function.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <stop_token>

namespace gpen::test {

class StopAtOperator {
  public:
    // n = 0: never stops, only counts.
    StopAtOperator(std::uint64_t n, std::stop_source source)
        : m_stopAt(n), m_source(std::move(source)) {
        s_current = this;
        m_handle = at::addThreadLocalCallback(at::RecordFunctionCallback(&StopAtOperator::onStart)
                                                  .scopes({at::RecordScope::FUNCTION}));
    }
    ~StopAtOperator() {
        at::removeCallback(m_handle);
        s_current = nullptr;
    }
    StopAtOperator(const StopAtOperator&) = delete;
    StopAtOperator& operator=(const StopAtOperator&) = delete;

    std::uint64_t started() const { return m_started; }  // operators started, nested ones included
    // Operators started after the stop was requested (nothing when it never was).
    std::uint64_t startedAfterStop() const {
        return m_stopAt > 0 && m_started > m_stopAt ? m_started - m_stopAt : 0;
    }

  private:
    static std::unique_ptr<at::ObserverContext> onStart(const at::RecordFunction&) {
        if (StopAtOperator* self = s_current) {
            if (++self->m_started == self->m_stopAt) self->m_source.request_stop();
        }
        return nullptr;
    }

    static inline thread_local StopAtOperator* s_current = nullptr;
    std::uint64_t m_stopAt;
    std::stop_source m_source;
    std::uint64_t m_started = 0;
    at::CallbackHandle m_handle = 0;
};

// Finds, one by one, the places where a forward looks at its stop token: stops it at its first
// operator, then at the operator after the last one the stopped run started, and so on, until a
// run is no longer stopped. Each stopped run ends at the next place that looks, so the number of
// stopped runs is the number of those places after the first operator. `forward` runs the
// network once with the token and says whether it ended with ErrorCode::Cancelled (any other
// failure should fail the test there). Gives up, returning -1, after `limit` stopped runs.
inline int countStopChecks(const std::function<bool(std::stop_token)>& forward, int limit = 1000) {
    std::uint64_t at = 1;
    for (int checks = 0; checks <= limit; ++checks) {
        std::stop_source source;
        const StopAtOperator stopping(at, source);
        if (!forward(source.get_token())) return checks;
        at = stopping.started() + 1;
    }
    return -1;
}

}  // namespace gpen::test
