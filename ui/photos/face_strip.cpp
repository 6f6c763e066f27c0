// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/face_strip.h"

#include <cmath>
#include <limits>
#include <numeric>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QSlider>
#include <QVBoxLayout>

#include "ui/common/identity_badge.h"
#include "ui/common/thumbnail.h"

namespace gpen::ui {
namespace {

constexpr int kThumb = 72;

QLabel* thumbnailLabel(const QImage& image, const QString& tip, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setPixmap(thumbnail(image, kThumb, parent->devicePixelRatioF()));
    label->setToolTip(tip);
    return label;
}

}  // namespace

FaceStrip::FaceStrip(QWidget* parent)
    : QWidget(parent), m_layout(new QHBoxLayout(this)), m_note(new QLabel(this)) {
    m_layout->setContentsMargins(4, 4, 4, 4);
    m_note->setWordWrap(true);
    m_note->setObjectName(QStringLiteral("faceStripNote"));
    m_layout->addWidget(m_note);
    m_layout->addStretch(1);
    updateNote();
}

void FaceStrip::setFaces(const QList<RestoredFaceView>& faces, double strength) {
    setFaces(faces, QList<double>(faces.size(), strength), QList<bool>(faces.size(), true));
}

void FaceStrip::setFaces(const QList<RestoredFaceView>& faces, const QList<double>& values,
                         const QList<bool>& accepted) {
    qDeleteAll(m_cards);
    const qsizetype n = faces.size();
    m_cards = QList<QWidget*>(n, nullptr);
    m_sliders = QList<QSlider*>(n, nullptr);
    m_accept = QList<QCheckBox*>(n, nullptr);
    m_badges = QList<QLabel*>(n, nullptr);
    m_afterLabels = QList<QLabel*>(n, nullptr);
    m_beforeSmall.clear();
    m_afterSmall.clear();
    m_selected = -1;
    QList<QRect> boxes;
    for (const auto& f : faces) boxes << f.box;
    m_order = readingOrderOf(boxes);
    const qreal dpr = devicePixelRatioF() > 0 ? devicePixelRatioF() : 1.0;
    const int pixels = static_cast<int>(std::ceil(kThumb * dpr));
    for (const auto& f : faces) {
        const QImage before =
            f.before.scaled(pixels, pixels, Qt::KeepAspectRatio, Qt::SmoothTransformation);
        m_beforeSmall << before.convertToFormat(QImage::Format_RGB32);
        m_afterSmall << f.after
                            .scaled(before.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                            .convertToFormat(QImage::Format_RGB32);
    }
    for (int rank = 0; rank < m_order.size(); ++rank) {
        const int i = m_order[rank];
        const int number = rank + 1;  // as the cards read
        auto* card = new QWidget(this);
        card->setObjectName(QStringLiteral("faceCard"));
        card->setCursor(Qt::PointingHandCursor);
        card->setToolTip(tr("Click to show face %1 on the photo").arg(number));
        card->installEventFilter(this);
        auto* v = new QVBoxLayout(card);
        v->setContentsMargins(2, 2, 2, 2);
        auto* pair = new QHBoxLayout;
        pair->addWidget(thumbnailLabel(faces[i].before, tr("Face %1 before").arg(number), card));
        auto* after = new QLabel(card);
        after->setToolTip(tr("Face %1 after, at its strength").arg(number));
        pair->addWidget(after);
        m_afterLabels[i] = after;
        // The identity mark sits beside the thumbnails, at their top: a small coloured number
        // (its meaning in the tooltip) that adds no height, so the accept box and the slider
        // below stay in view at the panel's least height and nothing grows when it is taller.
        auto* badge = new QLabel(card);
        badge->setObjectName(QStringLiteral("identityBadge"));
        badge->setAlignment(Qt::AlignCenter);
        badge->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        pair->addWidget(badge, 0, Qt::AlignTop);
        m_badges[i] = badge;
        v->addLayout(pair);
        auto* accept = new QCheckBox(tr("Face %1").arg(number), card);
        accept->setChecked(accepted.value(i, true));
        auto* row = new QHBoxLayout;
        auto* slider = new QSlider(Qt::Horizontal, card);
        slider->setRange(0, 100);
        slider->setValue(static_cast<int>(values.value(i, 1.0) * 100 + 0.5));
        slider->setToolTip(tr("Strength of face %1").arg(number));
        slider->setMinimumWidth(60);
        slider->setEnabled(accept->isChecked());
        auto* value = new QLabel(tr("%1 %").arg(slider->value()), card);
        value->setMinimumWidth(value->fontMetrics().horizontalAdvance(tr("%1 %").arg(100)));
        row->addWidget(slider, 1);
        row->addWidget(value);
        // One row under the thumbnails: the card stays low enough for a small screen's strip.
        row->insertWidget(0, accept);
        v->addLayout(row);
        m_layout->insertWidget(m_layout->count() - 1, card, 0, Qt::AlignTop);
        m_cards[i] = card;
        m_sliders[i] = slider;
        m_accept[i] = accept;
        updateAfterThumbnail(i);
        // Releasing the slider (or a key step) re-blends; dragging does not flood the engine, but
        // the thumbnail follows it.
        connect(slider, &QSlider::valueChanged, this, [this, i, slider, value](int percent) {
            value->setText(tr("%1 %").arg(percent));
            updateAfterThumbnail(i);
            if (!slider->isSliderDown() && !m_bulkChange) Q_EMIT strengthsChanged(strengths());
        });
        connect(slider, &QSlider::sliderReleased, this,
                [this] { Q_EMIT strengthsChanged(strengths()); });
        connect(accept, &QCheckBox::toggled, this, [this, i, slider](bool on) {
            slider->setEnabled(on && m_adjustable);
            updateAfterThumbnail(i);
            if (!m_bulkChange) Q_EMIT strengthsChanged(strengths());
        });
    }
    QList<double> scores;
    for (const auto& f : faces) scores << f.identity;
    setIdentity(scores);
    setAdjustable(m_adjustable);
}

QList<int> FaceStrip::readingOrderOf(const QList<QRect>& boxes) {
    QList<int> byTop(boxes.size());
    std::iota(byTop.begin(), byTop.end(), 0);
    const auto centreY = [&](int i) { return boxes[i].center().y(); };
    std::stable_sort(byTop.begin(), byTop.end(),
                     [&](int a, int b) { return centreY(a) < centreY(b); });
    QList<int> order;
    for (qsizetype start = 0; start < byTop.size();) {
        const QRect& first = boxes[byTop[start]];
        qsizetype end = start + 1;
        while (end < byTop.size() && centreY(byTop[end]) - first.center().y() <= first.height() / 2)
            ++end;
        QList<int> row = byTop.mid(start, end - start);
        std::stable_sort(row.begin(), row.end(), [&](int a, int b) {
            return boxes[a].center().x() < boxes[b].center().x();
        });
        order << row;
        start = end;
    }
    return order;
}

void FaceStrip::updateAfterThumbnail(int face) {
    QLabel* label = m_afterLabels.value(face);
    if (!label || face >= m_beforeSmall.size()) return;
    // What the photo shows for this face: GPEN's output over the original crop at its strength.
    const double strength =
        m_accept[face] && m_accept[face]->isChecked() ? m_sliders[face]->value() / 100.0 : 0.0;
    QImage shown = m_beforeSmall[face];
    {
        QPainter painter(&shown);
        painter.setOpacity(strength);
        painter.drawImage(0, 0, m_afterSmall[face]);
    }
    QPixmap pixmap = QPixmap::fromImage(shown);
    pixmap.setDevicePixelRatio(devicePixelRatioF() > 0 ? devicePixelRatioF() : 1.0);
    label->setPixmap(pixmap);
}

bool FaceStrip::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonRelease) {
        const int face = static_cast<int>(m_cards.indexOf(qobject_cast<QWidget*>(watched)));
        if (face >= 0 && static_cast<QMouseEvent*>(event)->button() == Qt::LeftButton) {
            selectFace(face);
            Q_EMIT faceActivated(face);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void FaceStrip::setIdentity(const QList<double>& scores) {
    for (int i = 0; i < m_badges.size(); ++i) {
        QLabel* badge = m_badges[i];
        const double score = scores.value(i, std::numeric_limits<double>::quiet_NaN());
        badge->setVisible(IdentityBadge::scored(score));
        if (!IdentityBadge::scored(score)) continue;
        badge->setText(IdentityBadge::number(score));
        badge->setAccessibleName(IdentityBadge::text(score));
        badge->setToolTip(IdentityBadge::toolTip(score));
        badge->setStyleSheet(
            QStringLiteral(
                "QLabel { color: white; background: %1; border-radius: 3px; padding: 0 4px; }")
                .arg(IdentityBadge::colour(score).name()));
    }
}

void FaceStrip::setAllStrengths(double strength) {
    if (m_sliders.isEmpty() || !m_adjustable) return;
    m_bulkChange = true;
    for (QSlider* s : std::as_const(m_sliders)) {
        s->setValue(static_cast<int>(strength * 100 + 0.5));
    }
    m_bulkChange = false;
    Q_EMIT strengthsChanged(strengths());
}

void FaceStrip::setChoices(const QList<double>& values, const QList<bool>& accepted) {
    if (values.size() != m_sliders.size() || accepted.size() != m_sliders.size()) return;
    m_bulkChange = true;
    for (int i = 0; i < m_sliders.size(); ++i) {
        m_sliders[i]->setValue(static_cast<int>(values[i] * 100 + 0.5));
        m_accept[i]->setChecked(accepted[i]);
    }
    m_bulkChange = false;
}

void FaceStrip::setAdjustable(bool adjustable) {
    m_adjustable = adjustable;
    for (int i = 0; i < m_sliders.size(); ++i) {
        m_accept[i]->setEnabled(adjustable);
        m_sliders[i]->setEnabled(adjustable && m_accept[i]->isChecked());
    }
    updateNote();
}

void FaceStrip::updateNote() {
    if (m_cards.isEmpty()) {
        m_note->setText(tr("The faces of the photo in view appear here once it is restored."));
    } else if (!m_adjustable) {
        m_note->setText(
            tr("Restore this photo again to adjust its faces: only the last restored photo keeps "
               "what re-blending needs."));
    }
    m_note->setVisible(m_cards.isEmpty() || !m_adjustable);
}

void FaceStrip::selectFace(int face) {
    if (face < 0 || face >= m_cards.size()) return;
    if (m_selected >= 0 && m_selected < m_cards.size())
        m_cards[m_selected]->setStyleSheet(QString());
    m_selected = face;
    QWidget* card = m_cards[face];
    card->setStyleSheet(
        QStringLiteral("#faceCard { border: 2px solid palette(highlight); border-radius: 4px; }"));
    // The strip sits in a scroll area in the window: bring the card into view.
    for (QWidget* p = parentWidget(); p; p = p->parentWidget()) {
        if (auto* scroll = qobject_cast<QScrollArea*>(p)) {
            scroll->ensureWidgetVisible(card);
            break;
        }
    }
    m_accept[face]->setFocus(Qt::OtherFocusReason);
    Q_EMIT faceSelected(face);
}

QList<double> FaceStrip::strengths() const {
    QList<double> s;
    for (int i = 0; i < m_sliders.size(); ++i) {
        s << (m_accept[i]->isChecked() ? m_sliders[i]->value() / 100.0 : 0.0);
    }
    return s;
}

QList<double> FaceStrip::sliderValues() const {
    QList<double> s;
    for (const QSlider* slider : m_sliders) s << slider->value() / 100.0;
    return s;
}

QList<bool> FaceStrip::accepted() const {
    QList<bool> a;
    for (const QCheckBox* box : m_accept) a << box->isChecked();
    return a;
}

}  // namespace gpen::ui
