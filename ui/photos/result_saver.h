// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>

#include <functional>

#include "ui/photos/save_dialog.h"

class QWidget;

namespace gpen::ui {

class ImageSession;

// Save and Save As for the session's results: picks the file and the format, asks for quality,
// never replaces an original photo without asking, and writes atomically with the original's
// metadata. Remembers each image's last target (what Save writes to) and whether its current
// result is saved. GUI thread only; the dialogs it shows are modal to `window`. The encoding runs
// on a thread of its own while the window goes on answering (busyChanged says when); save() and
// saveAs() return once the file is written.
class ResultSaver : public QObject {
    Q_OBJECT
  public:
    struct Format {
        QString name;          // "JPEG", for the filter
        QStringList suffixes;  // the first is the one added to a name without one
    };

    // Asks for a path to save to and its encoding: `filters` are the file dialog's name filters,
    // `selectedFilter` the suggested one on entry and the chosen one on return, `options` the last
    // choice on entry and the new one on return. Empty: cancelled. Tests replace it; unset (the
    // default), the one Save dialog asks (SaveDialog).
    using PathPrompt = std::function<QString(const QString& suggestion, const QStringList& filters,
                                             QString* selectedFilter, SaveOptions* options)>;

    ResultSaver(ImageSession* session, QWidget* window);

    // The formats OpenCV can write in this build (PNG, JPEG, TIFF, WebP where present).
    static QList<Format> formats();

    void setPathPrompt(PathPrompt prompt) { m_prompt = std::move(prompt); }

    // Writes to the image's last target without asking (unless it is the original photo), or
    // asks as saveAs does the first time. False when cancelled or failed (failures are shown).
    bool save(int index);
    bool saveAs(int index);
    // Photo → Save All Results: every result not saved yet, each to its last target, else beside
    // its original as NAME-restored.EXT when no such file exists (no dialog), else as saveAs asks.
    // Returns how many were written.
    int saveAll();

    QString target(int index) const { return m_targets.value(index).path; }
    // True while the image's current result is the one last written to its target.
    bool isSaved(int index) const { return m_saved.value(index, false); }
    // True when a result exists that was not saved since it changed.
    bool hasUnsaved(int index) const;
    // True while a file is being encoded and written.
    bool busy() const { return m_writing >= 0; }

  Q_SIGNALS:
    void saved(int index, const QString& path);
    void savedStateChanged(int index);
    // A write started (with the file's name) or ended; the window says so and keeps from closing
    // the photo meanwhile.
    void busyChanged(bool busy, const QString& fileName);

  private:
    struct Target {
        QString path;
        SaveOptions options;
    };
    QString suggestedPath(int index) const;
    QString promptWithDialog(const QString& suggestion, const QStringList& filters,
                             QString* selected, SaveOptions* options);
    bool confirmReplacingOriginal(int index, const QString& path);
    bool write(int index, const QString& path, const SaveOptions& options);
    void setSaved(int index, bool saved);

    ImageSession* m_session;
    QWidget* m_window;
    PathPrompt m_prompt;
    QHash<int, Target> m_targets;
    QHash<int, bool> m_saved;
    // The photo whose result is being written (-1: none), followed as photos before it close;
    // m_writtenStale: its result changed or it closed while the write ran, so it is not "saved".
    int m_writing = -1;
    bool m_writtenStale = false;
    QThreadPool m_encoder;  // one thread; last member, joined first
};

}  // namespace gpen::ui
