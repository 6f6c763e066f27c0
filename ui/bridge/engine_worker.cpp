// SPDX-License-Identifier: Apache-2.0
#include "ui/bridge/engine_worker.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>
#include <QTimer>

#include <chrono>

namespace gpen::ui {

EngineWorker::EngineWorker() = default;

// The backend's code lives in the module, which stays loaded (m_module never unloads it).
EngineWorker::~EngineWorker() = default;

QStringList EngineWorker::moduleCandidates() {
    QStringList paths;
    const QString env = qEnvironmentVariable("GPEN_ENGINE_MODULE");
    if (!env.isEmpty()) {
        paths << env;
    }
    // The installed layout before the build tree's: an installed gpen-studio on the machine it
    // was built on must not pick up a newer or older module from the build folder.
    paths << QDir(QCoreApplication::applicationDirPath())
                 .absoluteFilePath(QStringLiteral("../lib/gpen-studio/libgpen_engine.so"));
#ifdef GPEN_ENGINE_BUILD_MODULE
    paths << QStringLiteral(GPEN_ENGINE_BUILD_MODULE);
#endif
    return paths;
}

bool EngineWorker::ensureBackend() {
    if (m_backend) {
        return true;
    }
    QStringList tried;
    for (const QString& path : moduleCandidates()) {
        if (!QFileInfo::exists(path)) {
            tried << tr("%1 (not found)").arg(path);
            continue;
        }
        auto module = std::make_unique<QLibrary>(path);
        // Keeps libtorch resident even if a QLibrary for it were ever unloaded.
        module->setLoadHints(QLibrary::PreventUnloadHint);
        if (!module->load()) {
            tried << QStringLiteral("%1 (%2)").arg(path, module->errorString());
            continue;
        }
        auto create = reinterpret_cast<GpenCreateEngineBackendFn>(
            module->resolve(GPEN_ENGINE_FACTORY_SYMBOL));
        if (!create) {
            tried << QStringLiteral("%1 (%2)").arg(path, module->errorString());
            continue;
        }
        // Each event emits the worker's signal: queued connections carry it to the GUI thread.
        EngineEvents events;
        events.modelStatusChanged = [this](const ModelStatus& s) { Q_EMIT modelStatusChanged(s); };
        events.initialized = [this](int n) { Q_EMIT initialized(n); };
        events.engineReset = [this] { Q_EMIT engineReset(); };
        events.message = [this](const QString& m) { Q_EMIT message(m); };
        events.jobEvent = [this](const JobEvent& e) { Q_EMIT jobEvent(e); };
        m_backend.reset(create(kEngineBackendAbi, &events));
        if (!m_backend) {
            tried << tr("%1 (built for another version of GPEN Studio)").arg(path);
            continue;
        }
        m_module = std::move(module);
        m_moduleError.clear();
        return true;
    }
    m_moduleError =
        tr("The engine module could not be loaded: %1").arg(tried.join(QStringLiteral("; ")));
    return false;
}

void EngineWorker::initialize(const EngineSettings& settings) {
    if (!ensureBackend()) {
        // As for a cache that failed to start: the mark of the (re)start, then why.
        Q_EMIT engineReset();
        Q_EMIT message(m_moduleError);
        return;
    }
    if (m_backend->initialize(settings) && !m_idleTimer) {
        m_idleTimer = new QTimer(this);
        m_idleTimer->setInterval(std::chrono::seconds(30));
        connect(m_idleTimer, &QTimer::timeout, this, &EngineWorker::releaseIdle);
        m_idleTimer->start();
    }
}

void EngineWorker::releaseIdle() {
    if (m_backend) {
        m_backend->releaseIdle();
    }
}

void EngineWorker::prefetch(const QString& modelId) {
    if (m_backend) m_backend->prefetch(modelId);
}

void EngineWorker::run(const EngineJob& job) {
    const quint64 id = jobIdOf(job);
    if (m_backend) {
        m_backend->run(job);
    } else if (const auto* import = std::get_if<ImportRequest>(&job)) {
        Q_EMIT jobEvent(ImportFailure{
            id, import->source,
            m_moduleError.isEmpty()
                ? tr("%1: the engine is not running").arg(QFileInfo(import->source).fileName())
                : m_moduleError});
    } else if (!std::holds_alternative<ReblendRequest>(job)) {  // a re-blend has no one to tell
        Q_EMIT jobEvent(JobFailure{
            id, m_moduleError.isEmpty() ? tr("The engine is not running") : m_moduleError});
    }
    Q_EMIT jobEnded(id);
}

}  // namespace gpen::ui
