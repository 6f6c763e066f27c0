#include "ui/models/model_downloader.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

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

// The same names as core's downloadPartPath and modelDownloadUrl (model_download.h): the window
// links no engine code, so the table's "Resume" and the link it shows are worked out here.
QString partName(const QString& fileName) {
    return QLatin1Char('.') + fileName + QStringLiteral(".part");
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
                if (job == m_job) Q_EMIT finished(end(job), file);
            });
    connect(m_engine, &EngineController::jobFailed, this,
            [this](quint64 job, const QString& message) {
                if (job == m_job) Q_EMIT failed(end(job), message);
            });
    connect(m_engine, &EngineController::jobCancelled, this, [this](quint64 job) {
        if (job == m_job) Q_EMIT cancelled(end(job));
    });
}

ModelDownloader::~ModelDownloader() {
    if (busy()) m_engine->cancelJob(m_job);  // the .part stays for the next start
}

QString ModelDownloader::folder() const {
    return QString::fromStdString(gpen::userModelsDir().string());
}

QString ModelDownloader::partPath(const QString& fileName) const {
    return QDir(folder()).filePath(partName(fileName));
}

bool ModelDownloader::hasPart(const QString& fileName) const {
    return QFileInfo::exists(partPath(fileName));
}

QUrl ModelDownloader::downloadUrl(const ModelEntry& entry) {
    if (entry.builtIn || entry.fileName.empty()) return {};
    QString base = mirror();
    if (base.isEmpty()) return QUrl(QString::fromStdString(entry.downloadUrl));
    if (!base.endsWith(QLatin1Char('/')))
        base += QLatin1Char('/');  // a folder: the name is appended
    return QUrl(base + QString::fromStdString(entry.fileName));
}

bool ModelDownloader::isDirectDownload(const ModelEntry& entry) {
    const QUrl url = downloadUrl(entry);
    const QString path = url.path();
    return url.isValid() && !url.isEmpty() &&
           (path.endsWith(QStringLiteral(".pth")) || path.endsWith(QStringLiteral(".pt")));
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

QString ModelDownloader::end(quint64 jobId) {
    Q_UNUSED(jobId);
    const QString model = m_modelId;
    m_modelId.clear();
    m_job = 0;
    return model;
}

}  // namespace gpen::ui
