#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "gpen/base/cancel_token.h"

namespace gpen {

// Pauses a batch between files: set from any thread (the GUI holds it directly, like the
// CancelToken); the runner waits in waitWhilePaused(). Header-only so that gpen-studio, which
// links no engine code, can own one.
class PauseToken {
public:
    void pause() { set(true); }
    void resume() { set(false); }
    bool paused() const {
        std::lock_guard lock(m_mutex);
        return m_paused;
    }
    // Blocks while paused; returns early when `cancel` is set (checked every 50 ms).
    void waitWhilePaused(const CancelToken* cancel) const {
        std::unique_lock lock(m_mutex);
        while (m_paused && !(cancel && cancel->cancelled())) {
            m_changed.wait_for(lock, std::chrono::milliseconds(50));
        }
    }

private:
    void set(bool paused) {
        std::lock_guard lock(m_mutex);
        m_paused = paused;
        m_changed.notify_all();
    }
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_changed;
    bool m_paused = false;
};

}  // namespace gpen
