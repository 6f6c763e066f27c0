// SPDX-License-Identifier: Apache-2.0
// The model manager against a real engine and a real HTTP server on a local socket: downloads
// (complete, cut and resumed, refused, not a model), imports through the controller, the
// missing-model banner and the dialog's table. Waits on signals and conditions only.

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <filesystem>
#include <memory>

#include <gtest/gtest.h>

#include "support/fixtures.h"
#include "support/temp_models_dir.h"
#include "ui/bridge/engine_controller.h"
#include "ui/main_window.h"
#include "ui/models/missing_model_banner.h"
#include "ui/models/model_downloader.h"
#include "ui/models/model_manager_dialog.h"
#include "ui/models/model_status_indicator.h"
#include "ui/photos/restore_panel.h"
#include "ui_test_app.h"

namespace {

using namespace gpen::ui;
namespace fs = std::filesystem;

constexpr int kWaitMs = 30000;

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray fixtureBytes(const std::string& name) {
    return readAll(QString::fromStdString((gpen::test::fixturesDir() / name).string()));
}

// A minimal HTTP/1.1 file server: GET only, one request per connection ("Connection: close"),
// Range "bytes=N-" answered with 206 and Content-Range (unless told to ignore it), and a cut
// after N body bytes for the next response, as a dropped connection does.
class HttpTestServer : public QTcpServer {
  public:
    HttpTestServer() {
        listen(QHostAddress::LocalHost);
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onData(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }

    QString base() const { return QStringLiteral("http://127.0.0.1:%1/models/").arg(serverPort()); }
    void serve(const QString& name, const QByteArray& body) {
        m_files.insert(QStringLiteral("/models/") + name, body);
    }
    void cutNextAfter(qint64 bytes) { m_cutAfter = bytes; }
    void setHonourRange(bool honour) { m_honourRange = honour; }

    QStringList paths;   // every request's path, in order
    QStringList ranges;  // its Range header ("" when none)

  private:
    void onData(QTcpSocket* socket) {
        QByteArray& buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0) return;
        const QList<QByteArray> lines = buffer.left(end).split('\n');
        m_buffers.remove(socket);
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        const QString path = QString::fromLatin1(first.value(1));
        QString range;
        for (const QByteArray& line : lines.mid(1)) {
            const qsizetype colon = line.indexOf(':');
            if (colon > 0 && line.left(colon).trimmed().toLower() == "range") {
                range = QString::fromLatin1(line.mid(colon + 1).trimmed());
            }
        }
        paths << path;
        ranges << range;

        QByteArray head;
        QByteArray body;
        if (!m_files.contains(path)) {
            body = "no such file";
            head = "HTTP/1.1 404 Not Found\r\n";
        } else {
            const QByteArray file = m_files.value(path);
            qint64 from = 0;
            if (m_honourRange && range.startsWith(QStringLiteral("bytes=")) &&
                range.endsWith(QLatin1Char('-'))) {
                from = range.mid(6).chopped(1).toLongLong();
            }
            if (from >= file.size() && from > 0) {
                head = "HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */" +
                       QByteArray::number(file.size()) + "\r\n";
            } else if (from > 0) {
                body = file.mid(from);
                head = "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes " +
                       QByteArray::number(from) + '-' + QByteArray::number(file.size() - 1) + '/' +
                       QByteArray::number(file.size()) + "\r\n";
            } else {
                body = file;
                head = "HTTP/1.1 200 OK\r\n";
            }
        }
        head += "Content-Type: application/octet-stream\r\nContent-Length: " +
                QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n";
        if (m_cutAfter >= 0) {
            body = body.left(m_cutAfter);  // the headers promise more than comes
            m_cutAfter = -1;
        }
        socket->write(head + body);
        socket->disconnectFromHost();  // after the pending bytes are written
    }

