// SPDX-License-Identifier: Apache-2.0
#pragma once

// Drives a modal dialog from inside its own exec(): the UI suites' way to answer a question box
// or fill a dialog that a real action opens.

#include <QApplication>
#include <QTimer>

#include <functional>
#include <memory>

namespace gpen::test {

// Acts on the first modal dialog of type T to appear: the modal's own exec() keeps the event loop
// running, and this timer looks for it there. Stops when it acted or when destroyed.
template <class T>
class ModalDriver {
  public:
    explicit ModalDriver(std::function<void(T*)> act) : m_timer(std::make_unique<QTimer>()) {
        m_timer->setInterval(5);
        QObject::connect(m_timer.get(), &QTimer::timeout, [this, act = std::move(act)] {
            if (auto* dialog = qobject_cast<T*>(QApplication::activeModalWidget())) {
                m_timer->stop();
                m_seen = true;
                act(dialog);
            }
        });
        m_timer->start();
    }
    bool seen() const { return m_seen; }

  private:
    std::unique_ptr<QTimer> m_timer;
    bool m_seen = false;
};

}  // namespace gpen::test
