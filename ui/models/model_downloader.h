#pragma once

#include <QFile>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

#include "gpen/engine/model_catalog.h"

class QNetworkAccessManager;
class QNetworkReply;

namespace gpen::ui {

class EngineController;

// Downloads one model file at a time into `<folder>/.<file>.part`, resuming a .part left by an
// earlier try (Range: bytes=N-; a server that answers 200 instead of 206 restarts it from 0),
// checks the size against what the server announced, then hands the finished .part to the
// engine's import, which validates the checkpoint and copies it under its released name
// atomically; the .part is removed once imported. Nothing is ever written under the final name
// here, so a cut or failed download cannot leave a half file where the cache looks. Cancel keeps
// the .part for a later resume. GUI thread only; everything is asynchronous.
class ModelDownloader : public QObject {
    Q_OBJECT
  public:
    // `engine` imports the finished files; it must outlive the downloader.
    explicit ModelDownloader(EngineController* engine, QObject* parent = nullptr);
    ~ModelDownloader() override;

    // Where the .part files go: the folder the engine imports into (gpen::userModelsDir()).
    QString folder() const;
    QString partPath(const QString& fileName) const;
    bool hasPart(const QString& fileName) const;

    // The file to fetch for `entry`: the base from $GPEN_MODELS_URL or the settings key
    // "models/downloadUrl" followed by the file name when either is set (mirrors, tests), else
    // the entry's official link. Empty when there is nothing to download (built-in models).
    static QUrl downloadUrl(const gpen::ModelEntry& entry);
    // False when downloadUrl() is a web page rather than a file (GPEN-BFR-1024 and -2048 live on
    // the ModelScope hub): the user fetches those in a browser and imports them.
    static bool isDirectDownload(const gpen::ModelEntry& entry);

    // Starts fetching `url` for model `modelId`, to be imported under `fileName`.
    // `expectedBytes` > 0 is checked when the server announces no size. False when a download
    // is already running (one at a time).
    bool start(const QString& modelId, const QUrl& url, const QString& fileName,
               qint64 expectedBytes = -1);
    bool start(const gpen::ModelEntry& entry);
    // Stops the transfer now; the .part stays for a resume. Ends with `cancelled`.
    void cancel();

    bool busy() const { return !m_modelId.isEmpty(); }
    QString currentModel() const { return m_modelId; }

  Q_SIGNALS:
    // Bytes in the .part so far (a resumed download starts at its offset); total -1 when unknown.
    void progress(const QString& modelId, qint64 bytes, qint64 total);
    // Downloaded, validated and imported: `file` is where the model now is.
    void finished(const QString& modelId, const QString& file);
    // `message` names the file and says what went wrong.
    void failed(const QString& modelId, const QString& message);
    void cancelled(const QString& modelId);

  private:
    void sendRequest();
    void onHeaders();
    void onReadyRead();
    void onFinished();
    void onImported(const QString& source, const QString& id, const QString& file);
    void onImportFailed(const QString& source, const QString& message);
    void fail(const QString& message, bool removePart);
    void reset();

    EngineController* m_engine;
    QNetworkAccessManager* m_network;
    QPointer<QNetworkReply> m_reply;
    QFile m_part;
    QString m_modelId;  // empty when idle
    QString m_fileName;
    QUrl m_url;
    qint64 m_offset = 0;       // bytes of the .part kept from an earlier try
    qint64 m_received = 0;     // bytes written by this try
    qint64 m_total = -1;       // the whole file, as the server announced it
    qint64 m_expected = -1;    // the caller's expectation, used when the server says nothing
    bool m_accepted = false;   // the reply's headers were checked and the .part opened
    bool m_restarted = false;  // one restart from 0 after a 416 (the .part was unusable)
    bool m_importing = false;  // handed to the engine; waiting for its answer
};

}  // namespace gpen::ui
