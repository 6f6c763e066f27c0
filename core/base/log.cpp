// SPDX-License-Identifier: Apache-2.0
#include "gpen/base/log.h"

#include <memory>
#include <mutex>

namespace gpen {
namespace {

std::mutex& sinkMutex() {
    static std::mutex m;
    return m;
}

std::shared_ptr<const LogSink>& sinkSlot() {
    static std::shared_ptr<const LogSink> sink;
    return sink;
}

}  // namespace

void setLogSink(LogSink sink) {
    auto next = sink ? std::make_shared<const LogSink>(std::move(sink)) : nullptr;
    std::lock_guard lock(sinkMutex());
    sinkSlot() = std::move(next);
}

void log(LogLevel level, const std::string& message) {
    std::shared_ptr<const LogSink> sink;
    {
        std::lock_guard lock(sinkMutex());
        sink = sinkSlot();
    }
    if (sink) {
        (*sink)(level, message);
    }
}

const char* logLevelName(LogLevel level) {
    switch (level) {
        case LogLevel::Debug:
            return "debug";
        case LogLevel::Info:
            return "info";
        case LogLevel::Warning:
            return "warning";
        case LogLevel::Error:
            return "error";
    }
    return "?";
}

}  // namespace gpen
