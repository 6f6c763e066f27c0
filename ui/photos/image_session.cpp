// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/image_session.h"

#include <QDir>
#include <QFileInfo>
#include <QSemaphore>

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "ui/common/core_text.h"
#include "ui/common/image_convert.h"
#include "ui/common/job_ids.h"

namespace gpen::ui {
namespace {

constexpr int kThumbnailSize = 64;

// The list's thumbnail, area-averaged from core's pixels straight to its small size: QImage's
// smooth scaling first converts the whole photo to 32 bits (48 MB more at 12 MP, per photo).
QImage thumbnailOf(const cv::Mat& bgr) {
    const double scale =
        std::min(1.0, static_cast<double>(kThumbnailSize) / std::max(bgr.cols, bgr.rows));
    cv::Mat small;
    cv::resize(bgr, small,
               cv::Size(std::max(1, static_cast<int>(std::lround(bgr.cols * scale))),
                        std::max(1, static_cast<int>(std::lround(bgr.rows * scale)))),
               0, 0, cv::INTER_AREA);
    return fromBgrMat(small);
}

// What a decoded photo's pixels hold, in every layout kept (the 8-bit view shares the first).
std::uint64_t pixelBytes(const DecodedImage& d) {
    std::uint64_t bytes = 0;
    for (const cv::Mat* m : {&d.bgr8, &d.alpha, &d.bgr16}) bytes += m->total() * m->elemSize();
    return bytes;
}

QString canonical(const QString& path) {
    const QString c = QFileInfo(path).canonicalFilePath();
    return c.isEmpty() ? QFileInfo(path).absoluteFilePath() : c;
}

}  // namespace

ImageSession::ImageSession(QObject* parent) : QObject(parent) {
    m_decoder.setMaxThreadCount(1);
    m_reloader.setMaxThreadCount(1);
}

ImageSession::~ImageSession() {
    m_closing->store(true);
    m_decoder.waitForDone();  // at most the one file being decoded
    m_reloader.waitForDone();
}

std::uint64_t ImageSession::residentBytes() const {
    std::uint64_t total = 0;
    for (const Entry& e : m_entries) total += e.decoded ? pixelBytes(*e.decoded) : 0;
    return total;
}

void ImageSession::setMaxMegapixels(int megapixels) {
    m_readParams.maxPixels = static_cast<std::uint64_t>(megapixels) * 1'000'000;
}

void ImageSession::setResidentBudget(std::uint64_t bytes) {
    m_budget = bytes;
    releaseBeyondBudget();
}

bool ImageSession::carriesWork(const Entry& e) {
    // A pasted or generated image has no file to read it from again.
    return e.path.isEmpty() || !e.result.isNull() || !e.faces.isEmpty() || !e.damageMask.isNull();
}

void ImageSession::releaseBeyondBudget() {
    std::uint64_t total = residentBytes();
    while (total > m_budget) {
        int victim = -1;
        for (int i = 0; i < count(); ++i) {
            const Entry& e = m_entries[i];
            if (!e.decoded || i == m_inView || carriesWork(e)) continue;
            if (victim < 0 || e.lastUsed < m_entries[victim].lastUsed) victim = i;
        }
        if (victim < 0) return;
        Entry& e = m_entries[victim];
        total -= pixelBytes(*e.decoded);
        e.original = QImage();
        e.decoded.reset();
    }
}

void ImageSession::use(int index) {
    if (index < 0 || index >= count()) return;
    m_inView = index;
    Entry& e = m_entries[index];
    e.lastUsed = ++m_useClock;
    if (e.decoded || e.loading || e.path.isEmpty()) return;
    e.loading = true;
    e.loadProblem.clear();
    const QString path = e.path;
    auto closing = m_closing;
    m_reloader.start([this, closing, path, params = m_readParams] {
        if (closing->load()) return;
        auto decoded = readImage(std::filesystem::path(path.toStdString()), params);
        std::shared_ptr<const DecodedImage> pixels;
        QString problem;
        if (decoded) {
            pixels = std::make_shared<const DecodedImage>(std::move(*decoded));
        } else {
            problem = CoreText::error(decoded.error());
        }
        QMetaObject::invokeMethod(this, [this, path, pixels = std::move(pixels), problem] {
            // By path: photos may have been closed (and the rest moved up) meanwhile.
            const int i = indexOfPath(path);
            if (i < 0) return;
            Entry& entry = m_entries[i];
            entry.loading = false;
            entry.loadProblem = problem;
            if (pixels && !entry.decoded) {
                entry.decoded = pixels;
                entry.original = viewOf(pixels->bgr8);
                releaseBeyondBudget();
            }
            Q_EMIT entryLoaded(i);
        });
    });
}

QStringList ImageSession::supportedSuffixes() {
    return {QStringLiteral("png"), QStringLiteral("jpg"), QStringLiteral("jpeg"),
            QStringLiteral("bmp"), QStringLiteral("tif"), QStringLiteral("tiff"),
            QStringLiteral("webp")};
}

QStringList ImageSession::imagesIn(const QString& folder) {
    QStringList filters;
    for (const QString& s : supportedSuffixes()) {
        filters << QStringLiteral("*.") + s << QStringLiteral("*.") + s.toUpper();
    }
    QStringList files;
    for (const QFileInfo& f : QDir(folder).entryInfoList(filters, QDir::Files, QDir::Name)) {
        files << f.filePath();
    }
    return files;
}

int ImageSession::indexOfPath(const QString& path) const {
    const QString c = canonical(path);
    for (int i = 0; i < count(); ++i) {
        if (!m_entries[i].path.isEmpty() && canonical(m_entries[i].path) == c) {
            return i;
        }
    }
    return -1;
}

quint64 ImageSession::open(const QStringList& paths) {
    const quint64 id = nextJobId();
    QStringList files;
    for (const QString& path : paths) {
        for (const QString& file : QFileInfo(path).isDir() ? imagesIn(path) : QStringList{path}) {
            const QString c = canonical(file);
            if (indexOfPath(file) < 0 && !m_pending.contains(c)) {
                m_pending.insert(c);
                files << file;
            }
        }
    }
    ++m_openJobs;
    // Decoded one by one on the decode thread; each photo comes back as a queued call, so the
    // list fills while the rest decode. The destructor joins this thread before the QObject
    // goes, and a call still queued then is discarded with the object's events.
    auto closing = m_closing;
    // At most one decoded photo on its way to the GUI thread: a folder of large scans decodes
    // faster than a busy GUI thread takes them in, and each waiting in its queue holds its whole
    // pixels (36 MB at 12 MP) before the budget can release them.
    auto inFlight = std::make_shared<QSemaphore>(1);
    m_decoder.start([this, closing, inFlight, files, id, params = m_readParams] {
        QStringList problems, details;
        for (const QString& file : files) {
            if (closing->load()) return;
            Entry e{file, QFileInfo(file).fileName(), {}, {}, {}, {}};
            auto decoded = readImage(std::filesystem::path(file.toStdString()), params);
            if (decoded) {
                e.original = viewOf(decoded->bgr8);  // a view of core's pixels, not a copy
                e.thumbnail = thumbnailOf(decoded->bgr8);
                e.decoded = std::make_shared<const DecodedImage>(std::move(*decoded));
            } else {
                problems << CoreText::error(decoded.error());  // in the user's language
                details << QString::fromStdString(decoded.error().message);
            }
            // Waiting for the GUI thread, never past the session's end (the destructor joins
            // this thread: a wait that ignored `closing` would hang it).
            while (!inFlight->tryAcquire(1, 50)) {
                if (closing->load()) return;
            }
            QMetaObject::invokeMethod(this, [this, inFlight, file, e = std::move(e)]() mutable {
                m_pending.remove(canonical(file));
                if (!e.original.isNull()) addDecoded(std::move(e));
                inFlight->release();
            });
        }
        QMetaObject::invokeMethod(this, [this, id, problems, details] {
            --m_openJobs;
            Q_EMIT openFinished(id, problems, details);
        });
    });
    return id;
}

void ImageSession::addDecoded(Entry entry) {
    if (indexOfPath(entry.path) >= 0) return;
    entry.size = entry.original.size();
    entry.lastUsed = ++m_useClock;
    m_entries.push_back(std::move(entry));
    Q_EMIT entryAdded(count() - 1);
    // After the window has seen it (and made the first one current): a large folder keeps only
    // what fits the budget, plus every thumbnail.
    releaseBeyondBudget();
}

void ImageSession::addImage(const QImage& image, const QString& displayName) {
    addImage(toBgrMat(image), displayName);
}

void ImageSession::addImage(cv::Mat bgr8, const QString& displayName) {
    // An image made here is its own original (8-bit colour, no file, no metadata).
    auto decoded = std::make_shared<DecodedImage>();
    decoded->bgr8 = std::move(bgr8);
    const QImage view = viewOf(decoded->bgr8);
    m_entries.push_back(
        {QString(), displayName, view, thumbnailOf(decoded->bgr8), {}, std::move(decoded)});
    m_entries.back().size = view.size();
    m_entries.back().lastUsed = ++m_useClock;
    Q_EMIT entryAdded(count() - 1);
}

void ImageSession::setResult(int index, const QImage& result) {
    m_entries[index].result = result;
    Q_EMIT resultChanged(index);
}

void ImageSession::setFaces(int index, const QList<RestoredFaceView>& faces, double strength) {
    Entry& e = m_entries[index];
    e.faces = faces;
    e.faceStrengths = QList<double>(faces.size(), strength);
    e.facesAccepted = QList<bool>(faces.size(), true);
    e.undo.clear();
    e.redo.clear();
}

void ImageSession::setFaceIdentity(int index, const QList<double>& scores) {
    Entry& e = m_entries[index];
    if (scores.size() != e.faces.size()) return;
    for (int i = 0; i < scores.size(); ++i) e.faces[i].identity = scores[i];
}

void ImageSession::setFaceChoices(int index, const QList<double>& strengths,
                                  const QList<bool>& accepted) {
    Entry& e = m_entries[index];
    if (strengths.size() != e.faces.size() || accepted.size() != e.faces.size()) return;
    if (strengths == e.faceStrengths && accepted == e.facesAccepted) return;
    e.undo.push_back({e.faceStrengths, e.facesAccepted});
    e.redo.clear();
    e.faceStrengths = strengths;
    e.facesAccepted = accepted;
}

bool ImageSession::stepFaceChoices(int index, bool back) {
    Entry& e = m_entries[index];
    QList<Entry::FaceChoices>& from = back ? e.undo : e.redo;
    QList<Entry::FaceChoices>& to = back ? e.redo : e.undo;
    if (from.isEmpty()) return false;
    to.push_back({e.faceStrengths, e.facesAccepted});
    const Entry::FaceChoices step = from.takeLast();
    e.faceStrengths = step.strengths;
    e.facesAccepted = step.accepted;
    return true;
}

void ImageSession::revert(int index) {
    Entry& e = m_entries[index];
    e.faces.clear();
    e.faceStrengths.clear();
    e.facesAccepted.clear();
    e.undo.clear();
    e.redo.clear();
    e.processingNote.clear();
    e.summary.clear();
    e.repairedMask = QImage();
    setResult(index, QImage());
}

void ImageSession::remove(int index) {
    if (index < 0 || index >= count()) return;
    m_entries.removeAt(index);
    if (m_inView == index) {
        m_inView = -1;
    } else if (m_inView > index) {
        --m_inView;
    }
    Q_EMIT entryRemoved(index);
}

}  // namespace gpen::ui
