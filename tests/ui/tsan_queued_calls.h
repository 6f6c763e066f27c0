// SPDX-License-Identifier: Apache-2.0
#pragma once

// ThreadSanitizer's view of Qt's queued calls, for the UI suites built by packaging/tsan.sh; a
// no-op in every other build. Included by ui_test_main.cpp only (it defines a function).
//
// A queued call reaches the receiving thread through that thread's post-event queue, guarded by a
// futex inside libQt6Core. Qt is not built with TSan, so TSan sees what the sending thread wrote
// before the call (a RestoreRequest, a stop token, a decoded photo) and what the slot reads as
// unordered: hundreds of false reports per test, with nothing but our slot and QObject::event on
// the receiving side. A suppression matching that side would match every queued slot on every
// thread, and with it our real races. Instead, this tells TSan of the order Qt keeps:
//   - a release when a queued call is made: on every signal emission (Qt's signal-spy hook, before
//     and after queued_activate posts the call) and on every QMetaObject::invokeMethod with a
//     functor (interposed below: our code calls it through the PLT);
//   - an acquire on the receiving thread before a queued call (QEvent::MetaCall) is delivered (the
//     event-notify hook in QCoreApplication::notifyInternal2), once the sender has left the
//     emission that made it (see onEvent).
// Qt's own accesses through intercepted calls (allocating the event) are not checked
// (ignore_noninstrumented_modules, set by packaging/tsan.sh); the argument copies it makes with
// our types' copy constructors are named in packaging/tsan.supp, for a wait that timed out.
//
// Coarser than Qt's order, which is per receiving thread: one clock for every call, so a race
// whose two sides happen to be separated by an unrelated queued call and its delivery is not
// seen. The model cache's own threads are checked without any of this (model_cache_test).

// GCC defines __SANITIZE_THREAD__ under -fsanitize=thread; clang answers __has_feature.
#if defined(__SANITIZE_THREAD__)
#define GPEN_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define GPEN_THREAD_SANITIZER 1
#endif
#endif

#ifdef GPEN_THREAD_SANITIZER
#include <QEvent>
#include <QObject>

#include <atomic>
#include <chrono>
#include <thread>

#include <dlfcn.h>
#include <sanitizer/tsan_interface.h>

// Qt's signal-spy hook (QtCore/private/qobject_p.h, exported by QtCore since Qt 4 and used by
// QtTest's -vs; not in the public headers). Qt keeps the pointer: the set must outlive its use.
struct QSignalSpyCallbackSet {
    using BeginCallback = void (*)(QObject* caller, int signalOrMethodIndex, void** argv);
    using EndCallback = void (*)(QObject* caller, int signalOrMethodIndex);
    BeginCallback signal_begin_callback, slot_begin_callback;
    EndCallback signal_end_callback, slot_end_callback;
};
Q_DECL_IMPORT void qt_register_signal_spy_callbacks(QSignalSpyCallbackSet* callbackSet);

namespace gpen::test::tsan_detail {
// The address TSan's releases and acquires name: any object will do.
inline char queuedCallClock;
// Threads now inside a signal emission, between the hook's begin and end.
inline std::atomic<int> emitting{0};
inline thread_local int emitDepth = 0;

inline void beginEmit(QObject*, int, void**) {
    __tsan_release(&queuedCallClock);
    if (emitDepth++ == 0) emitting.fetch_add(1, std::memory_order_relaxed);
}
inline void endEmit(QObject*, int) {
    __tsan_release(&queuedCallClock);
    if (--emitDepth == 0) emitting.fetch_sub(1, std::memory_order_relaxed);
}
inline QSignalSpyCallbackSet callbacks{&beginEmit, nullptr, &endEmit, nullptr};

// Runs on the receiving thread before the event reaches its object; false: delivered as usual.
// Qt copies a signal's arguments after the emission's first release and posts the call before
// its last one, so the receiver may hold the call before the sender has released what it copied:
// a queued call waits (50 ms at most, then goes on) until no other thread is inside an emission.
inline bool onEvent(void** data) {
    if (static_cast<QEvent*>(data[1])->type() == QEvent::MetaCall) {
        const int self = emitDepth > 0 ? 1 : 0;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
        while (emitting.load(std::memory_order_relaxed) > self &&
               std::chrono::steady_clock::now() < deadline) {
            std::this_thread::yield();
        }
    }
    __tsan_acquire(&queuedCallClock);
    return false;
}
}  // namespace gpen::test::tsan_detail

// QMetaObject::invokeMethod(context, functor) builds its slot object (the lambda and its
// captures) in our code, then calls this exported function, which posts it. This definition
// wins over QtCore's for every call from this executable; it releases, then calls QtCore's.
bool QMetaObject::invokeMethodImpl(QObject* object, QtPrivate::QSlotObjectBase* slot,
                                   Qt::ConnectionType type, void* ret) {
    using Real = bool (*)(QObject*, QtPrivate::QSlotObjectBase*, Qt::ConnectionType, void*);
    static const auto real =
        reinterpret_cast<Real>(dlsym(RTLD_NEXT,
                                     "_ZN11QMetaObject16invokeMethodImplEP7QObjectPN9QtPrivate15QSl"
                                     "otObjectBaseEN2Qt14ConnectionTypeEPv"));
    __tsan_release(&gpen::test::tsan_detail::queuedCallClock);
    return real(object, slot, type, ret);
}
#endif

namespace gpen::test {

// Installs the hooks above once, before the first engine thread starts.
inline void annotateQueuedCallsForTsan() {
#ifdef GPEN_THREAD_SANITIZER
    qt_register_signal_spy_callbacks(&tsan_detail::callbacks);
    QInternal::registerCallback(QInternal::EventNotifyCallback, &tsan_detail::onEvent);
#endif
}

}  // namespace gpen::test
