#pragma once

#include <QImage>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include "ui/restore_job.h"

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
        // The restored faces of the last restore and the strip's choices for them (slider value
        // and accepted, per face): the strip shows them whenever this photo is in view.
        QList<RestoredFaceView> faces;
        QList<double> faceStrengths;
        QList<bool> facesAccepted;
    };

    explicit ImageSession(QObject* parent = nullptr);

    // Opens files and folders (folders are scanned, not recursively, for supported images).
    // Returns the messages of the files that could not be read (name and reason).
    QStringList open(const QStringList& paths);
    void addImage(const QImage& image, const QString& displayName);
    void setResult(int index, const QImage& result);
    // A new restore's faces, all accepted at `strength`.
    void setFaces(int index, const QList<RestoredFaceView>& faces, double strength);
    // The strip's choices for the photo's faces (sizes match its faces).
    void setFaceChoices(int index, const QList<double>& strengths, const QList<bool>& accepted);
    // Closes the photo: its images are freed; later entries move down by one.
    void remove(int index);

    int count() const { return static_cast<int>(m_entries.size()); }
    const Entry& entry(int index) const { return m_entries.at(index); }
    int indexOfPath(const QString& path) const;

    static QStringList supportedSuffixes();

Q_SIGNALS:
    void entryAdded(int index);
    void resultChanged(int index);
    // After remove(): `index` is gone and the entries after it moved down.
    void entryRemoved(int index);

private:
    QString openFile(const QString& path);  // empty on success, else the message

    QVector<Entry> m_entries;
};

}  // namespace gpen::ui