    QHash<QString, QByteArray> m_files;
    QHash<QTcpSocket*, QByteArray> m_buffers;
    qint64 m_cutAfter = -1;
    bool m_honourRange = true;
};

class ModelManagerTest : public ::testing::Test {
  protected:
    void SetUp() override {
        gpen::test::uiApp();
        QStandardPaths::setTestModeEnabled(true);
        if (!gpen::test::manifest())
            GTEST_SKIP() << "fixtures not found at " << gpen::test::fixturesDir();
        ASSERT_TRUE(m_home.isValid());
        ASSERT_TRUE(m_server.isListening());
        // The user models folder (gpen::userModelsDir) follows XDG_DATA_HOME: a fresh one per test.
        qputenv("XDG_DATA_HOME", m_home.path().toUtf8());
        qunsetenv("GPEN_MODELS_DIR");
        qputenv("GPEN_MODELS_URL", m_server.base().toUtf8());
        QSettings().remove(QStringLiteral("models/downloadUrl"));
        m_settings.preload = {};
        m_settings.threads = 2;
        m_userDir = m_home.filePath(QStringLiteral("gpen-studio/models"));
    }
    void TearDown() override { qunsetenv("GPEN_MODELS_URL"); }

    // Starts the engine and waits for its first statuses.
    void start(EngineController& engine) {
        engine.start(m_settings);
        ASSERT_TRUE(QTest::qWaitFor(
            [&] { return engine.statuses().contains(QStringLiteral("realesrnet_x2")); }, kWaitMs));
    }
    static gpen::ModelState state(const EngineController& engine, const QString& id) {
        return engine.statuses().value(id).state;
    }
    QString userFile(const QString& name) const { return QDir(m_userDir).filePath(name); }
    QStringList partFiles() const {
        return QDir(m_userDir).entryList({QStringLiteral("*.part")}, QDir::Files | QDir::Hidden);
    }
    static const gpen::ModelEntry& entry(const std::string& id) {
        static const gpen::ModelCatalog catalog = gpen::ModelCatalog::released();
        return *catalog.find(id);
    }

