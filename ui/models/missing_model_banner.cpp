// SPDX-License-Identifier: Apache-2.0
#include "ui/models/missing_model_banner.h"

#include <algorithm>

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include "gpen/engine/embedded_upscaler.h"
#include "ui/bridge/engine_controller.h"
#include "ui/common/core_text.h"
#include "ui/photos/restore_panel.h"

namespace gpen::ui {

MissingModelBanner::MissingModelBanner(EngineController* engine, RestorePanel* panel,
                                       QWidget* parent)
    : QFrame(parent),
      m_engine(engine),
      m_text(new QLabel(this)),
      m_import(new QPushButton(tr("&Import…"), this)),
      m_download(new QPushButton(tr("Do&wnload…"), this)) {
    setObjectName(QStringLiteral("missingModelBanner"));
    setFrameShape(QFrame::StyledPanel);
    setStyleSheet(
        QStringLiteral("#missingModelBanner { background: #fff4ce; border: 1px solid #e0c36c; }"
                       "#missingModelBanner QLabel { color: #3b2f00; }"));
    setAccessibleName(tr("Missing model"));
    m_text->setWordWrap(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_import);
    layout->addWidget(m_download);
    connect(m_import, &QPushButton::clicked, this, [this] {
        if (!m_offered.isEmpty()) Q_EMIT importRequested(m_offered);
    });
    connect(m_download, &QPushButton::clicked, this, [this] {
        if (!m_offered.isEmpty()) Q_EMIT downloadRequested(m_offered);
    });
    if (m_engine) {
        connect(m_engine, &EngineController::modelStatusChanged, this,
                &MissingModelBanner::refresh);
        connect(m_engine, &EngineController::restarted, this, &MissingModelBanner::refresh);
    }
    if (panel) {
        connect(panel, &RestorePanel::optionsChanged, this,
                [this, panel] { setNeededModels(neededModels(panel->options())); });
        m_needed = neededModels(panel->options());
    }
    refresh();
}

QStringList MissingModelBanner::neededModels(const RestoreOptions& options) {
    QStringList ids;
    if (!options.faceModel.isEmpty()) ids << options.faceModel;  // empty: upscale only
    if (options.backgroundScale > 1) {
        // Satisfied by Real-ESRGAN too (refresh looks at both).
        ids << QStringLiteral("realesrnet_x%1").arg(options.backgroundScale);
    }
    if (options.detector == QStringLiteral("retinaface")) {
        ids << QStringLiteral("RetinaFace-R50");
    }
    return ids;
}

void MissingModelBanner::setNeededModels(const QStringList& ids) {
    m_needed = ids;
    refresh();
}

void MissingModelBanner::refresh() {
    m_missing.clear();
    m_offered.clear();
    if (!m_engine) {
        setVisible(false);
        return;
    }
    const auto& statuses = m_engine->statuses();
    // A model the engine has not reported yet is not called missing: at start-up the first
    // states arrive a moment after the window shows.
    auto notInstalled = [&](const QString& id) {
        const auto it = statuses.constFind(id);
        return it != statuses.constEnd() && it->state == ModelState::NotInstalled;
    };
    auto failed = [&](const QString& id) {
        const auto it = statuses.constFind(id);
        return it != statuses.constEnd() && it->state == ModelState::Failed;
    };
    for (const QString& id : m_needed) {
        if (id.startsWith(QLatin1String("realesrnet_x"))) {
            const QString builtIn = QString::fromStdString(builtInUpscalerId(id.mid(12).toInt()));
            if (!builtIn.isEmpty() && statuses.contains(builtIn) && !notInstalled(builtIn))
                continue;
        }
        if (notInstalled(id)) {
            m_missing = m_offered = id;
            break;
        }
    }
    const bool noFaceModel =
        !statuses.isEmpty() && std::none_of(statuses.begin(), statuses.end(), [](const auto& s) {
            return s.kind == ModelKind::GpenFace && s.state != ModelState::NotInstalled;
        });
    // A model whose file is there but cannot be loaded (damaged, cut short, another network): the
    // one this restore needs first, else any (the preload found it at launch).
    QString broken;
    for (const QString& id : m_needed) {
        if (broken.isEmpty() && failed(id)) broken = id;
    }
    for (auto it = statuses.cbegin(); broken.isEmpty() && it != statuses.cend(); ++it) {
        if (it->state == ModelState::Failed) broken = it.key();
    }
    m_damaged = m_missing.isEmpty() ? broken : QString();
    m_download->setText(m_damaged.isEmpty() ? tr("Do&wnload…") : tr("Do&wnload Again…"));
    if (!m_missing.isEmpty()) {
        m_text->setText(tr("The model %1 is not installed: import its .pth file or download it.")
                            .arg(m_missing));
    } else if (!m_damaged.isEmpty()) {
        m_offered = m_damaged;
        m_text->setText(tr("The model %1 cannot be loaded: %2. Download it again or import a good "
                           "copy of its file.")
                            .arg(m_damaged, CoreText::modelError(statuses.value(m_damaged))));
    } else if (noFaceModel) {
        // The first run: said once, here, rather than failing at Restore.
        m_offered = QStringLiteral("GPEN-BFR-512");
        m_text->setText(tr("No face model is installed: Restore upscales the photo and leaves "
                           "faces as they are. A GPEN "
                           "face model restores faces (the authors released the weights for "
                           "academic and non-commercial "
                           "use only): download %1 or import its .pth file.")
                            .arg(m_offered));
    }
    setVisible(!m_offered.isEmpty());
}

}  // namespace gpen::ui
