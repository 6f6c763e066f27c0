// SPDX-License-Identifier: Apache-2.0
#include "ui/common/core_text.h"

#include <charconv>
#include <string_view>

#include <QLocale>
#include <QRegularExpression>

#include "gpen/batch/batch_report.h"
#include "gpen/engine/model_catalog.h"
#include "gpen/pipeline/progress.h"
#include "gpen/pipeline/restore_pipeline.h"

namespace gpen::ui {
namespace {

// Reading a note that carries numbers: `text` loses `word` from its front (false when it does not
// begin with it), or the number at its front, read into `value`.
bool skip(std::string_view& text, std::string_view word) {
    if (!text.starts_with(word)) return false;
    text.remove_prefix(word.size());
    return true;
}
template <typename T>
bool read(std::string_view& text, T& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc()) return false;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return true;
}

// QT_TRANSLATE_NOOP keeps the English sentences where lupdate sees them; tr() below looks them
// up in the installed translation.
const char* kindSentence(ErrorCode code) {
    switch (code) {
        case ErrorCode::Io:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText",
                                     "The file could not be read or written.");
        case ErrorCode::NoSpace:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText", "The disk is full.");
        case ErrorCode::NotACheckpoint:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText", "This is not a model file.");
        case ErrorCode::Truncated:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText",
                                     "The file ends early: part of it is missing.");
        case ErrorCode::UnsupportedGlobal:
            return QT_TRANSLATE_NOOP(
                "gpen::ui::CoreText",
                "The model file contains code that is not allowed; it was not loaded.");
        case ErrorCode::Malformed:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText", "The file is damaged.");
        case ErrorCode::MissingTensor:
        case ErrorCode::ShapeMismatch:
        case ErrorCode::UnsupportedArchitecture:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText",
                                     "The model file does not match a supported network.");
        case ErrorCode::NonFinite:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText", "The model file holds corrupt values.");
        case ErrorCode::InvalidArgument:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText",
                                     "This cannot be done with these settings or this file.");
        case ErrorCode::TooLarge:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText",
                                     "The photo is larger than the largest photo set in Settings.");
        case ErrorCode::OutOfMemory:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText", "Not enough memory.");
        case ErrorCode::Device:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText", "The compute device failed.");
        case ErrorCode::Network:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText", "The download failed.");
        case ErrorCode::Checksum:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText",
                                     "The downloaded file is not the released one.");
        case ErrorCode::Cancelled:
            return QT_TRANSLATE_NOOP("gpen::ui::CoreText", "Cancelled.");
        case ErrorCode::NotInstalled:
            return QT_TRANSLATE_NOOP(
                "gpen::ui::CoreText",
                "This model is not installed: Tools → Models downloads or imports it.");
        case ErrorCode::NotAnImage:
            return QT_TRANSLATE_NOOP(
                "gpen::ui::CoreText",
                "This is not a photo that can be opened (PNG, JPEG, TIFF, WebP or BMP).");
        case ErrorCode::Internal:
            break;
    }
    return QT_TRANSLATE_NOOP("gpen::ui::CoreText", "Internal error.");
}

// The file or model a message of core's is about: core names it first ("photo.jpg: ...",
// withContext), as a path, a file name or a model's id. What stands before the first ": " is one
// when it has no space or ends in a file extension (a sentence is neither); only its file name is
// kept, the folders stay in the details.
QString subjectOf(const QString& message) {
    const qsizetype colon = message.indexOf(QLatin1String(": "));
    if (colon <= 0) return {};
    const QString head = message.left(colon);
    static const QRegularExpression extension(QStringLiteral("\\.[A-Za-z0-9]{1,5}$"));
    if (head.contains(QLatin1Char(' ')) && !extension.match(head).hasMatch()) return {};
    return head.mid(head.lastIndexOf(QLatin1Char('/')) + 1);
}

}  // namespace

QString CoreText::error(const Error& error) {
    const QString detail = QString::fromStdString(error.message);
    const char* sentence = kindSentence(error.code);
    const QString translated = tr(sentence);
    // In English core's own message says it (it names the file and what is wrong), except where
    // its words are for a log (where to put a model file, its URL): those get our sentence too.
    const bool english = translated == QLatin1String(sentence);
    if (english && error.code != ErrorCode::NotInstalled) return detail;
    const QString subject = subjectOf(detail);
    //: %1 is the file or model the error concerns (photo.jpg, GPEN-BFR-512), %2 what is wrong
    return subject.isEmpty() ? translated : tr("%1: %2").arg(subject, translated);
}

QString CoreText::details(const Error& error) {
    const QString detail = QString::fromStdString(error.message);
    return CoreText::error(error) == detail ? QString() : detail;
}

QString CoreText::batchReason(const std::string& reason, ErrorCode code) {
    if (reason == kSkippedOutputExists) return tr("Its output exists already: left as it is");
    if (reason == kCancelledWhileRunning) return tr("Cancelled while it was being restored");
    if (reason == kCancelledBeforeStart) return tr("Cancelled before it was started");
    return error(Error{code, reason});
}

QString CoreText::modelError(const ModelStatus& status) {
    return status.error.empty() ? QString() : error(Error{status.errorCode, status.error});
}

