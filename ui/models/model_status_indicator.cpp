// SPDX-License-Identifier: Apache-2.0
#include "ui/models/model_status_indicator.h"

#include <algorithm>

#include <QFrame>
#include <QHeaderView>
#include <QPainter>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "ui/common/core_text.h"

namespace gpen::ui {
namespace {

enum Column {
    IdColumn,
    StateColumn,
    ReadColumn,
    BuildColumn,
    WarmColumn,
    MemoryColumn,
    ColumnCount
};

QColor stateColour(ModelState state) {
    switch (state) {
        case ModelState::Ready:
            return {0x2e, 0xa0, 0x43};
        case ModelState::Loading:
            return {0xd9, 0x8e, 0x04};
        case ModelState::Failed:
            return {0xd1, 0x24, 0x2f};
        case ModelState::Installed:
            return {0x57, 0x80, 0xb0};
        case ModelState::Evicted:
        case ModelState::NotInstalled:
            break;
    }
    return {0x8a, 0x8a, 0x8a};
}

QIcon dot(const QColor& colour) {
    QPixmap pixmap(32, 32);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(colour);
    painter.drawEllipse(QRectF(6, 6, 20, 20));
    return QIcon(pixmap);
}

QString ms(double v) {
    return QString::number(v, 'f', v < 10 ? 1 : 0);
}

}  // namespace

ModelStatusIndicator::ModelStatusIndicator(QWidget* parent)
    : QToolButton(parent), m_popup(new QFrame(this, Qt::Popup)), m_tree(new QTreeWidget(m_popup)) {
    setObjectName(QStringLiteral("modelStatusIndicator"));
    setAutoRaise(true);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setAccessibleName(tr("Model status"));
    setToolTip(tr("Models: click for each model's state and timings"));
    m_popup->setFrameShape(QFrame::StyledPanel);
    m_popup->setObjectName(QStringLiteral("modelStatusPopup"));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels(
        {tr("Model"), tr("State"), tr("Read"), tr("Build"), tr("Warm-up"), tr("Memory")});
    m_tree->setRootIsDecorated(false);
    m_tree->setSortingEnabled(true);
    m_tree->sortByColumn(IdColumn, Qt::AscendingOrder);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* manage = new QPushButton(tr("Manage &Models…"), m_popup);
    connect(manage, &QPushButton::clicked, this, [this] {
        m_popup->hide();
        Q_EMIT manageRequested();
    });
    auto* layout = new QVBoxLayout(m_popup);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_tree);
    layout->addWidget(manage, 0, Qt::AlignRight);
    connect(this, &QToolButton::clicked, this, &ModelStatusIndicator::showPopup);
    updateSummary();
}

void ModelStatusIndicator::setAlwaysShown(const QStringList& ids) {
    m_alwaysShown = ids;
    updateSummary();
}

QString ModelStatusIndicator::stateText(ModelState state, LoadPhase phase) {
    switch (state) {
        case ModelState::NotInstalled:
            return tr("not installed");
        case ModelState::Installed:
            return tr("installed");
        case ModelState::Ready:
            return tr("ready");
        case ModelState::Evicted:
            return tr("released");
        case ModelState::Failed:
            return tr("failed");
        case ModelState::Loading:
            switch (phase) {
                case LoadPhase::ReadingWeights:
                    return tr("reading weights…");
                case LoadPhase::Building:
                    return tr("building…");
                case LoadPhase::MovingToDevice:
                    return tr("moving to device…");
                case LoadPhase::WarmingUp:
                    return tr("warming up…");
                case LoadPhase::None:
                    break;
            }
            return tr("loading…");
    }
    return {};
}

QString ModelStatusIndicator::tooltipFor(const ModelStatus& s) {
    QStringList lines;
    lines << QStringLiteral("<b>%1</b> — %2")
                 .arg(QString::fromStdString(s.id), stateText(s.state, s.phase));
    if (!s.architecture.empty()) lines << QString::fromStdString(s.architecture).toHtmlEscaped();
    if (!s.file.empty())
        lines << tr("File: %1").arg(QString::fromStdString(s.file.string()).toHtmlEscaped());
    if (s.loads > 0) {
        lines << tr("Read %1 ms, build %2 ms, warm-up %3 ms")
                     .arg(ms(s.timings.readMs), ms(s.timings.buildMs + s.timings.deviceMs),
                          ms(s.timings.warmMs));
    }
    if (s.residentBytes > 0) lines << tr("Memory: %1 MB").arg(s.residentBytes / 1048576);
    // Named here, not with core's precisionName: the window links none of core's network code.
    if (s.precision)
        lines << tr("Computes in %1")
                     .arg(*s.precision == Precision::Bf16 ? QStringLiteral("bf16")
                                                          : QStringLiteral("fp32"));
    if (s.state == ModelState::Evicted && s.released != ReleaseReason::None) {
        lines << tr("Released (%1); it loads again when needed")
                     .arg(QString::fromUtf8(releaseReasonName(s.released)));
    }
    if (!s.error.empty())
        lines << QStringLiteral("<span style='color:#d1242f'>%1</span>")
                     .arg(CoreText::modelError(s).toHtmlEscaped());
    if (s.pinned) lines << tr("Kept loaded (preloaded)");
    return lines.join(QStringLiteral("<br>"));
}

void ModelStatusIndicator::clear() {
    m_statuses.clear();
    m_rows.clear();
    m_tree->clear();
    updateSummary();
}

