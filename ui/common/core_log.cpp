// SPDX-License-Identifier: Apache-2.0
#include "ui/common/core_log.h"

#include <QCoreApplication>
#include <QMetaObject>

#include <atomic>

#include "gpen/base/log.h"

namespace gpen::ui {
namespace {

// The CoreLog that owns the sink now: a newer one replaces an older one, and only the owner
// removes it.
std::atomic<CoreLog*> g_owner{nullptr};

CoreLog::Level toLevel(LogLevel level) {
    switch (level) {
        case LogLevel::Debug:
            return CoreLog::Level::Debug;
        case LogLevel::Info:
            return CoreLog::Level::Info;
        case LogLevel::Warning:
            return CoreLog::Level::Warning;
        case LogLevel::Error:
            break;
    }
    return CoreLog::Level::Error;
}

}  // namespace

CoreLog::CoreLog(QObject* parent) : QObject(parent) {
    g_owner = this;
    // Queued to the application (which outlives every window) and handed to whichever CoreLog
    // owns the sink when it arrives: a line logged while this one is destroyed is dropped, never
    // delivered to a dead object.
    setLogSink([](LogLevel level, const std::string& message) {
        const QString text = QString::fromStdString(message);
        const Level l = toLevel(level);
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [l, text] {
                if (CoreLog* owner = g_owner.load()) Q_EMIT owner->note(l, text);
            },
            Qt::QueuedConnection);
    });
}

CoreLog::~CoreLog() {
    CoreLog* expected = this;
    if (g_owner.compare_exchange_strong(expected, nullptr)) setLogSink(nullptr);
}

}  // namespace gpen::ui
