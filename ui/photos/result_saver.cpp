// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/result_saver.h"

#include <algorithm>
#include <functional>

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>

#include <opencv2/imgcodecs.hpp>

#include "gpen/pipeline/write_restored.h"
#include "ui/common/core_text.h"
#include "ui/common/image_convert.h"
#include "ui/photos/image_session.h"

namespace gpen::ui {
namespace {

const auto kLastDirKey = QStringLiteral("save/lastDir");

QString filterFor(const ResultSaver::Format& f) {
    QStringList patterns;
    for (const QString& s : f.suffixes) {
        patterns << QStringLiteral("*.") + s;
    }
    return ResultSaver::tr("%1 (%2)").arg(f.name, patterns.join(QLatin1Char(' ')));
}

const ResultSaver::Format* formatOfSuffix(const QList<ResultSaver::Format>& formats,
                                          const QString& suffix) {
    for (const auto& f : formats) {
        if (f.suffixes.contains(suffix.toLower())) return &f;
    }
    return nullptr;
}

bool samePath(const QString& a, const QString& b) {
    const QFileInfo fa(a);
    const QFileInfo fb(b);
    // canonicalFilePath is empty for a file that does not exist yet: it cannot be the original.
    return fa.exists() && fb.exists() && fa.canonicalFilePath() == fb.canonicalFilePath();
}

}  // namespace

ResultSaver::ResultSaver(ImageSession* session, QWidget* window)
    : QObject(window), m_session(session), m_window(window) {
    m_encoder.setMaxThreadCount(1);
    // A closed photo's records go; the later photos' move down with their entries.
    connect(m_session, &ImageSession::entryRemoved, this, [this](int removed) {
        const auto shift = [removed](auto& records) {
            std::remove_reference_t<decltype(records)> moved;
            for (auto it = records.cbegin(); it != records.cend(); ++it) {
                if (it.key() != removed)
                    moved.insert(it.key() > removed ? it.key() - 1 : it.key(), it.value());
            }
            records = std::move(moved);
        };
        shift(m_targets);
        shift(m_saved);
        if (m_writing == removed) m_writtenStale = true;
        if (m_writing > removed) --m_writing;
    });
    // A new result (a restore, a re-blend) is not on disk yet; the target stays for Save.
    connect(m_session, &ImageSession::resultChanged, this, [this](int index) {
        if (index == m_writing) m_writtenStale = true;
        setSaved(index, false);
    });
}

QList<ResultSaver::Format> ResultSaver::formats() {
    QList<Format> all = {{tr("PNG"), {QStringLiteral("png")}},
                         {tr("JPEG"), {QStringLiteral("jpg"), QStringLiteral("jpeg")}},
                         {tr("TIFF"), {QStringLiteral("tif"), QStringLiteral("tiff")}},
                         {tr("WebP"), {QStringLiteral("webp")}}};
    QList<Format> writable;
    for (const auto& f : all) {
        if (cv::haveImageWriter("x." + f.suffixes.front().toStdString())) writable << f;
    }
    return writable;
}

bool ResultSaver::hasUnsaved(int index) const {
    return index >= 0 && index < m_session->count() && !m_session->entry(index).result.isNull() &&
           !isSaved(index);
}

QString ResultSaver::suggestedPath(int index) const {
    const auto& e = m_session->entry(index);
    const auto formats = ResultSaver::formats();
    if (m_targets.contains(index)) return m_targets.value(index).path;
    if (!e.path.isEmpty()) {
        const QFileInfo original(e.path);
        // The original's format when it can be written, else PNG (lossless).
        const QString suffix =
            formatOfSuffix(formats, original.suffix()) ? original.suffix() : QStringLiteral("png");
        //: appended to a photo's file name for its restored copy ("Grandma-restored.jpg")
        return original.dir().filePath(original.completeBaseName() + tr("-restored") +
                                       QLatin1Char('.') + suffix);
    }
    QString dir = QSettings().value(kLastDirKey).toString();
    if (dir.isEmpty()) dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    return QDir(dir).filePath(tr("restored") + QStringLiteral(".png"));
}

bool ResultSaver::save(int index) {
    if (index < 0 || index >= m_session->count() || m_session->entry(index).result.isNull())
        return false;
    if (!m_targets.contains(index)) return saveAs(index);
    const Target t = m_targets.value(index);
    if (!confirmReplacingOriginal(index, t.path)) return false;
    return write(index, t.path, t.options);
}

int ResultSaver::saveAll() {
    int written = 0;
    for (int i = 0; i < m_session->count(); ++i) {
        if (!hasUnsaved(i)) continue;
        if (m_targets.contains(i)) {
            written += save(i) ? 1 : 0;
            continue;
        }
        const QString beside = suggestedPath(i);
        if (!m_session->entry(i).path.isEmpty() && !QFileInfo::exists(beside)) {
            const SaveOptions options = SaveOptions::load();
            if (write(i, beside, options)) {
                m_targets.insert(i, {beside, options});
                ++written;
            }
        } else {
            written += saveAs(i) ? 1 : 0;
        }
    }
    return written;
}

bool ResultSaver::saveAs(int index) {
    if (index < 0 || index >= m_session->count() || m_session->entry(index).result.isNull())
        return false;
    const auto formats = ResultSaver::formats();
    QStringList filters;
    for (const auto& f : formats) {
        filters << filterFor(f);
    }
    const QString suggestion = suggestedPath(index);
    const Format* suggested = formatOfSuffix(formats, QFileInfo(suggestion).suffix());
    QString selected = suggested ? filterFor(*suggested) : filters.value(0);
    SaveOptions options = SaveOptions::load();
    QString path = m_prompt ? m_prompt(suggestion, filters, &selected, &options)
                            : promptWithDialog(suggestion, filters, &selected, &options);
    if (path.isEmpty()) return false;

    // A name typed without a known extension gets the chosen filter's: the encoder goes by it.
    const Format* format = formatOfSuffix(formats, QFileInfo(path).suffix());
    if (!format) {
        const qsizetype chosen = filters.indexOf(selected);
        format = &formats.at(chosen >= 0 ? chosen : 0);
        path += QLatin1Char('.') + format->suffixes.front();
    }
    if (!confirmReplacingOriginal(index, path)) return false;

    options.save();
    if (!write(index, path, options)) return false;
    m_targets.insert(index, {path, options});
    QSettings().setValue(kLastDirKey, QFileInfo(path).absolutePath());
    return true;
}

QString ResultSaver::promptWithDialog(const QString& suggestion, const QStringList& filters,
                                      QString* selected, SaveOptions* options) {
    SaveDialog dialog(suggestion, filters, *selected, *options, m_window);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return QString();
    *selected = dialog.selectedNameFilter();
    *options = dialog.options();
    return dialog.selectedFiles().constFirst();
}

bool ResultSaver::confirmReplacingOriginal(int index, const QString& path) {
    const QString original = m_session->entry(index).path;
    if (original.isEmpty() || !samePath(original, path)) return true;
    return QMessageBox::question(
               m_window, tr("Replace the original?"),
               tr("%1 is the original photo. Replace it with the restored one? The original "
                  "cannot be recovered afterwards.")
                   .arg(QFileInfo(original).fileName()),
               QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
}

bool ResultSaver::write(int index, const QString& path, const SaveOptions& options) {
    const auto& e = m_session->entry(index);
    WriteRestoredParams params;
    params.quality = options.quality;
    params.pngCompression = options.pngCompression;
    params.copyMetadata = !e.path.isEmpty();
    // The restore's note: the networks that ran; strengths changed face by face are said too.
    QString note = e.processingNote;
    const bool perFace =
        std::any_of(e.facesAccepted.begin(), e.facesAccepted.end(), [](bool a) { return !a; }) ||
        std::adjacent_find(e.faceStrengths.begin(), e.faceStrengths.end(), std::not_equal_to<>()) !=
            e.faceStrengths.end();
    if (!note.isEmpty() && perFace) note += QStringLiteral("; strength set per face");
    params.processingNote = note.toStdString();
    // A RestoreJob's encode stage (writeRestored), on the original the session decoded when it
    // opened the photo (not read again) and the result as the engine made it (a view of its
    // pixels, not a conversion): a 16-bit scan is saved at 16 bits, a gray one as gray, its alpha
    // comes back and its metadata is copied; one atomic write. Encoding a 12-MP PNG takes most of a
    // second: it runs on the encoder thread, on shared copies of both images, while a local event
    // loop keeps the window answering.
    Expected<void> written;
    {
        const std::shared_ptr<const DecodedImage> original = e.decoded;
        const QImage result = e.result;
        const std::string originalPath = e.path.toStdString();
        m_writing = index;
        m_writtenStale = false;
        Q_EMIT busyChanged(true, QFileInfo(path).fileName());
        QEventLoop loop;
        m_encoder.start([&, target = path.toStdString()] {
            written = writeRestored(*original, originalPath, bgrOf(result), target, params);
            // Queued: delivered once exec() runs, even when the write ends before it starts.
            QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection);
        });
        // Also left when the application quits mid-write: the file is still finished, never cut.
        loop.exec(QEventLoop::ExcludeUserInputEvents);
        m_encoder.waitForDone();
        index = m_writing;
        m_writing = -1;
        Q_EMIT busyChanged(false, QString());
    }
    if (!written) {
        QMessageBox::warning(
            m_window, tr("Cannot save %1").arg(QFileInfo(path).fileName()),
            tr("%1 was not saved: %2")
                .arg(QDir::toNativeSeparators(path), CoreText::error(written.error())));
        return false;
    }
    if (index < 0) return true;  // written, but the photo closed meanwhile
    if (!m_writtenStale) setSaved(index, true);
    Q_EMIT saved(index, path);
    return true;
}

void ResultSaver::setSaved(int index, bool saved) {
    if (m_saved.value(index, false) == saved && m_saved.contains(index)) return;
    m_saved.insert(index, saved);
    Q_EMIT savedStateChanged(index);
}

}  // namespace gpen::ui
