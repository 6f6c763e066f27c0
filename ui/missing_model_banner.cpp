#include "ui/missing_model_banner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include "ui/engine_controller.h"
#include "ui/restore_panel.h"

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
        if (!m_missing.isEmpty()) Q_EMIT importRequested(m_missing);
    });
    connect(m_download, &QPushButton::clicked, this, [this] {
        if (!m_missing.isEmpty()) Q_EMIT downloadRequested(m_missing);
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
    QStringList ids{options.faceModel};
    if (options.backgroundScale > 1) {
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
    if (m_engine) {
        for (const QString& id : m_needed) {
            // A model the engine has not reported yet is not called missing: at start-up the
            // first states arrive a moment after the window shows.
            const auto it = m_engine->statuses().constFind(id);
            if (it != m_engine->statuses().constEnd() && it->state == ModelState::NotInstalled) {
                m_missing = id;
                break;
            }
        }
    }
    if (!m_missing.isEmpty()) {
        m_text->setText(tr("The model %1 is not installed: import its .pth file or download it.")
                            .arg(m_missing));
    }
    setVisible(!m_missing.isEmpty());
}

}  // namespace gpen::ui