QString CoreText::stage(const QString& stage) {
    if (stage == QLatin1String("background")) return tr("Background");
    if (stage == QLatin1String("detection")) return tr("Face detection");
    if (stage == QLatin1String("faces")) return tr("Face restoration");
    if (stage == QLatin1String("mask")) return tr("Face masks");
    if (stage == QLatin1String("identity")) return tr("Identity check");
    return stage;
}

QString CoreText::note(const std::string& note) {
    if (note == kNoteDlibFallback)
        return tr(
            "RetinaFace-R50 is not installed: detecting faces with the built-in dlib detector");
    const std::string_view suffix = kNoteRectangleMaskSuffix;
    // The notes below carry core's English reason: the user reads which file could not be used
    // (core's whole words are in the log and the saved file's note).
    if (note.size() > suffix.size() && note.ends_with(suffix)) {
        const QString subject =
            subjectOf(QString::fromStdString(note.substr(0, note.size() - suffix.size())));
        //: %1 is the face parser's file or model (ParseNet-latest.pth)
        return tr("%1 could not be used: faces blended with the rectangle mask")
            .arg(subject.isEmpty() ? QStringLiteral("ParseNet") : subject);
    }
    if (note == kNoteNoFaceModel) return tr("No face model used: faces left as they are");
    if (note.starts_with(kNoteIdentityUnavailablePrefix)) {
        const QString subject =
            subjectOf(QString::fromStdString(note.substr(kNoteIdentityUnavailablePrefix.size())));
        if (subject.isEmpty()) return tr("Identity check unavailable");
        //: %1 is the identity descriptor's file or model that could not be loaded
        return tr("Identity check unavailable: %1 could not be used").arg(subject);
    }
    if (note == kNoteRestStaysGray) {
        return tr(
            "Faces colorized; the rest of the photo stays gray (no whole-photo colorizer is "
            "available)");
    }
    if (note == kNoteRestTinted)
        return tr("Faces colorized; the rest of the photo toned with their average colour");
    // "damage repaired: 0.84 % of the photo in 132 areas"
    if (std::string_view rest = note; skip(rest, kNoteDamageRepairedPrefix)) {
        double share = 0;
        int areas = 0;
        if (read(rest, share) && skip(rest, " % of the photo in ") && read(rest, areas) &&
            rest == " areas") {
            //: %1 is the share of the photo's pixels, %n the number of damaged areas filled
            return tr("Damage repaired: %1 % of the photo in %n area(s)", nullptr, areas)
                .arg(QLocale().toString(share, 'f', 2));
        }
    }
    if (note == kNoteNoDamageFound) return tr("No damage found");
    // "damage not repaired: what was found covers 37.20 % of the photo, too much to be damage"
    if (std::string_view rest = note; skip(rest, kNoteFoundDamageRefusedPrefix)) {
        double share = 0;
        if (read(rest, share) && rest == kNoteFoundDamageRefusedSuffix) {
            //: %1 is the share of the photo that the damage finder marked
            return tr("Damage not repaired: what was found covers %1 % of the photo, too much to "
                      "be damage")
                .arg(QLocale().toString(share, 'f', 2));
        }
    }
    if (note == kNoteFinishedByEarlierRun)
        return tr("Restored by the earlier run, which stopped before recording its details");
    // "background upscaled x2 by realesrnet_x2"
    if (note.starts_with(kNoteBackgroundPrefix)) {
        const std::string rest = note.substr(kNoteBackgroundPrefix.size());
        const auto by = rest.find(" by ");
        if (by != std::string::npos) {
            //: %1 is the scale (2, 4), %2 the upscaler's name (realesrgan-x4fast, realesrnet_x2)
            return tr("Background upscaled x%1 with %2")
                .arg(QString::fromStdString(rest.substr(0, by)),
                     QString::fromStdString(rest.substr(by + 4)));
        }
    }
    return QString::fromStdString(note);
}

QString CoreText::progressNote(const std::string& note) {
    std::string_view rest = note;
    if (skip(rest, kProgressLoadingPrefix))
        return tr("Loading %1…").arg(upscalerName(QString::fromUtf8(rest.data(), rest.size())));
    // "out of memory at tile 512: halved to 256 and started again"
    if (int from = 0, to = 0; skip(rest, kProgressTileHalvedPrefix) && read(rest, from) &&
                              skip(rest, kProgressTileHalvedMiddle) && read(rest, to) &&
                              rest == kProgressTileHalvedSuffix) {
        //: %1 and %2 are tile sizes in pixels
        return tr("Not enough memory for tiles of %1 px: starting again with %2 px")
            .arg(from)
            .arg(to);
    }
    return QString::fromStdString(note);
}

QString CoreText::upscalerName(const QString& id) {
    if (id.startsWith(QLatin1String("realesrnet"))) return QStringLiteral("Real-ESRNet");
    if (id.startsWith(QLatin1String("realesrgan"))) return QStringLiteral("Real-ESRGAN");
    return id;
}

QString CoreText::licence(const std::string& licence) {
    if (licence == kGpenLicenceNote)
        return tr(
            "The reference authors released the GPEN weights for academic and non-commercial use.");
    return QString::fromStdString(licence);
}

}  // namespace gpen::ui
