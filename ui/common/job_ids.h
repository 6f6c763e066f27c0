// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

#include <atomic>

namespace gpen::ui {

// Every job the GUI starts (restore, batch, re-blend, import, open) takes its id from this one
// sequence, so an id names one job whatever its kind and a window can tell its own signals
// apart. Any thread; never 0 (0 means "no job").
inline quint64 nextJobId() {
    static std::atomic<quint64> next{1};
    return next.fetch_add(1);
}

}  // namespace gpen::ui