    QTemporaryDir m_home;
    HttpTestServer m_server;
    EngineSettings m_settings;
    QString m_userDir;
};

TEST_F(ModelManagerTest, ADownloadInstallsTheModelUnderItsReleasedName) {
    const QByteArray model = fixtureBytes("rrdb-x2-f8-b2-g4.pth");
    m_server.serve(QStringLiteral("realesrnet_x2.pth"), model);
    EngineController engine;
    start(engine);
    ASSERT_EQ(state(engine, QStringLiteral("realesrnet_x2")), gpen::ModelState::NotInstalled);
    EXPECT_EQ(ModelDownloader::downloadUrl(entry("realesrnet_x2")).toString(),
              m_server.base() + QStringLiteral("realesrnet_x2.pth"));

    ModelDownloader downloader(&engine);
    QSignalSpy statuses(&engine, &EngineController::modelStatusChanged);
    QSignalSpy progress(&downloader, &ModelDownloader::progress);
    QSignalSpy finished(&downloader, &ModelDownloader::finished);
    QSignalSpy failed(&downloader, &ModelDownloader::failed);
    ASSERT_TRUE(downloader.start(entry("realesrnet_x2")));
    EXPECT_TRUE(downloader.busy());
    ASSERT_TRUE(finished.wait(kWaitMs))
        << (failed.isEmpty() ? "no failure" : failed.at(0).at(1).toString().toStdString());

    EXPECT_EQ(finished.at(0).at(1).toString(), userFile(QStringLiteral("realesrnet_x2.pth")));
    EXPECT_EQ(readAll(userFile(QStringLiteral("realesrnet_x2.pth"))), model);
    EXPECT_TRUE(partFiles().isEmpty()) << partFiles().join(QLatin1Char(' ')).toStdString();
    bool sawInstalled = false;
    for (const auto& args : statuses) {
        const auto s = args.at(0).value<gpen::ModelStatus>();
        sawInstalled =
            sawInstalled || (s.id == "realesrnet_x2" && s.state == gpen::ModelState::Installed);
    }
    EXPECT_TRUE(sawInstalled);
    EXPECT_EQ(state(engine, QStringLiteral("realesrnet_x2")), gpen::ModelState::Installed);
    ASSERT_FALSE(progress.isEmpty());
    EXPECT_EQ(progress.last().at(1).toLongLong(), model.size());
    EXPECT_EQ(m_server.ranges, QStringList{QString()});
    EXPECT_FALSE(downloader.busy());
}

TEST_F(ModelManagerTest, ACutDownloadKeepsItsPartAndTheRetryResumesWithRange) {
    const QByteArray model = fixtureBytes("rrdb-x2-f8-b2-g4.pth");
    ASSERT_GT(model.size(), 60000);
    m_server.serve(QStringLiteral("realesrnet_x2.pth"), model);
    m_server.cutNextAfter(50000);
    EngineController engine;
    start(engine);
    ModelDownloader downloader(&engine);
    QSignalSpy finished(&downloader, &ModelDownloader::finished);
    QSignalSpy failed(&downloader, &ModelDownloader::failed);

    ASSERT_TRUE(downloader.start(entry("realesrnet_x2")));
    ASSERT_TRUE(failed.wait(kWaitMs));
    RecordProperty("message", failed.at(0).at(1).toString().toStdString());
    EXPECT_TRUE(failed.at(0).at(1).toString().contains(QStringLiteral("realesrnet_x2.pth")))
        << failed.at(0).at(1).toString().toStdString();
    EXPECT_TRUE(finished.isEmpty());
    EXPECT_EQ(partFiles(), QStringList{QStringLiteral(".realesrnet_x2.pth.part")});
    EXPECT_EQ(readAll(downloader.partPath(QStringLiteral("realesrnet_x2.pth"))), model.left(50000));
    EXPECT_TRUE(downloader.hasPart(QStringLiteral("realesrnet_x2.pth")));
    EXPECT_FALSE(QFile::exists(userFile(QStringLiteral("realesrnet_x2.pth"))));
    EXPECT_EQ(state(engine, QStringLiteral("realesrnet_x2")), gpen::ModelState::NotInstalled);

    ASSERT_TRUE(downloader.start(entry("realesrnet_x2")));
    ASSERT_TRUE(finished.wait(kWaitMs))
        << (failed.size() < 2 ? "no failure" : failed.at(1).at(1).toString().toStdString());
    ASSERT_EQ(m_server.ranges.size(), 2);
    EXPECT_EQ(m_server.ranges.at(1), QStringLiteral("bytes=50000-"));
    EXPECT_EQ(readAll(userFile(QStringLiteral("realesrnet_x2.pth"))), model);
    EXPECT_TRUE(partFiles().isEmpty());
    EXPECT_EQ(state(engine, QStringLiteral("realesrnet_x2")), gpen::ModelState::Installed);
}

// Cancel stops the engine's job (which checks its stop token before any byte, and libcurl's
// progress at least once a second); the .part an earlier try left stays for the next start.
TEST_F(ModelManagerTest, ACancelledDownloadKeepsItsPartAndInstallsNothing) {
    const QByteArray model = fixtureBytes("rrdb-x2-f8-b2-g4.pth");
    m_server.serve(QStringLiteral("realesrnet_x2.pth"), model);
    EngineController engine;
    start(engine);
    ModelDownloader downloader(&engine);
    ASSERT_TRUE(QDir().mkpath(downloader.folder()));
    QFile part(downloader.partPath(QStringLiteral("realesrnet_x2.pth")));
    ASSERT_TRUE(part.open(QIODevice::WriteOnly));
    part.write(model.left(1000));
    part.close();
    QSignalSpy cancelled(&downloader, &ModelDownloader::cancelled);
    QSignalSpy finished(&downloader, &ModelDownloader::finished);
    ASSERT_TRUE(downloader.start(entry("realesrnet_x2")));
    downloader.cancel();
    ASSERT_TRUE(cancelled.wait(kWaitMs));
    EXPECT_EQ(cancelled.at(0).at(0).toString(), QStringLiteral("realesrnet_x2"));
    EXPECT_TRUE(finished.isEmpty());
    EXPECT_FALSE(downloader.busy());
    EXPECT_TRUE(readAll(part.fileName()).startsWith(model.left(1000)));
    EXPECT_FALSE(QFile::exists(userFile(QStringLiteral("realesrnet_x2.pth"))));
    EXPECT_EQ(state(engine, QStringLiteral("realesrnet_x2")), gpen::ModelState::NotInstalled);
}

TEST_F(ModelManagerTest, AServerThatIgnoresRangeRestartsTheFileFromZero) {
    const QByteArray model = fixtureBytes("rrdb-x2-f8-b2-g4.pth");
    m_server.serve(QStringLiteral("realesrnet_x2.pth"), model);
    m_server.setHonourRange(false);
    EngineController engine;
    start(engine);
    ModelDownloader downloader(&engine);
    // A .part whose bytes are not the file's: appended to, it would corrupt the result.
    QDir().mkpath(m_userDir);
    gpen::test::writeTextFile(
        downloader.partPath(QStringLiteral("realesrnet_x2.pth")).toStdString(), "stale bytes");
    QSignalSpy finished(&downloader, &ModelDownloader::finished);
    QSignalSpy failed(&downloader, &ModelDownloader::failed);
    ASSERT_TRUE(downloader.start(entry("realesrnet_x2")));
    ASSERT_TRUE(finished.wait(kWaitMs))
        << (failed.isEmpty() ? "no failure" : failed.at(0).at(1).toString().toStdString());
    EXPECT_EQ(m_server.ranges, QStringList{QStringLiteral("bytes=11-")});
    EXPECT_EQ(readAll(userFile(QStringLiteral("realesrnet_x2.pth"))), model);
    EXPECT_TRUE(partFiles().isEmpty());
}

TEST_F(ModelManagerTest, ANotFoundAnswerFailsNamingTheFileAndLeavesNothing) {
    EngineController engine;
    start(engine);
    ModelDownloader downloader(&engine);
    QSignalSpy failed(&downloader, &ModelDownloader::failed);
    ASSERT_TRUE(downloader.start(entry("realesrnet_x4")));  // not served
    ASSERT_TRUE(failed.wait(kWaitMs));
    const QString message = failed.at(0).at(1).toString();
    RecordProperty("message", message.toStdString());
    EXPECT_EQ(failed.at(0).at(0).toString(), QStringLiteral("realesrnet_x4"));
    EXPECT_TRUE(message.contains(QStringLiteral("realesrnet_x4.pth"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("404"))) << message.toStdString();
    EXPECT_FALSE(QFile::exists(userFile(QStringLiteral("realesrnet_x4.pth"))));
    EXPECT_TRUE(partFiles().isEmpty());
    EXPECT_EQ(state(engine, QStringLiteral("realesrnet_x4")), gpen::ModelState::NotInstalled);
}

TEST_F(ModelManagerTest, ABodyThatIsNoCheckpointFailsNamingTheFileAndLeavesNothing) {
    m_server.serve(QStringLiteral("realesrnet_x2.pth"), "<html><body>Please log in</body></html>");
    EngineController engine;
    start(engine);
    ModelDownloader downloader(&engine);
    QSignalSpy failed(&downloader, &ModelDownloader::failed);
    QSignalSpy finished(&downloader, &ModelDownloader::finished);
    ASSERT_TRUE(downloader.start(entry("realesrnet_x2")));
    ASSERT_TRUE(failed.wait(kWaitMs));
    const QString message = failed.at(0).at(1).toString();
    RecordProperty("message", message.toStdString());
    EXPECT_TRUE(message.startsWith(QStringLiteral("realesrnet_x2.pth"))) << message.toStdString();
    EXPECT_TRUE(finished.isEmpty());
    EXPECT_FALSE(QFile::exists(userFile(QStringLiteral("realesrnet_x2.pth"))));
    EXPECT_TRUE(partFiles().isEmpty());
    EXPECT_EQ(state(engine, QStringLiteral("realesrnet_x2")), gpen::ModelState::NotInstalled);
}

TEST_F(ModelManagerTest, TheControllerImportsAValidCheckpointAndRefusesATextFile) {
    EngineController engine;
    start(engine);
    QTemporaryDir downloads;
    const QString valid = downloads.filePath(QStringLiteral("rrdb-x2-f8-b2-g4.pth"));
    gpen::test::copyFixture("rrdb-x2-f8-b2-g4.pth", valid.toStdString());
    QSignalSpy imported(&engine, &EngineController::modelImported);
    QSignalSpy refused(&engine, &EngineController::importFailed);
    engine.importModel(valid, QStringLiteral("realesrnet_x2"));
    ASSERT_TRUE(imported.wait(kWaitMs))
        << (refused.isEmpty() ? "no failure" : refused.at(0).at(1).toString().toStdString());
    EXPECT_EQ(imported.at(0).at(0).toString(), valid);
    EXPECT_EQ(imported.at(0).at(1).toString(), QStringLiteral("realesrnet_x2"));
    EXPECT_EQ(imported.at(0).at(2).toString(), userFile(QStringLiteral("realesrnet_x2.pth")));
    EXPECT_EQ(readAll(userFile(QStringLiteral("realesrnet_x2.pth"))), readAll(valid));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return state(engine, QStringLiteral("realesrnet_x2")) == gpen::ModelState::Installed;
        },
        kWaitMs));

    const QString text = downloads.filePath(QStringLiteral("notes.pth"));
    gpen::test::writeTextFile(text.toStdString(), "these are not weights\n");
    engine.importModel(text);
    ASSERT_TRUE(refused.wait(kWaitMs));
    RecordProperty("message", refused.at(0).at(1).toString().toStdString());
    EXPECT_EQ(refused.at(0).at(0).toString(), text);
    EXPECT_TRUE(refused.at(0).at(1).toString().contains(QStringLiteral("notes.pth")))
        << refused.at(0).at(1).toString().toStdString();
    EXPECT_FALSE(QFile::exists(userFile(QStringLiteral("notes.pth"))));
}

