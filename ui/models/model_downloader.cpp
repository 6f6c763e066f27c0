// SPDX-License-Identifier: Apache-2.0
#include "ui/models/model_downloader.h"

#include <QFileInfo>
#include <QSettings>

#include "gpen/engine/model_download.h"
#include "gpen/engine/model_locator.h"
#include "ui/bridge/engine_controller.h"

namespace gpen::ui {
namespace {

// The mirror folder: $GPEN_MODELS_URL, else the setting; empty: the catalog's links.
QString mirror() {
    const QString base = qEnvironmentVariable("GPEN_MODELS_URL");
    return base.isEmpty() ? QSettings().value(QStringLiteral("models/downloadUrl")).toString()
                          : base;
}

}  // namespace

ModelDownloader::ModelDownloader(EngineController* engine, QObject* parent)
    : QObject(parent), m_engine(engine) {
    connect(m_engine, &EngineController::downloadProgress, this,
            [this](quint64 job, qint64 bytes, qint64 total) {
                if (job == m_job) Q_EMIT progress(m_modelId, bytes, total);
            });
    connect(m_engine, &EngineController::downloadFinished, this,
            [this](quint64 job, const QString&, const QString& file) {
                if (job == m_job) Q_EMIT finished(end(), file);
            });
    connect(m_engine, &EngineController::jobFailed, this,
            [this](quint64 job, const QString& message) {
                if (job == m_job) Q_EMIT failed(end(), message);
            });
    connect(m_engine, &EngineController::jobCancelled, this, [this](quint64 job) {
        if (job == m_job) Q_EMIT cancelled(end());
    });
}

ModelDownloader::~ModelDownloader() {
    if (busy()) m_engine->cancelJob(m_job);  // the .part stays for the next start
}

QString ModelDownloader::folder() const {
    return QString::fromStdString(gpen::userModelsDir().string());
}

QString ModelDownloader::partPath(const QString& fileName) const {
    return QString::fromStdString(gpen::downloadPartPath({}, fileName.toStdString()).string());
}

bool ModelDownloader::hasPart(const QString& fileName) const {
    return QFileInfo::exists(partPath(fileName));
}

QUrl ModelDownloader::downloadUrl(const ModelEntry& entry) {
    return QUrl(QString::fromStdString(gpen::modelDownloadUrl(entry, mirror().toStdString())));
}

bool ModelDownloader::isDirectDownload(const ModelEntry& entry) {
    return gpen::isDirectDownload(gpen::modelDownloadUrl(entry, mirror().toStdString()));
}

bool ModelDownloader::start(const ModelEntry& entry) {
    if (busy() || entry.fileName.empty()) return false;
    m_modelId = QString::fromStdString(entry.id);
    m_job = m_engine->downloadModel(m_modelId, mirror());
    return true;
}

void ModelDownloader::cancel() {
    if (busy()) m_engine->cancelJob(m_job);
}

QString ModelDownloader::end() {
    const QString model = m_modelId;
    m_modelId.clear();
    m_job = 0;
    return model;
}

}  // namespace gpen::ui
