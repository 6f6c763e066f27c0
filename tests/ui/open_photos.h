// SPDX-License-Identifier: Apache-2.0
#pragma once

// Opening photos in a UI test: the window decodes them in the background (ImageSession), so a
// test waits for its open job to finish before looking at the list.

#include <QApplication>
#include <QDropEvent>
#include <QMimeData>
#include <QSignalSpy>
#include <QStringList>
#include <QTest>
#include <QUrl>

#include "ui/main_window.h"
#include "ui/photos/image_session.h"

namespace gpen::test {

// Waits for the open job `id` of `session`, recorded by `spy` (on ImageSession::openFinished);
// true when it ended in time. `problems` receives its messages.
inline bool waitForOpen(QSignalSpy& spy, quint64 id, QStringList* problems = nullptr,
                        int timeoutMs = 30000) {
    return QTest::qWaitFor(
        [&] {
            for (const auto& args : spy) {
                if (args.at(0).toULongLong() == id) {
                    if (problems) *problems = args.at(1).toStringList();
                    return true;
                }
            }
            return false;
        },
        timeoutMs);
}

// Drops local files or folders on `target` as a file manager would; false if the drag was refused.
inline bool dropPaths(QWidget* target, const QStringList& paths) {
    QMimeData mime;
    QList<QUrl> urls;
    for (const auto& p : paths) {
        urls << QUrl::fromLocalFile(p);
    }
    mime.setUrls(urls);
    const QPointF pos(target->width() / 2.0, target->height() / 2.0);
    QDragEnterEvent enter(pos.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    if (!enter.isAccepted()) return false;
    QDropEvent dropEvent(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &dropEvent);
    return true;
}

// MainWindow::openPaths, waited for.
inline bool openAndWait(gpen::ui::MainWindow& window, const QStringList& paths,
                        QStringList* problems = nullptr) {
    QSignalSpy spy(window.session(), &gpen::ui::ImageSession::openFinished);
    return waitForOpen(spy, window.openPaths(paths), problems);
}

}  // namespace gpen::test
