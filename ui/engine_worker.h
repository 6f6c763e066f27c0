#pragma once

#include <memory>

#include <QObject>

#include "ui/engine_types.h"
#include "ui/engine_settings.h"

class QTimer;

namespace gpen {
class ModelCache;
}


namespace gpen::ui {

// Lives on the engine thread (moved there by EngineController) and owns the engine: it is
// created in initialize(), on that thread, and destroyed with the worker there. Requests come in
// as queued slot calls; everything goes out as signals carrying values. No exception leaves a
// slot.
class EngineWorker : public QObject {
    Q_OBJECT
public:
    EngineWorker();
    ~EngineWorker() override;

    ModelCache* cache() const { return m_cache.get(); }  // engine thread only

public Q_SLOTS:
    // Builds the model cache and starts preloading the settings' list in the background.
    void initialize(const gpen::ui::EngineSettings& settings);
    // Releases idle models (called by the worker's own timer too).
    void releaseIdle();

Q_SIGNALS:
    void modelStatusChanged(const gpen::ModelStatus& status);
    void initialized(int modelCount);
    void message(const QString& text);

private:
    std::unique_ptr<ModelCache> m_cache;
    QTimer* m_idleTimer = nullptr;
};

}  // namespace gpen::ui