TEST_F(ModelManagerTest, TheBannerNamesAMissingModelAndHidesOnceItIsInstalled) {
    m_server.serve(QStringLiteral("realesrnet_x2.pth"), fixtureBytes("rrdb-x2-f8-b2-g4.pth"));
    // A small GPEN generator under a name the catalog does not know: recognised, installed.
    QTemporaryDir extra;
    gpen::test::copyFixture("gpen-64-cm1-n0.0625.pth",
                            (fs::path(extra.path().toStdString()) / "tiny-gpen.pth"));
    m_settings.modelsDir = extra.path();
    // A build without the embedded upscaler, so that x2 needs realesrnet_x2.
    qputenv("GPEN_UPSCALER_DIR", m_home.filePath(QStringLiteral("no-upscaler")).toUtf8());
    EngineController engine;
    MainWindow window(&engine);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    MissingModelBanner* banner = window.missingModelBanner();
    ASSERT_NE(banner, nullptr);
    start(engine);
    qunsetenv("GPEN_UPSCALER_DIR");

    // GPEN-BFR-512, chosen here, is not installed.
    window.restorePanel()->setFaceModel(QStringLiteral("GPEN-BFR-512"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return banner->isVisible(); }, kWaitMs));
    EXPECT_EQ(banner->missingModel(), QStringLiteral("GPEN-BFR-512"));
    EXPECT_TRUE(banner->textLabel()->text().contains(QStringLiteral("GPEN-BFR-512")));
    EXPECT_TRUE(banner->importButton()->isVisible());
    EXPECT_TRUE(banner->downloadButton()->isVisible());

    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return engine.statuses().contains(QStringLiteral("tiny-gpen")); }, kWaitMs));
    window.restorePanel()->setFaceModel(QStringLiteral("tiny-gpen"));
    EXPECT_FALSE(banner->isVisible());

    // A 2x background needs realesrnet_x2: missing, then downloaded from the banner.
    window.restorePanel()->setBackgroundScale(2);
    ASSERT_TRUE(banner->isVisible());
    EXPECT_EQ(banner->missingModel(), QStringLiteral("realesrnet_x2"));
    banner->downloadButton()->click();
    ModelManagerDialog* manager = window.showModelManager();
    ASSERT_NE(manager, nullptr);
    EXPECT_EQ(manager->selectedModel(), QStringLiteral("realesrnet_x2"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !banner->isVisible(); }, kWaitMs))
        << manager->messageLabel()->text().toStdString();
    EXPECT_EQ(state(engine, QStringLiteral("realesrnet_x2")), gpen::ModelState::Installed);
    EXPECT_TRUE(QFile::exists(userFile(QStringLiteral("realesrnet_x2.pth"))));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !manager->downloader()->busy(); }, kWaitMs));
    EXPECT_TRUE(manager->messageLabel()->text().contains(QStringLiteral("installed")))
        << manager->messageLabel()->text().toStdString();
}

