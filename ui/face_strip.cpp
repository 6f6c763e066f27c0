#include "ui/face_strip.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QVBoxLayout>

namespace gpen::ui {
namespace {

constexpr int kThumb = 72;

QLabel* thumbnail(const QImage& image, const QString& tip, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setPixmap(QPixmap::fromImage(image.scaled(kThumb, kThumb, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
    label->setToolTip(tip);
    return label;
}

}  // namespace

FaceStrip::FaceStrip(QWidget* parent) : QWidget(parent), m_layout(new QHBoxLayout(this)) {
    m_layout->setContentsMargins(4, 4, 4, 4);
    m_layout->addStretch(1);
}

void FaceStrip::setFaces(const QList<RestoredFaceView>& faces, double strength) {
    qDeleteAll(m_cards);
    m_cards.clear();
    m_sliders.clear();
    m_accept.clear();
    for (int i = 0; i < faces.size(); ++i) {
        auto* card = new QWidget(this);
        auto* v = new QVBoxLayout(card);
        v->setContentsMargins(2, 2, 2, 2);
        auto* pair = new QHBoxLayout;
        pair->addWidget(thumbnail(faces[i].before, tr("Face %1 before").arg(i + 1), card));
        pair->addWidget(thumbnail(faces[i].after, tr("Face %1 after").arg(i + 1), card));
        v->addLayout(pair);
        auto* accept = new QCheckBox(tr("Face %1").arg(i + 1), card);
        accept->setChecked(true);
        auto* slider = new QSlider(Qt::Horizontal, card);
        slider->setRange(0, 100);
        slider->setValue(static_cast<int>(strength * 100 + 0.5));
        slider->setToolTip(tr("Strength of face %1").arg(i + 1));
        v->addWidget(accept);
        v->addWidget(slider);
        m_layout->insertWidget(m_layout->count() - 1, card);
        m_cards << card;
        m_sliders << slider;
        m_accept << accept;
        // Releasing the slider (or a key step) re-blends; dragging does not flood the engine.
        connect(slider, &QSlider::valueChanged, this, [this, slider] {
            if (!slider->isSliderDown()) Q_EMIT strengthsChanged(strengths());
        });
        connect(slider, &QSlider::sliderReleased, this, [this] { Q_EMIT strengthsChanged(strengths()); });
        connect(accept, &QCheckBox::toggled, this, [this, slider](bool on) {
            slider->setEnabled(on);
            Q_EMIT strengthsChanged(strengths());
        });
    }
}

QList<double> FaceStrip::strengths() const {
    QList<double> s;
    for (int i = 0; i < m_sliders.size(); ++i) {
        s << (m_accept[i]->isChecked() ? m_sliders[i]->value() / 100.0 : 0.0);
    }
    return s;
}

}  // namespace gpen::ui
