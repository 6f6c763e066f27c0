#include "ui/models/model_downloader.h"

#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QSettings>

#include "gpen/engine/model_locator.h"
#include "ui/bridge/engine_controller.h"

namespace gpen::ui {
namespace {

// A stalled server (no byte for this long) ends the try; the .part stays for a resume.
constexpr int kTransferTimeoutMs = 60000;

QString megabytes(qint64 bytes) {
    return QString::number(static_cast<double>(bytes) / 1e6, 'f', 1);
}

QString overrideBase() {
    QString base = qEnvironmentVariable("GPEN_MODELS_URL");
    if (base.isEmpty()) {
        base = QSettings().value(QStringLiteral("models/downloadUrl")).toString();
    }
    if (!base.isEmpty() && !base.endsWith(QLatin1Char('/'))) {
        base += QLatin1Char('/');  // a folder: the file name is appended, not substituted
    }
    return base;
}

}  // namespace

ModelDownloader::ModelDownloader(EngineController* engine, QObject* parent)
    : QObject(parent), m_engine(engine), m_network(new QNetworkAccessManager(this)) {
    connect(m_engine, &EngineController::modelImported, this, &ModelDownloader::onImported);
    connect(m_engine, &EngineController::importFailed, this, &ModelDownloader::onImportFailed);
}

ModelDownloader::~ModelDownloader() {
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
}

QString ModelDownloader::folder() const {
    return QString::fromStdString(gpen::userModelsDir().string());
}

QString ModelDownloader::partPath(const QString& fileName) const {
    return QDir(folder()).filePath(QLatin1Char('.') + fileName + QStringLiteral(".part"));
}

bool ModelDownloader::hasPart(const QString& fileName) const {
    return QFileInfo::exists(partPath(fileName));
}

QUrl ModelDownloader::downloadUrl(const ModelEntry& entry) {
    if (entry.builtIn || entry.fileName.empty()) {
        return {};
    }
    const QString base = overrideBase();
    if (!base.isEmpty()) {
        return QUrl(base).resolved(QUrl(QString::fromStdString(entry.fileName)));
    }
    return QUrl(QString::fromStdString(entry.downloadUrl));
}

bool ModelDownloader::isDirectDownload(const ModelEntry& entry) {
    const QUrl url = downloadUrl(entry);
    const QString path = url.path();
    return url.isValid() && !url.isEmpty() &&
           (path.endsWith(QStringLiteral(".pth")) || path.endsWith(QStringLiteral(".pt")));
}

bool ModelDownloader::start(const ModelEntry& entry) {
    return start(QString::fromStdString(entry.id), downloadUrl(entry),
                 QString::fromStdString(entry.fileName));
}

bool ModelDownloader::start(const QString& modelId, const QUrl& url, const QString& fileName,
                            qint64 expectedBytes) {
    if (busy() || modelId.isEmpty() || fileName.isEmpty()) {
        return false;
    }
    m_modelId = modelId;
    m_url = url;
    m_fileName = fileName;
    m_expected = expectedBytes;
    m_restarted = false;
    if (!QDir().mkpath(folder())) {
        fail(tr("%1: cannot create the folder %2").arg(fileName, folder()), false);
        return true;
    }
    sendRequest();
    return true;
}

void ModelDownloader::sendRequest() {
    m_accepted = false;
    m_total = -1;
    m_received = 0;
    const QFileInfo part(partPath(m_fileName));
    m_offset = part.exists() ? part.size() : 0;
    QNetworkRequest request(m_url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::NoLessSafeRedirectPolicy);
    request.setTransferTimeout(kTransferTimeoutMs);
    // The bytes as stored: a transparently decompressed body would not match the Range offsets.
    request.setRawHeader("Accept-Encoding", "identity");
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("GPEN-Studio"));
    if (m_offset > 0) {
        request.setRawHeader("Range", "bytes=" + QByteArray::number(m_offset) + '-');
    }
    m_reply = m_network->get(request);
    connect(m_reply, &QNetworkReply::readyRead, this, &ModelDownloader::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &ModelDownloader::onFinished);
    Q_EMIT progress(m_modelId, m_offset, -1);
}

void ModelDownloader::onHeaders() {
    int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 0 && m_url.isLocalFile()) {
        status = 200;  // a mirror on disk: no HTTP, always the whole file
    }
    if (status == 206) {
        // "bytes 1000-4999/5000": the server must resume where the .part ends.
        static const QRegularExpression range(QStringLiteral(R"(bytes\s+(\d+)-(\d+)/(\d+|\*))"));
        const auto m = range.match(QString::fromLatin1(m_reply->rawHeader("Content-Range")));
        if (!m.hasMatch() || m.captured(1).toLongLong() != m_offset) {
            fail(tr("%1: the server resumed at the wrong place (Content-Range: %2)")
                     .arg(m_fileName, QString::fromLatin1(m_reply->rawHeader("Content-Range"))),
                 true);
            return;
        }
        m_total = m.captured(3) == QStringLiteral("*") ? -1 : m.captured(3).toLongLong();
        m_part.setFileName(partPath(m_fileName));
        if (!m_part.open(QIODevice::WriteOnly | QIODevice::Append)) {
            fail(tr("%1: cannot write %2: %3")
                     .arg(m_fileName, m_part.fileName(), m_part.errorString()),
                 false);
            return;
        }
    } else if (status == 200) {
        // No resume (a first try, or a server that ignores Range): the whole file from byte 0.
        m_offset = 0;
        const QVariant length = m_reply->header(QNetworkRequest::ContentLengthHeader);
        m_total = length.isValid() ? length.toLongLong() : -1;
        m_part.setFileName(partPath(m_fileName));
        if (!m_part.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            fail(tr("%1: cannot write %2: %3")
                     .arg(m_fileName, m_part.fileName(), m_part.errorString()),
                 false);
            return;
        }
    } else if (status == 416 && m_offset > 0 && !m_restarted) {
        // The .part is not a prefix the server can continue (it is complete or larger than the
        // file now published): start again from 0, once.
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
        QFile::remove(partPath(m_fileName));
        m_restarted = true;
        sendRequest();
        return;
    } else {
        const QString reason =
            m_reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        const QString what =
            status > 0 ? tr("the server answered HTTP %1 %2").arg(status).arg(reason).trimmed()
            : m_reply->error() == QNetworkReply::OperationCanceledError
                ? tr("the server did not answer")
                : m_reply->errorString();
        // The .part, if any, is from an earlier try and still good for a resume.
        fail(tr("%1: download failed from %2: %3").arg(m_fileName, m_url.toDisplayString(), what),
             false);
        return;
    }
    m_accepted = true;
}