TEST_F(ModelManagerTest, TheTableShowsEachModelsStateAndFollowsImports) {
    qunsetenv("GPEN_MODELS_URL");  // the official links: GPEN-BFR-1024 is a web page
    gpen::test::copyFixture("rrdb-x2-f8-b2-g4.pth",
                            (fs::path(m_userDir.toStdString()) / "realesrnet_x2.pth"));
    EngineController engine;
    start(engine);
    ModelManagerDialog dialog(&engine);
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    QTableWidget* table = dialog.table();
    auto cell = [&](const QString& id, int column) {
        const int row = dialog.rowOf(id);
        return row < 0 ? QStringLiteral("(no row)") : table->item(row, column)->text();
    };
    const QString installed =
        ModelStatusIndicator::stateText(gpen::ModelState::Installed, gpen::LoadPhase::None);
    const QString notInstalled =
        ModelStatusIndicator::stateText(gpen::ModelState::NotInstalled, gpen::LoadPhase::None);
    const gpen::ModelCatalog catalog = gpen::ModelCatalog::released();
    for (const auto& e : catalog.entries()) {
        EXPECT_GE(dialog.rowOf(QString::fromStdString(e.id)), 0) << e.id;
    }
    EXPECT_EQ(cell(QStringLiteral("realesrnet_x2"), ModelManagerDialog::StateColumn), installed);
    EXPECT_EQ(cell(QStringLiteral("realesrnet_x2"), ModelManagerDialog::FileColumn),
              userFile(QStringLiteral("realesrnet_x2.pth")));
    EXPECT_EQ(cell(QStringLiteral("GPEN-BFR-512"), ModelManagerDialog::StateColumn), notInstalled);
    EXPECT_TRUE(cell(QStringLiteral("GPEN-BFR-512"), ModelManagerDialog::LicenceColumn)
                    .contains(QStringLiteral("non-commercial")));
    EXPECT_TRUE(cell(QStringLiteral("GPEN-BFR-512"), ModelManagerDialog::SizeColumn)
                    .contains(QStringLiteral("284")));

    // The ModelScope models: a page to open, not a file to fetch.
    dialog.selectModel(QStringLiteral("GPEN-BFR-1024"));
    EXPECT_TRUE(dialog.openPageButton()->isVisible());
    EXPECT_FALSE(dialog.downloadButton()->isVisible());
    dialog.selectModel(QStringLiteral("GPEN-BFR-512"));
    EXPECT_FALSE(dialog.openPageButton()->isVisible());
    EXPECT_TRUE(dialog.downloadButton()->isEnabled());
    // A .part left by an earlier try is offered for a resume.
    gpen::test::truncatedFixture(
        "rrdb-x4-f8-b2-g4.pth",
        dialog.downloader()->partPath(QStringLiteral("realesrnet_x1.pth")).toStdString(), 0.5);
    dialog.selectModel(QStringLiteral("realesrnet_x1"));
    EXPECT_TRUE(dialog.downloadButton()->text().contains(QStringLiteral("Resume")));

    // A dropped checkpoint is imported, and its row follows the engine's state.
    QTemporaryDir downloads;
    const QString dropped = downloads.filePath(QStringLiteral("realesrnet_x4.pth"));
    gpen::test::copyFixture("rrdb-x4-f8-b2-g4.pth", dropped.toStdString());
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(dropped)});
    const QPoint pos(dialog.width() / 2, dialog.height() / 2);
    QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&dialog, &enter);
    ASSERT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(pos), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&dialog, &drop);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return cell(QStringLiteral("realesrnet_x4"), ModelManagerDialog::StateColumn) ==
                   installed;
        },
        kWaitMs))
        << dialog.messageLabel()->text().toStdString();
    EXPECT_EQ(readAll(userFile(QStringLiteral("realesrnet_x4.pth"))), readAll(dropped));
    EXPECT_TRUE(dialog.messageLabel()->text().contains(QStringLiteral("imported")));

    // A text file dropped is refused with its name.
    const QString text = downloads.filePath(QStringLiteral("readme.pth"));
    gpen::test::writeTextFile(text.toStdString(), "not a model");
    dialog.importFile(text);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return dialog.messageLabel()->text().contains(QStringLiteral("readme.pth")) &&
                   !dialog.messageLabel()->text().startsWith(QStringLiteral("Importing"));
        },
        kWaitMs));
}

}  // namespace
