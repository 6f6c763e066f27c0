// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <condition_variable>
#include <mutex>
#include <stop_token>

namespace gpen {

// Pauses a batch between files: set from any thread (the GUI holds it directly, beside the job's
// std::stop_source); the runner waits in waitWhilePaused(). Header-only so that gpen-studio, which
// links no engine code, can own one.
class PauseToken {
  public:
    void pause() { set(true); }
    void resume() { set(false); }
    bool paused() const {
        std::lock_guard lock(m_mutex);
        return m_paused;
    }
    // Blocks while paused. A stop requested on `stop` wakes it at once (the condition variable
    // registers itself with the token), so a paused batch cancels without polling.
    void waitWhilePaused(std::stop_token stop) const {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, stop, [this] { return !m_paused; });
    }

  private:
    void set(bool paused) {
        {
            std::lock_guard lock(m_mutex);
            m_paused = paused;
        }
        m_changed.notify_all();
    }
    mutable std::mutex m_mutex;
    mutable std::condition_variable_any m_changed;
    bool m_paused = false;
};

}  // namespace gpen
