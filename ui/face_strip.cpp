#include "ui/face_strip.h"

#include <limits>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSlider>
#include <QVBoxLayout>

#include "ui/identity_badge.h"
#include "ui/thumbnail.h"

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

FaceStrip::FaceStrip(QWidget* parent) : QWidget(parent), m_layout(new QHBoxLayout(this)), m_note(new QLabel(this)) {
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
    m_cards.clear();
    m_sliders.clear();
    m_accept.clear();
    m_badges.clear();
    m_selected = -1;
    for (int i = 0; i < faces.size(); ++i) {
        auto* card = new QWidget(this);
        card->setObjectName(QStringLiteral("faceCard"));
        auto* v = new QVBoxLayout(card);
        v->setContentsMargins(2, 2, 2, 2);
        auto* pair = new QHBoxLayout;
        pair->addWidget(thumbnailLabel(faces[i].before, tr("Face %1 before").arg(i + 1), card));
        pair->addWidget(thumbnailLabel(faces[i].after, tr("Face %1 after").arg(i + 1), card));
        v->addLayout(pair);
        auto* badge = new QLabel(card);
        badge->setObjectName(QStringLiteral("identityBadge"));
        badge->setAlignment(Qt::AlignCenter);
        v->addWidget(badge);
        m_badges << badge;
        auto* accept = new QCheckBox(tr("Face %1").arg(i + 1), card);
        accept->setChecked(accepted.value(i, true));
        auto* row = new QHBoxLayout;
        auto* slider = new QSlider(Qt::Horizontal, card);
        slider->setRange(0, 100);
        slider->setValue(static_cast<int>(values.value(i, 1.0) * 100 + 0.5));
        slider->setToolTip(tr("Strength of face %1").arg(i + 1));
        slider->setMinimumWidth(60);
        slider->setEnabled(accept->isChecked());
        auto* value = new QLabel(tr("%1 %").arg(slider->value()), card);
        value->setMinimumWidth(value->fontMetrics().horizontalAdvance(tr("%1 %").arg(100)));
        row->addWidget(slider, 1);
        row->addWidget(value);
        // One row under the thumbnails: the card stays low enough for a small screen's strip.
        row->insertWidget(0, accept);
        v->addLayout(row);
        m_layout->insertWidget(m_layout->count() - 1, card);
        m_cards << card;
        m_sliders << slider;
        m_accept << accept;
        // Releasing the slider (or a key step) re-blends; dragging does not flood the engine.
        connect(slider, &QSlider::valueChanged, this, [this, slider, value](int percent) {
            value->setText(tr("%1 %").arg(percent));
            if (!slider->isSliderDown() && !m_bulkChange) Q_EMIT strengthsChanged(strengths());
        });
        connect(slider, &QSlider::sliderReleased, this, [this] { Q_EMIT strengthsChanged(strengths()); });
        connect(accept, &QCheckBox::toggled, this, [this, slider](bool on) {
            slider->setEnabled(on && m_adjustable);
            if (!m_bulkChange) Q_EMIT strengthsChanged(strengths());
        });
    }
    QList<double> scores;
    for (const auto& f : faces) scores << f.identity;
    setIdentity(scores);
    setAdjustable(m_adjustable);
}

void FaceStrip::setIdentity(const QList<double>& scores) {
    for (int i = 0; i < m_badges.size(); ++i) {
        QLabel* badge = m_badges[i];
        const double score = scores.value(i, std::numeric_limits<double>::quiet_NaN());
        badge->setVisible(IdentityBadge::scored(score));
        if (!IdentityBadge::scored(score)) continue;
        badge->setText(IdentityBadge::text(score));
        badge->setToolTip(IdentityBadge::toolTip(score));
        badge->setStyleSheet(QStringLiteral("QLabel { color: white; background: %1; border-radius: 3px; padding: 0 4px; }")
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
        m_note->setText(tr("Restore this photo again to adjust its faces: only the last restored photo keeps "
                           "what re-blending needs."));
    }
    m_note->setVisible(m_cards.isEmpty() || !m_adjustable);
}

void FaceStrip::selectFace(int face) {
    if (face < 0 || face >= m_cards.size()) return;
    if (m_selected >= 0 && m_selected < m_cards.size()) m_cards[m_selected]->setStyleSheet(QString());
    m_selected = face;
    QWidget* card = m_cards[face];
    card->setStyleSheet(QStringLiteral("#faceCard { border: 2px solid palette(highlight); border-radius: 4px; }"));
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
