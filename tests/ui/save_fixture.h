// SPDX-License-Identifier: Apache-2.0
#pragma once

// What the Save suites share: a window with one opened photo that has a result, a driver for the
// modal dialogs that saving shows, and noisy test images (JPEG's quality shows on them).

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTimer>

#include <functional>
#include <memory>

#include "modal_driver.h"
#include "open_photos.h"
#include "temp_settings.h"
#include "ui/main_window.h"
#include "ui/photos/result_saver.h"
#include "ui/photos/save_dialog.h"

namespace gpen::test {

using gpen::ui::MainWindow;

inline QImage noise(int w, int h, quint32 seed) {
    QImage image(w, h, QImage::Format_RGB32);
    QRandomGenerator rng(seed);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            // Smooth gradients plus noise: what JPEG's quality setting visibly trades.
            const int n = static_cast<int>(rng.bounded(64U));
            image.setPixel(x, y,
                           qRgb((x * 255 / w + n) % 256, (y * 255 / h + n) % 256, (n * 4) % 256));
        }
    }
    return image;
}

// A window with one opened photo (dir/photo.png) that has a result.
struct SaveFixture {
    QTemporaryDir dir;
    MainWindow window;
    QString original;

    SaveFixture() {
        gpen::test::useTemporarySettings();
        original = dir.filePath(QStringLiteral("photo.png"));
        noise(160, 120, 1).save(original);
        window.show();
        if (gpen::test::openAndWait(window, {original}))
            window.session()->setResult(0, noise(160, 120, 2));
    }
    QAction* action(const char* name) {
        return window.findChild<QAction*>(QString::fromLatin1(name));
    }
    QByteArray bytes(const QString& path) const {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
};

// Save As to `path` at JPEG `quality`, as the Save dialog would answer; true when it was asked.
inline bool saveAsJpeg(SaveFixture& f, const QString& path, int quality) {
    bool asked = false;
    f.window.resultSaver()->setPathPrompt(
        [&](const QString&, const QStringList&, QString*, gpen::ui::SaveOptions* options) {
            asked = true;
            options->quality = quality;
            return path;
        });
    f.action("saveAsAction")->trigger();
    return asked;
}

}  // namespace gpen::test
