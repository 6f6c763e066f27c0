// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QStringList>

class QLocalServer;

namespace gpen::ui {

// One GPEN Studio per user session: a second launch hands its files to the running one over a
// local socket and exits, instead of opening a second window. GUI thread only.
//
//   SingleInstance instance(SingleInstance::defaultKey());
//   if (instance.handOff(files)) return 0;   // the first instance has them now
//   instance.listen();                        // we are the first: receive others' files
class SingleInstance : public QObject {
    Q_OBJECT
  public:
    // `key`: the socket's name; instances with the same key find each other.
    explicit SingleInstance(const QString& key, QObject* parent = nullptr);
    ~SingleInstance() override;

    // The user's key: $GPEN_STUDIO_INSTANCE_KEY when set (tests, a second profile), else one
    // per user and settings folder.
    static QString defaultKey();

    // Sends `paths` (made absolute) to a running instance and waits up to `timeoutMs` for its
    // acknowledgement. True: it has them (this process should exit). False: none answered.
    bool handOff(const QStringList& paths, int timeoutMs = 3000);
    // Starts answering later launches; a stale socket left by a crashed instance is replaced.
    // Returns false (with errorString()) when the socket cannot be created.
    bool listen();
    // Stops answering and removes the socket (quitting: a launch from now on starts its own).
    void close();
    QString errorString() const { return m_error; }

  Q_SIGNALS:
    // Another launch handed over these files (possibly none: it only asks to be shown).
    void filesReceived(const QStringList& paths);

  private:
    void onConnection();

    QString m_key;
    QLocalServer* m_server = nullptr;
    QString m_error;
};

}  // namespace gpen::ui
