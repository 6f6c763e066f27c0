// SPDX-License-Identifier: Apache-2.0
#include "ui/single_instance.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QStandardPaths>
#include <QTimer>

#include <memory>

namespace gpen::ui {
namespace {

// The message: a QDataStream'd QStringList; the answer: one byte.
constexpr char kAck = '\x06';
constexpr int kReceiveTimeoutMs = 3000;

}  // namespace

SingleInstance::SingleInstance(const QString& key, QObject* parent) : QObject(parent), m_key(key) {}

SingleInstance::~SingleInstance() = default;

QString SingleInstance::defaultKey() {
    const QString env = qEnvironmentVariable("GPEN_STUDIO_INSTANCE_KEY");
    if (!env.isEmpty()) return env;
    // Per user and per settings folder: two users, or a test run with its own settings, never
    // meet. Hashed: a socket name must be short and plain.
    const QByteArray who =
        qgetenv("USER") + '|' +
        QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation).toUtf8();
    const QString name =
        QStringLiteral("gpen-studio-") +
        QString::fromLatin1(
            QCryptographicHash::hash(who, QCryptographicHash::Sha1).toHex().left(16));
    // In the user's runtime folder ($XDG_RUNTIME_DIR, mode 0700: Qt makes one if the session has
    // none), not under a name anyone can compute in /tmp, where another user could take it first.
    const QString runtime = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    return runtime.isEmpty() ? name : QDir(runtime).filePath(name);
}

bool SingleInstance::handOff(const QStringList& paths, int timeoutMs) {
    QLocalSocket socket;
    socket.connectToServer(m_key);
    if (!socket.waitForConnected(timeoutMs)) return false;
    QStringList absolute;
    for (const QString& p : paths) absolute << QFileInfo(p).absoluteFilePath();
    QByteArray message;
    QDataStream out(&message, QIODevice::WriteOnly);
    out << absolute;
    // Framed by its length: the receiver knows when it has all of it.
    QByteArray framed;
    QDataStream frame(&framed, QIODevice::WriteOnly);
    frame << message;
    socket.write(framed);
    if (!socket.waitForBytesWritten(timeoutMs)) return false;
    // Blocking is fine here: this process has no window, it only waits for the answer.
    if (!socket.waitForReadyRead(timeoutMs)) return false;
    return socket.read(1) == QByteArray(1, kAck);
}

bool SingleInstance::listen() {
    if (m_server) return true;
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    if (!m_server->listen(m_key)) {
        // A socket file left by an instance that crashed: nobody answered handOff(), so remove it.
        QLocalServer::removeServer(m_key);
        if (!m_server->listen(m_key)) {
            m_error = m_server->errorString();
            delete m_server;
            m_server = nullptr;
            return false;
        }
    }
    connect(m_server, &QLocalServer::newConnection, this, &SingleInstance::onConnection);
    return true;
}

void SingleInstance::close() {
    delete m_server;  // QLocalServer removes its socket file
    m_server = nullptr;
}

void SingleInstance::onConnection() {
    while (QLocalSocket* socket = m_server->nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        // Reads without blocking the GUI: the whole frame arrives in one or a few chunks.
        auto buffer = std::make_shared<QByteArray>();
        connect(socket, &QLocalSocket::readyRead, this, [this, socket, buffer] {
            buffer->append(socket->readAll());
            QDataStream frame(*buffer);
            QByteArray message;
            frame.startTransaction();
            frame >> message;
            if (!frame.commitTransaction()) return;  // not all there yet
            QDataStream in(message);
            QStringList paths;
            in >> paths;
            socket->write(QByteArray(1, kAck));
            socket->flush();
            socket->disconnectFromServer();
            if (in.status() == QDataStream::Ok) Q_EMIT filesReceived(paths);
        });
        // A client that never finishes its message is dropped.
        QTimer::singleShot(kReceiveTimeoutMs, socket, [socket] { socket->abort(); });
    }
}

}  // namespace gpen::ui
