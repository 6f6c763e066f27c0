// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QImage>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <QVector>

#include <atomic>
#include <memory>

#include "gpen/io/image_io.h"
#include "ui/bridge/restore_job.h"

namespace gpen::ui {

// The photos opened in this session, each with its original and, once restored, its result,
// kept so that switching between photos is instant. Files are decoded by core (readImage, with
// its pixel limit, 16-bit and alpha kept) on the session's own decode thread, never on the GUI
// thread and never behind an engine job. GUI thread only.
class ImageSession : public QObject {
    Q_OBJECT
  public:
    struct Entry {
        QString path;  // empty for a pasted image
        QString displayName;
        QImage original;   // the 8-bit copy shown and restored
        QImage thumbnail;  // at most 64 x 64, made on the decode thread
        QImage result;
        // What core decoded (16-bit colour, alpha, gray, orientation): Save writes the result
        // back in this layout without reading the file again. Never null.
        std::shared_ptr<const gpen::DecodedImage> decoded;
        // The restored faces of the last restore and the strip's choices for them (slider value
        // and accepted, per face): the strip shows them whenever this photo is in view.
        QList<RestoredFaceView> faces;
        QList<double> faceStrengths;
        QList<bool> facesAccepted;
        // Edit → Undo / Redo of the strip's choices (slider values and accepted marks), most
        // recent last; emptied when the photo gets new faces.
        struct FaceChoices {
            QList<double> strengths;
            QList<bool> accepted;
        };
        QList<FaceChoices> undo, redo;
        // What the last restore said (faces, time, notes), shown when the photo is in view.
        QString summary;
        // The restore's processing note (the networks that ran), written into saved files.
        QString processingNote;
        // The damage painted on this photo for repair (8-bit gray, 255 = damaged); null: none.
        QImage damageMask;
        // Where the last restore's repair filled (8-bit gray, the photo's size); null: none.
        QImage repairedMask;
        // The photo's size, known while its pixels are released (see resident()).
        QSize size;
        quint64 lastUsed = 0;  // use() order: the least recently viewed is released first
        bool loading = false;  // decoded again in the background (use())
        QString loadProblem;   // why decoding it again failed (the file changed or went away)
    };

    explicit ImageSession(QObject* parent = nullptr);
    ~ImageSession() override;

    // Opens files and folders (folders are scanned, not recursively, for supported images) in
    // the background and returns the open job's id (from the engine's job numbering). entryAdded
    // follows for each new photo, in the order given, then openFinished(id, problems, details) with
    // the messages of the files that could not be read (name and reason, in the user's language)
    // and core's own words for each (its path and detail, for Details). A photo already open or
    // being opened is not opened twice.
    quint64 open(const QStringList& paths);
    void addImage(const QImage& image, const QString& displayName);
    // An image made in the program (8-bit BGR, e.g. a copy with simulated damage), kept as it is.
    void addImage(cv::Mat bgr8, const QString& displayName);
    void setResult(int index, const QImage& result);
    void setProcessingNote(int index, const QString& note) {
        m_entries[index].processingNote = note;
    }
    void setSummary(int index, const QString& summary) { m_entries[index].summary = summary; }
    void setDamageMask(int index, const QImage& mask) { m_entries[index].damageMask = mask; }
    void setRepairedMask(int index, const QImage& mask) { m_entries[index].repairedMask = mask; }
    // A new restore's faces, all accepted at `strength`.
    void setFaces(int index, const QList<RestoredFaceView>& faces, double strength);
    // The faces' identity scores after a re-blend (sizes match its faces).
    void setFaceIdentity(int index, const QList<double>& scores);
    // The strip's choices for the photo's faces (sizes match its faces).
    void setFaceChoices(int index, const QList<double>& strengths, const QList<bool>& accepted);
    // Undo (`back`) or Redo of the strip's choices: the photo's choices become the previous (or
    // next) ones; false when there is none.
    bool stepFaceChoices(int index, bool back);
    // Revert to Original: the photo's result, faces and choices are dropped.
    void revert(int index);
    // Closes the photo: its images are freed; later entries move down by one.
    void remove(int index);

    // Photos over this many megapixels are refused when opened (default: core's decoder limit).
    void setMaxMegapixels(int megapixels);

    // Bounded memory for large folders: decoded photos beyond `bytes` (their pixels, all layouts)
    // are released, least recently viewed first, keeping their thumbnail and size; a photo that
    // carries work (a result, faces, a damage mask) and the one in view are never released.
    // Default 128 MB (3 photos of 12 MP; another is decoded again in a fraction of a second when
    // viewed): with the default models loaded, 40 scans of 12 MP open within 1 GB where the
    // networks compute in bf16 (857 MB, packaging/desktop_test.sh).
    void setResidentBudget(std::uint64_t bytes);
    // The photo comes into view: kept, or decoded again in the background (entryLoaded follows).
    void use(int index);
    // Whether its pixels are in memory (`original` and `decoded` set).
    bool resident(int index) const { return m_entries.at(index).decoded != nullptr; }
    // The bytes the resident photos' pixels hold now.
    std::uint64_t residentBytes() const;

    int count() const { return static_cast<int>(m_entries.size()); }
    const Entry& entry(int index) const { return m_entries.at(index); }
    int indexOfPath(const QString& path) const;
    // True while an open job has files left to decode.
    bool opening() const { return m_openJobs > 0; }

    static QStringList supportedSuffixes();
    // The supported images directly in `folder`, sorted by name.
    static QStringList imagesIn(const QString& folder);

  Q_SIGNALS:
    void entryAdded(int index);
    void resultChanged(int index);
    // After remove(): `index` is gone and the entries after it moved down.
    void entryRemoved(int index);
    void openFinished(quint64 jobId, const QStringList& problems, const QStringList& details);
    // A released photo's pixels are back (use()).
    void entryLoaded(int index);

  private:
    void addDecoded(Entry entry);
    void releaseBeyondBudget();
    static bool carriesWork(const Entry& e);

    QVector<Entry> m_entries;
    ImageReadParams m_readParams;  // copied into each decode job
    QSet<QString> m_pending;       // canonical paths queued for decoding
    int m_openJobs = 0;
    // Set by the destructor: a queued decode job stops before its next file.
    std::shared_ptr<std::atomic_bool> m_closing = std::make_shared<std::atomic_bool>(false);
    std::uint64_t m_budget = 128ULL << 20;
    quint64 m_useClock = 0;
    int m_inView = -1;
    QThreadPool
        m_reloader;  // one thread: a released photo decoded again, apart from an open's queue
    QThreadPool
        m_decoder;  // one thread: photos arrive in the order asked; last member, joined first
};

}  // namespace gpen::ui
