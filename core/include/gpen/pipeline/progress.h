#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace gpen {

// Set from any thread (the GUI sets it directly, never through an event queue); checked by the
// pipeline between tiles and between faces. A cancelled job ends with ErrorCode::Cancelled.
class CancelToken {
public:
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool cancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled{false};
};
using CancelTokenPtr = std::shared_ptr<CancelToken>;

struct Progress {
    std::string stage;  // "background", "detection", "faces", ...
    int done = 0;
    int total = 0;
    std::string note;  // an event worth telling the user ("tile halved to 200 after running out of memory")
};

// Called on the job's thread; must return quickly.
using ProgressFn = std::function<void(const Progress&)>;

}  // namespace gpen
