#pragma once

#include <QImage>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>

namespace gpen::ui {

// The photos opened in this session, each with its original and, once restored, its result,
// kept so that switching between photos is instant. GUI thread only.
class ImageSession : public QObject {
    Q_OBJECT
public:
    struct Entry {
        QString path;  // empty for a pasted image
        QString displayName;
        QImage original;
        QImage result;
    };

    explicit ImageSession(QObject* parent = nullptr);

    // Opens files and folders (folders are scanned, not recursively, for supported images).
    // Returns the messages of the files that could not be read (name and reason).
    QStringList open(const QStringList& paths);
    void addImage(const QImage& image, const QString& displayName);
    void setResult(int index, const QImage& result);

    int count() const { return static_cast<int>(m_entries.size()); }
    const Entry& entry(int index) const { return m_entries.at(index); }
    int indexOfPath(const QString& path) const;

    static QStringList supportedSuffixes();

Q_SIGNALS:
    void entryAdded(int index);
    void resultChanged(int index);

private:
    QString openFile(const QString& path);  // empty on success, else the message

    QVector<Entry> m_entries;
};

}  // namespace gpen::ui
