#include "ui/image_session.h"

#include <QDir>
#include <QFileInfo>
#include <QImageReader>

namespace gpen::ui {

ImageSession::ImageSession(QObject* parent) : QObject(parent) {}

QStringList ImageSession::supportedSuffixes() {
    return {QStringLiteral("png"), QStringLiteral("jpg"), QStringLiteral("jpeg"), QStringLiteral("bmp"),
            QStringLiteral("tif"), QStringLiteral("tiff"), QStringLiteral("webp")};
}

int ImageSession::indexOfPath(const QString& path) const {
    const QString canonical = QFileInfo(path).canonicalFilePath();
    for (int i = 0; i < count(); ++i) {
        if (!m_entries[i].path.isEmpty() && QFileInfo(m_entries[i].path).canonicalFilePath() == canonical) {
            return i;
        }
    }
    return -1;
}

QString ImageSession::openFile(const QString& path) {
    if (indexOfPath(path) >= 0) {
        return {};
    }
    QImageReader reader(path);
    reader.setAutoTransform(true);  // EXIF orientation
    QImage image = reader.read();
    if (image.isNull()) {
        return tr("%1: %2").arg(QFileInfo(path).fileName(), reader.errorString());
    }
    m_entries.push_back({path, QFileInfo(path).fileName(), std::move(image), {}, {}, {}, {}});
    Q_EMIT entryAdded(count() - 1);
    return {};
}

QStringList ImageSession::open(const QStringList& paths) {
    QStringList problems;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (info.isDir()) {
            QStringList filters;
            for (const QString& s : supportedSuffixes()) {
                filters << QStringLiteral("*.") + s << QStringLiteral("*.") + s.toUpper();
            }
            const auto files = QDir(path).entryInfoList(filters, QDir::Files, QDir::Name);
            for (const QFileInfo& f : files) {
                if (const QString p = openFile(f.filePath()); !p.isEmpty()) {
                    problems << p;
                }
            }
        } else if (const QString p = openFile(path); !p.isEmpty()) {
            problems << p;
        }
    }
    return problems;
}

void ImageSession::addImage(const QImage& image, const QString& displayName) {
    m_entries.push_back({QString(), displayName, image, {}, {}, {}, {}});
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
}

void ImageSession::setFaceChoices(int index, const QList<double>& strengths, const QList<bool>& accepted) {
    Entry& e = m_entries[index];
    if (strengths.size() != e.faces.size() || accepted.size() != e.faces.size()) return;
    e.faceStrengths = strengths;
    e.facesAccepted = accepted;
}

void ImageSession::remove(int index) {
    if (index < 0 || index >= count()) return;
    m_entries.removeAt(index);
    Q_EMIT entryRemoved(index);
}

}  // namespace gpen::ui
