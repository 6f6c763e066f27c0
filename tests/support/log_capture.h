// SPDX-License-Identifier: Apache-2.0
#pragma once

// What core logs while a LogCapture lives (it replaces the log sink, and clears it at the end).

#include <algorithm>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "gpen/base/log.h"

namespace gpen::test {

class LogCapture {
  public:
    LogCapture() {
        setLogSink([this](LogLevel level, const std::string& message) {
            std::lock_guard lock(m_mutex);
            m_lines.emplace_back(level, message);
        });
    }
    ~LogCapture() { setLogSink({}); }
    LogCapture(const LogCapture&) = delete;
    LogCapture& operator=(const LogCapture&) = delete;

    // Whether a line of `level` holding `words` was logged.
    bool has(LogLevel level, const std::string& words) const {
        std::lock_guard lock(m_mutex);
        return std::any_of(m_lines.begin(), m_lines.end(), [&](const auto& line) {
            return line.first == level && line.second.find(words) != std::string::npos;
        });
    }

  private:
    mutable std::mutex m_mutex;
    std::vector<std::pair<LogLevel, std::string>> m_lines;
};

}  // namespace gpen::test