void ModelStatusIndicator::updateStatus(const ModelStatus& s) {
    const QString id = QString::fromStdString(s.id);
    m_statuses.insert(id, s);
    QTreeWidgetItem* item = m_rows.value(id);
    if (!item) {
        item = new QTreeWidgetItem(m_tree);
        m_rows.insert(id, item);
    }
    item->setText(IdColumn, id);
    item->setIcon(IdColumn, dot(stateColour(s.state)));
    item->setText(StateColumn, stateText(s.state, s.phase));
    const bool loaded = s.loads > 0;
    item->setText(ReadColumn, loaded ? tr("%1 ms").arg(ms(s.timings.readMs)) : QString());
    item->setText(BuildColumn,
                  loaded ? tr("%1 ms").arg(ms(s.timings.buildMs + s.timings.deviceMs)) : QString());
    item->setText(WarmColumn, loaded ? tr("%1 ms").arg(ms(s.timings.warmMs)) : QString());
    item->setText(MemoryColumn,
                  s.residentBytes > 0 ? tr("%1 MB").arg(s.residentBytes / 1048576) : QString());
    const QString tip = tooltipFor(s);
    for (int c = 0; c < ColumnCount; ++c) item->setToolTip(c, tip);
    updateSummary();
}

void ModelStatusIndicator::updateSummary() {
    int counted = 0, ready = 0, failed = 0;
    QString loading;
    for (auto it = m_statuses.cbegin(); it != m_statuses.cend(); ++it) {
        const ModelState st = it->state;
        // The default models count whether installed or not ("4 of 5 ready" while the default
        // detector is missing, not "4 of 4"); others once they are in use.
        const bool relevant = m_alwaysShown.contains(it.key()) || st == ModelState::Loading ||
                              st == ModelState::Ready || st == ModelState::Failed;
        if (!relevant) continue;
        ++counted;
        if (st == ModelState::Ready) ++ready;
        if (st == ModelState::Failed) ++failed;
        if (st == ModelState::Loading && loading.isEmpty()) loading = it.key();
    }
    ModelState worst = ModelState::Ready;
    QString text;
    if (failed > 0) {
        worst = ModelState::Failed;
        text = tr("%n model(s) failed", nullptr, failed);
    } else if (!loading.isEmpty()) {
        worst = ModelState::Loading;
        text = tr("Loading %1…").arg(CoreText::upscalerName(loading));
    } else if (counted == 0) {
        worst = ModelState::NotInstalled;
        text = tr("Models");
    } else {
        worst = ready == counted ? ModelState::Ready : ModelState::Installed;
        text = tr("%1 of %n model(s) ready", nullptr, counted).arg(ready);
    }
    // Which detector finds the faces: RetinaFace is the default, the built-in dlib detector what
    // runs without it (its faces are fewer and less well placed in group photos).
    QString detectorTip;
    if (const auto retina = m_statuses.constFind(QStringLiteral("RetinaFace-R50"));
        retina != m_statuses.cend()) {
        const bool usable =
            retina->state != ModelState::NotInstalled && retina->state != ModelState::Failed;
        text += QStringLiteral(" · ") +
                (usable ? tr("Faces: RetinaFace") : tr("Faces: dlib (built in)"));
        detectorTip = usable ? tr("Faces are found by RetinaFace-R50.")
                             : tr("RetinaFace-R50, the default face detector, is %1: faces are "
                                  "found by the built-in "
                                  "dlib detector, which misses more small and turned faces. Add it "
                                  "under Tools → Models.")
                                   .arg(stateText(retina->state, retina->phase));
    }
    setIcon(dot(stateColour(worst)));
    setText(text);
    const QString tip = tr("Models: click for each model's state and timings");
    setToolTip(detectorTip.isEmpty() ? tip : tip + QLatin1Char('\n') + detectorTip);
    setAccessibleDescription(text);
}

void ModelStatusIndicator::showPopup() {
    m_popup->adjustSize();
    // Wide enough for every column as its contents size it (a tree's size hint does not say so,
    // and the popup cut off Warm-up and Memory), and tall enough for every row, within the screen.
    int columns = 0;
    for (int c = 0; c < ColumnCount; ++c) columns += m_tree->header()->sectionSize(c);
    const QMargins margins = m_popup->layout()->contentsMargins();
    const int chrome = 2 * (m_tree->frameWidth() + m_popup->frameWidth()) + margins.left() +
                       margins.right() + m_tree->verticalScrollBar()->sizeHint().width();
    int rows = m_tree->header()->height();
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) rows += m_tree->sizeHintForRow(i);
    const int extra = m_popup->sizeHint().height() - m_tree->sizeHint().height();
    QSize size = m_popup->sizeHint().expandedTo(
        QSize(std::max(420, columns + chrome), std::max(160, rows + extra)));
    if (const QScreen* s = screen()) size = size.boundedTo(s->availableGeometry().size());
    QPoint pos = mapToGlobal(QPoint(width() - size.width(), -size.height()));
    if (const QScreen* s = screen()) {
        const QRect avail = s->availableGeometry();
        pos.setX(std::clamp(pos.x(), avail.left(),
                            std::max(avail.left(), avail.right() - size.width())));
        pos.setY(std::clamp(pos.y(), avail.top(),
                            std::max(avail.top(), avail.bottom() - size.height())));
    }
    m_popup->resize(size);
    m_popup->move(pos);
    m_popup->show();
}

}  // namespace gpen::ui
