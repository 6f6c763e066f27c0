// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/restore_model_choices.h"

#include <QComboBox>
#include <QSettings>
#include <QSignalBlocker>
#include <QStyle>

#include <algorithm>

#include "gpen/engine/embedded_upscaler.h"
#include "ui/bridge/engine_controller.h"
#include "ui/common/core_text.h"
#include "ui/photos/restore_panel.h"

namespace gpen::ui {

RestoreModelChoices::RestoreModelChoices(EngineController* engine, RestorePanel* panel,
                                         QObject* parent)
    : QObject(parent), m_engine(engine), m_panel(panel) {
    QComboBox* box = m_panel->faceModelBox();
    connect(box, &QComboBox::currentIndexChanged, this, [this, box] {
        if (m_updating) return;
        // The user's pick (or a caller's setFaceModel): kept from now on, and remembered (the
        // restore model; a head is simply the installed one of its task).
        m_userChose = true;
        if (m_panel->task() == QLatin1String("restore")) {
            QSettings().setValue(QLatin1String(kFaceModelKey), box->currentData().toString());
        }
    });
    // Another task offers its own models.
    connect(m_panel, &RestorePanel::taskChanged, this, [this] {
        m_userChose = false;
        refresh();
    });
    if (m_engine) {
        connect(m_engine, &EngineController::modelStatusChanged, this,
                [this](const gpen::ModelStatus& s) {
                    if (s.kind == ModelKind::GpenFace || s.kind == ModelKind::Background) refresh();
                });
        connect(m_engine, &EngineController::restarted, this, &RestoreModelChoices::refresh);
        connect(m_panel->backgroundBox(), &QComboBox::currentIndexChanged, this, [this] {
            if (!m_updating) m_scaleChosen = true;
        });
        connect(m_engine, &EngineController::modelsKnownChanged, this,
                &RestoreModelChoices::defaultScale);
        // A model chosen (by the user, or as the installed one of a task just picked) loads and
        // warms up now, in the background: Restore then starts at once.
        connect(box, &QComboBox::currentIndexChanged, this,
                [this, box] { m_engine->prefetch(box->currentData().toString()); });
        const auto prefetchUpscaler = [this] {
            const int scale = m_panel->backgroundBox()->currentData().toInt();
            const QString chosen = m_panel->upscalerBox()->currentData().toString();
            if (scale > 1)
                m_engine->prefetch(chosen == QLatin1String("auto") ? backgroundModel(scale)
                                                                   : chosen);
        };
        connect(m_panel->backgroundBox(), &QComboBox::currentIndexChanged, this, prefetchUpscaler);
        connect(m_panel->upscalerBox(), &QComboBox::currentIndexChanged, this, prefetchUpscaler);
    }
    refresh();
}

bool RestoreModelChoices::installed(const QString& id) const {
    if (!m_engine) return false;
    const auto it = m_engine->statuses().constFind(id);
    return it != m_engine->statuses().constEnd() && it->state != ModelState::NotInstalled;
}

void RestoreModelChoices::defaultScale() {
    // Decided once the engine has listed the models folders, moments after start and before the
    // preload loads anything (a choice that changed seconds later would look like the app
    // changing the user's settings): before that a face model may not have been reported yet.
    if (m_scaleChosen || !m_engine->modelsKnown() ||
        !m_panel->faceModelBox()->currentData().toString().isEmpty() ||
        backgroundModel(2).isEmpty()) {
        return;
    }
    m_scaleChosen = true;
    if (m_panel->backgroundBox()->currentData().toInt() <= 1) m_panel->setBackgroundScale(2);
}

QString RestoreModelChoices::backgroundModel(int scale) const {
    for (const QString& id : {QStringLiteral("realesrnet_x%1").arg(scale),
                              QString::fromStdString(builtInUpscalerId(scale))}) {
        if (id.isEmpty()) continue;
        if (installed(id)) return id;
    }
    return {};
}

void RestoreModelChoices::refresh() {
    if (!m_engine) return;
    QStringList present;
    QStringList absent;
    const QString task = m_panel->task();
    const ModelCatalog catalog = ModelCatalog::released();
    for (const auto& s : m_engine->statuses()) {
        // The face models of the panel's task only: a colorizer is no restorer. A GPEN file the
        // catalog does not know may be any head: offered for every task.
        if (s.kind != ModelKind::GpenFace) continue;
        if (QLatin1String(faceTaskName(s.task)) != task && catalog.find(s.id)) continue;
        (s.state == ModelState::NotInstalled ? absent : present) << QString::fromStdString(s.id);
    }
    // Catalog order (GPEN-BFR-512 first), recognised files by name after them.
    auto rank = [&](const QString& id) {
        const auto& e = catalog.entries();
        const auto it = std::find_if(e.begin(), e.end(),
                                     [&](const ModelEntry& m) { return m.id == id.toStdString(); });
        return it == e.end() ? e.size() : static_cast<std::size_t>(it - e.begin());
    };
    auto order = [&](const QString& a, const QString& b) {
        return rank(a) != rank(b) ? rank(a) < rank(b) : a < b;
    };
    std::sort(present.begin(), present.end(), order);
    std::sort(absent.begin(), absent.end(), order);
    if (present.isEmpty() && absent.isEmpty()) return;  // the engine has not reported yet

    QComboBox* box = m_panel->faceModelBox();
    const QString before = box->currentData().toString();
    QString wanted = before;
    const bool restoring = task == QLatin1String("restore");
    if (!m_userChose) {
        const QVariant remembered =
            restoring ? QSettings().value(QLatin1String(kFaceModelKey)) : QVariant();
        if (remembered.isValid() &&
            (remembered.toString().isEmpty() || present.contains(remembered.toString()))) {
            wanted = remembered.toString();
        } else {
            wanted = present.isEmpty() ? QString() : present.first();
        }
    }
    m_updating = true;
    {
        const QSignalBlocker block(box);
        box->clear();
        for (const QString& id : present) {
            const auto status = m_engine->statuses().value(id);
            if (status.state == ModelState::Failed) {
                box->addItem(box->style()->standardIcon(QStyle::SP_MessageBoxWarning),
                             tr("%1 (cannot be loaded)").arg(id), id);
                box->setItemData(box->count() - 1, CoreText::modelError(status), Qt::ToolTipRole);
            } else {
                box->addItem(id, id);
            }
        }
        for (const QString& id : absent) box->addItem(tr("%1 (not installed)").arg(id), id);
        // Upscaling alone is a restore without faces; colourising or repairing needs its model.
        if (restoring) box->addItem(tr("None (upscale only)"), QString());
        const int i = box->findData(wanted);
        box->setCurrentIndex(i >= 0 ? i : 0);
    }
    QComboBox* scales = m_panel->backgroundBox();
    for (int i = 0; i < scales->count(); ++i) {
        const int scale = scales->itemData(i).toInt();
        if (scale <= 1) continue;
        const QString id = backgroundModel(scale);
        const QString by = id.isEmpty() ? tr("not installed") : CoreText::upscalerName(id);
        scales->setItemText(i, tr("%1× (%2)").arg(scale).arg(by));
    }
    m_updating = false;
    // The list chose another model (a task's head, the first one installed): it loads now. Not on
    // every refresh: a model the cache released when idle stays released until it is chosen.
    if (box->currentData().toString() != before) m_engine->prefetch(box->currentData().toString());
    Q_EMIT m_panel->optionsChanged();
}

}  // namespace gpen::ui
