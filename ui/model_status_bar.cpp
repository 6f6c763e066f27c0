#include "ui/model_status_bar.h"

#include <QHBoxLayout>
#include <QLabel>

namespace gpen::ui {
namespace {

QColor stateColour(ModelState state) {
    switch (state) {
        case ModelState::Ready: return {0x2e, 0xa0, 0x43};
        case ModelState::Loading: return {0xd9, 0x8e, 0x04};
        case ModelState::Failed: return {0xd1, 0x24, 0x2f};
        case ModelState::Installed: return {0x57, 0x80, 0xb0};
        case ModelState::Evicted:
        case ModelState::NotInstalled: break;
    }
    return {0x8a, 0x8a, 0x8a};
}

QString ms(double v) { return QString::number(v, 'f', v < 10 ? 1 : 0); }

}  // namespace

ModelStatusBar::ModelStatusBar(QWidget* parent) : QWidget(parent), m_layout(new QHBoxLayout(this)) {
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(10);
    setAccessibleName(tr("Model status"));
}

void ModelStatusBar::setAlwaysShown(const QStringList& ids) { m_alwaysShown = ids; }

QString ModelStatusBar::stateText(ModelState state, LoadPhase phase) {
    switch (state) {
        case ModelState::NotInstalled: return tr("not installed");
        case ModelState::Installed: return tr("installed");
        case ModelState::Ready: return tr("ready");
        case ModelState::Evicted: return tr("released");
        case ModelState::Failed: return tr("failed");
        case ModelState::Loading:
            switch (phase) {
                case LoadPhase::ReadingWeights: return tr("reading weights…");
                case LoadPhase::Building: return tr("building…");
                case LoadPhase::MovingToDevice: return tr("moving to device…");
                case LoadPhase::WarmingUp: return tr("warming up…");
                case LoadPhase::None: break;
            }
            return tr("loading…");
    }
    return {};
}

QString ModelStatusBar::tooltipFor(const ModelStatus& s) {
    QStringList lines;
    lines << QStringLiteral("<b>%1</b> — %2").arg(QString::fromStdString(s.id), stateText(s.state, s.phase));
    if (!s.architecture.empty()) lines << QString::fromStdString(s.architecture).toHtmlEscaped();
    if (!s.file.empty()) lines << tr("File: %1").arg(QString::fromStdString(s.file.string()).toHtmlEscaped());
    if (s.loads > 0) {
        lines << tr("Read %1 ms, build %2 ms, warm-up %3 ms")
                     .arg(ms(s.timings.readMs), ms(s.timings.buildMs + s.timings.deviceMs), ms(s.timings.warmMs));
    }
    if (s.residentBytes > 0) lines << tr("Memory: %1 MB").arg(s.residentBytes / 1048576);
    if (s.state == ModelState::Evicted && s.released != ReleaseReason::None) {
        lines << tr("Released (%1); it loads again when needed").arg(QString::fromUtf8(releaseReasonName(s.released)));
    }
    if (!s.error.empty()) lines << QStringLiteral("<span style='color:#d1242f'>%1</span>").arg(QString::fromStdString(s.error).toHtmlEscaped());
    if (s.pinned) lines << tr("Kept loaded (preloaded)");
    return lines.join(QStringLiteral("<br>"));
}

void ModelStatusBar::clear() {
    for (QLabel* label : std::as_const(m_badges)) {
        delete label;
    }
    m_badges.clear();
}

void ModelStatusBar::updateStatus(const ModelStatus& s) {
    const QString id = QString::fromStdString(s.id);
    const bool relevant = m_alwaysShown.contains(id) || s.state == ModelState::Loading ||
                          s.state == ModelState::Ready || s.state == ModelState::Failed;
    QLabel* label = m_badges.value(id);
    if (!relevant) {
        if (label) {
            m_badges.remove(id);
            label->deleteLater();
        }
        return;
    }
    if (!label) {
        label = new QLabel(this);
        label->setTextFormat(Qt::RichText);
        m_layout->addWidget(label);
        m_badges.insert(id, label);
    }
    label->setText(QStringLiteral("<span style='color:%1'>●</span> %2: %3")
                       .arg(stateColour(s.state).name(), id.toHtmlEscaped(), stateText(s.state, s.phase)));
    label->setToolTip(tooltipFor(s));
    label->setAccessibleName(QStringLiteral("%1 %2").arg(id, stateText(s.state, s.phase)));
}

}  // namespace gpen::ui
