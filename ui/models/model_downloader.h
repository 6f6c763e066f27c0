// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QString>
#include <QUrl>

#include "gpen/engine/model_catalog.h"

namespace gpen::ui {

class EngineController;

// The model manager's downloads, one at a time: each is an engine job running core's downloader
// (gpen/engine/model_download.h), which resumes a .part an earlier try left, checks the size and
// the catalog's SHA-256, and installs the file through the engine's import; nothing is ever written
// under the final name before it is validated. Cancel keeps the .part for a later resume. GUI
// thread only; everything is asynchronous.
class ModelDownloader : public QObject {
    Q_OBJECT
  public:
    // `engine` runs the downloads; it must outlive the downloader.
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

    // Starts fetching `entry`'s file. False when a download is already running (one at a time).
    bool start(const gpen::ModelEntry& entry);
    // Stops the transfer within a second; the .part stays for a resume. Ends with `cancelled`.
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
    // The job ended: back to idle, and the id of the model it was for.
    QString end();

    EngineController* m_engine;
    QString m_modelId;  // empty when idle
    quint64 m_job = 0;
};

}  // namespace gpen::ui
