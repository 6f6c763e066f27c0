// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <string>

namespace gpen {

enum class LogLevel { Debug, Info, Warning, Error };

// Core never prints. It reports through this sink, which the application sets once at start-up
// (the CLI writes to stderr, the GUI to its log view). Thread-safe: may be called from any
// thread; the sink itself must be callable concurrently.
using LogSink = std::function<void(LogLevel, const std::string&)>;

void setLogSink(LogSink sink);
void log(LogLevel level, const std::string& message);
const char* logLevelName(LogLevel level);

}  // namespace gpen
