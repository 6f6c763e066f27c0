// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

#include <string>

#include "gpen/base/expected.h"
#include "gpen/engine/model_state.h"

namespace gpen::ui {

// Core's words as the user reads them. Core speaks English and never Qt; its errors name the
// file and the detail ("GPEN-BFR-512.pth: tensor ... has shape [..], expected [..]"). Any thread
// (tr() is thread-safe once the translators are installed).
class CoreText {
    Q_DECLARE_TR_FUNCTIONS(gpen::ui::CoreText)

  public:
    // What went wrong, for the user: in a translated interface a sentence of the user's language
    // for the error's kind, after the name of the file or model it concerns ("photo.jpg: …"), with
    // no English and no folders in it; in English core's message, which names the file and says
    // what is wrong (for a model not installed, our sentence: core's names folders and a URL).
    static QString error(const Error& error);
    // Core's English message where error() does not show it (empty where it does): for a
    // message box's Details or a tooltip.
    static QString details(const Error& error);
    // A model that failed to load (ModelStatus::error and errorCode), as error() words it.
    static QString modelError(const ModelStatus& status);
    // Why a batch's file failed, was skipped or cancelled (FileRecord's error and errorCode), as
    // error() words it.
    static QString batchReason(const std::string& reason, ErrorCode code);
    // A pipeline stage ("background", "detection", "faces", "mask") in the user's language;
    // an unknown one as it is.
    static QString stage(const QString& stage);
    // A progress note of a running restore (Progress::note) in the user's language; an unknown
    // one as it is.
    static QString progressNote(const std::string& note);
    // The upscaler a model id is, as the user knows it ("Real-ESRGAN", "Real-ESRNet"); another
    // id as it is.
    static QString upscalerName(const QString& id);
    // A note of a finished restore (RestoreResult::notes) in the user's language; an unknown
    // one as it is.
    static QString note(const std::string& note);
    // A catalog entry's licence note in the user's language; an unknown one as it is.
    static QString licence(const std::string& licence);
};

}  // namespace gpen::ui