void ModelDownloader::onReadyRead() {
    if (!m_accepted) {
        const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status != 200 && status != 206 && !m_url.isLocalFile()) {
            // An error page: judged in onFinished (aborting a reply that already carries an error
            // from inside its own signal makes Qt report that error twice).
            m_reply->readAll();
            return;
        }
        onHeaders();
        if (!m_accepted) {
            return;
        }
    }
    const QByteArray data = m_reply->readAll();
    if (m_part.write(data) != data.size()) {
        fail(tr("%1: cannot write %2: %3 (is the disk full?)")
                 .arg(m_fileName, m_part.fileName(), m_part.errorString()),
             false);
        return;
    }
    m_received += data.size();
    Q_EMIT progress(m_modelId, m_offset + m_received, m_total);
}

void ModelDownloader::onFinished() {
    QNetworkReply* reply = m_reply;
    if (!reply) {
        return;
    }
    if (!m_accepted) {
        onHeaders();  // an answer without a body (a 404 with none, an empty file), or no answer
        if (!m_accepted) {
            return;
        }
    }
    if (reply->bytesAvailable() > 0) {
        onReadyRead();
        if (!busy()) {
            return;
        }
    }
    const bool flushed = m_part.flush();
    const QString flushError = m_part.errorString();
    m_part.close();
    if (!flushed) {
        fail(tr("%1: cannot write %2: %3 (is the disk full?)")
                 .arg(m_fileName, m_part.fileName(), flushError),
             false);
        return;
    }
    const qint64 size = QFileInfo(partPath(m_fileName)).size();
    if (reply->error() != QNetworkReply::NoError) {
        const QString why = reply->error() == QNetworkReply::OperationCanceledError
                                ? tr("the server stopped sending")
                                : reply->errorString();
        fail(tr("%1: the download stopped after %2 MB%3: %4; Resume continues from there")
                 .arg(m_fileName, megabytes(size),
                      m_total > 0 ? tr(" of %1 MB").arg(megabytes(m_total)) : QString(), why),
             false);
        return;
    }
    reply->deleteLater();
    m_reply = nullptr;
    if (m_total > 0 && size < m_total) {
        fail(tr("%1: the download is incomplete (%2 of %3 bytes); Resume continues from there")
                 .arg(m_fileName)
                 .arg(size)
                 .arg(m_total),
             false);
        return;
    }
    const qint64 expected = m_total > 0 ? m_total : m_expected;
    if ((expected > 0 && size != expected) || size == 0) {
        fail(tr("%1: the download has %2 bytes, expected %3")
                 .arg(m_fileName)
                 .arg(size)
                 .arg(expected > 0 ? expected : 1),
             true);
        return;
    }
    // The engine validates the checkpoint and copies it under its released name; an earlier,
    // broken file under that name is replaced: the user asked for this download.
    m_importing = true;
    Q_EMIT progress(m_modelId, size, size);
    m_engine->importModel(partPath(m_fileName), m_modelId, true);
}

void ModelDownloader::onImported(const QString& source, const QString& id, const QString& file) {
    Q_UNUSED(id);
    if (!m_importing || source != partPath(m_fileName)) {
        return;
    }
    QFile::remove(source);
    const QString model = m_modelId;
    reset();
    Q_EMIT finished(model, file);
}

void ModelDownloader::onImportFailed(const QString& source, const QString& message) {
    if (!m_importing || source != partPath(m_fileName)) {
        return;
    }
    // Not a usable checkpoint: resuming it would only grow a bad file.
    fail(tr("%1: the downloaded file is not a usable model: %2").arg(m_fileName, message), true);
}

void ModelDownloader::cancel() {
    if (!busy() || m_importing) {
        return;  // an import in progress is quick and cannot be stopped halfway
    }
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
    m_part.close();  // kept: the next start resumes from it
    const QString model = m_modelId;
    reset();
    Q_EMIT cancelled(model);
}

void ModelDownloader::fail(const QString& message, bool removePart) {
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
    m_part.close();
    if (removePart) {
        QFile::remove(partPath(m_fileName));
    }
    const QString model = m_modelId;
    reset();
    Q_EMIT failed(model, message);
}

void ModelDownloader::reset() {
    m_modelId.clear();
    m_accepted = false;
    m_importing = false;
    m_offset = 0;
    m_total = -1;
}

}  // namespace gpen::ui
