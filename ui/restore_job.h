#pragma once

// The values a restore job carries between the GUI and the engine thread.

#include <memory>

#include <QImage>
#include <QList>
#include <QMetaType>
#include <QRect>
#include <QString>

namespace gpen {
class CancelToken;
}

namespace gpen::ui {

struct RestoreOptions {
    QString faceModel = QStringLiteral("GPEN-BFR-512");
    QString detector = QStringLiteral("auto");
    int backgroundScale = 1;
    int tileSize = 400;
    double strength = 1.0;
    bool keepGrayscale = true;
};

struct RestoreRequest {
    quint64 jobId = 0;
    int imageIndex = -1;
    QImage original;
    RestoreOptions options;
    std::shared_ptr<gpen::CancelToken> cancel;  // set from the GUI thread directly
};

struct RestoredFaceView {
    QRect box;
    QImage before;  // the aligned crop
    QImage after;   // GPEN's output
};

struct RestoreOutcome {
    quint64 jobId = 0;
    int imageIndex = -1;
    QImage result;
    QList<RestoredFaceView> faces;
    QString summary;  // "28 faces restored with dlib in 2.1 s"
};

struct JobProgress {
    quint64 jobId = 0;
    QString stage;
    int done = 0;
    int total = 0;
    QString note;
};

}  // namespace gpen::ui

Q_DECLARE_METATYPE(gpen::ui::RestoreRequest)
Q_DECLARE_METATYPE(gpen::ui::RestoreOutcome)
Q_DECLARE_METATYPE(gpen::ui::JobProgress)
