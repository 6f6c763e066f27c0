// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: a blocking FIFO of at most `capacity` items between two threads of the batch
// runner; it is what keeps memory bounded when decoding runs ahead of inference.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace gpen::batch {

template <class T>
class BoundedQueue {
  public:
    explicit BoundedQueue(std::size_t capacity) : m_capacity(capacity < 1 ? 1 : capacity) {}

    // Blocks while full; false when the queue was closed (the item is dropped).
    bool push(T item) {
        std::unique_lock lock(m_mutex);
        m_notFull.wait(lock, [&] { return m_closed || m_items.size() < m_capacity; });
        if (m_closed) return false;
        m_items.push_back(std::move(item));
        m_notEmpty.notify_one();
        return true;
    }

    // Blocks while empty; nullopt once closed and drained.
    std::optional<T> pop() {
        std::unique_lock lock(m_mutex);
        m_notEmpty.wait(lock, [&] { return m_closed || !m_items.empty(); });
        if (m_items.empty()) return std::nullopt;
        T item = std::move(m_items.front());
        m_items.pop_front();
        m_notFull.notify_one();
        return item;
    }

    // No more pushes; pops drain what is queued.
    void close() {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_notFull.notify_all();
        m_notEmpty.notify_all();
    }

  private:
    std::mutex m_mutex;
    std::condition_variable m_notFull;
    std::condition_variable m_notEmpty;
    std::deque<T> m_items;
    std::size_t m_capacity;
    bool m_closed = false;
};

}  // namespace gpen::batch
