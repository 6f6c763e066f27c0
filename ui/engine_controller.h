#pragma once

#include <QHash>
#include <QObject>
#include <QStringList>
#include <QThread>

#include "ui/engine_types.h"
#include "ui/engine_settings.h"

namespace gpen::ui {

class EngineWorker;

// The GUI side of the engine. Owns the engine thread and the EngineWorker on it; requests go
// over by queued calls, results come back as signals. Nothing here waits on the engine, except
// the destructor, which stops the thread (bounded by the job's next cancel check). GUI thread only.
class EngineController : public QObject {
    Q_OBJECT
public:
    explicit EngineController(QObject* parent = nullptr);
    ~EngineController() override;

    // Starts the thread and the engine there: the preload begins, the caller returns at once.
    void start(const EngineSettings& settings);

    // The latest status of each model seen so far, by id.
    const QHash<QString, gpen::ModelStatus>& statuses() const { return m_statuses; }
    // True once every preloaded model is Ready, Failed or not installed.
    bool preloadSettled() const { return m_preloadSettled; }

Q_SIGNALS:
    void modelStatusChanged(const gpen::ModelStatus& status);
    void preloadSettledChanged();
    void message(const QString& text);

    // To the worker (queued).
    void initializeRequested(const gpen::ui::EngineSettings& settings);

private:
    void onStatus(const gpen::ModelStatus& status);

    QThread m_thread;
    EngineWorker* m_worker = nullptr;  // owned by the thread: deleted there on finish
    QHash<QString, gpen::ModelStatus> m_statuses;
    QStringList m_preload;
    bool m_started = false;
    bool m_preloadSettled = false;
};

}  // namespace gpen::ui
