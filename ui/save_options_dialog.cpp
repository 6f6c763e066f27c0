#include "ui/save_options_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace gpen::ui {
namespace {

const auto kQualityKey = QStringLiteral("save/quality");
const auto kPngCompressionKey = QStringLiteral("save/pngCompression");

bool isLossy(const QString& suffix) {
    return suffix == QLatin1String("jpg") || suffix == QLatin1String("jpeg") ||
           suffix == QLatin1String("webp");
}

}  // namespace

SaveOptions SaveOptions::load() {
    const QSettings s;
    SaveOptions o;
    o.quality = std::clamp(s.value(kQualityKey, o.quality).toInt(), 1, 100);
    o.pngCompression = std::clamp(s.value(kPngCompressionKey, o.pngCompression).toInt(), 0, 9);
    return o;
}

void SaveOptions::save() const {
    QSettings s;
    s.setValue(kQualityKey, quality);
    s.setValue(kPngCompressionKey, pngCompression);
}

bool SaveOptionsDialog::hasOptions(const QString& suffix) {
    return isLossy(suffix) || suffix == QLatin1String("png");
}

SaveOptionsDialog::SaveOptionsDialog(const QString& suffix, const QString& fileName,
                                     const SaveOptions& initial, QWidget* parent)
    : QDialog(parent), m_initial(initial) {
    setWindowTitle(tr("Save Options"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Encoding of %1").arg(fileName), this));
    auto* form = new QFormLayout;
    layout->addLayout(form);
    if (isLossy(suffix)) {
        m_quality = new QSpinBox(this);
        m_quality->setRange(1, 100);
        m_quality->setValue(initial.quality);
        m_quality->setAccessibleName(tr("Quality"));
        m_qualitySlider = new QSlider(Qt::Horizontal, this);
        m_qualitySlider->setRange(1, 100);
        m_qualitySlider->setValue(initial.quality);
        connect(m_qualitySlider, &QSlider::valueChanged, m_quality, &QSpinBox::setValue);
        connect(m_quality, &QSpinBox::valueChanged, m_qualitySlider, &QSlider::setValue);
        auto* row = new QHBoxLayout;
        row->addWidget(m_qualitySlider, 1);
        row->addWidget(m_quality);
        form->addRow(tr("&Quality:"), row);
        form->addRow(new QLabel(tr("Higher keeps more detail and makes larger files."), this));
    } else {
        m_compression = new QSpinBox(this);
        m_compression->setRange(0, 9);
        m_compression->setValue(initial.pngCompression);
        m_compression->setAccessibleName(tr("Compression level"));
        form->addRow(tr("&Compression level:"), m_compression);
        form->addRow(
            new QLabel(tr("Lossless at every level; higher is smaller and slower."), this));
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

SaveOptions SaveOptionsDialog::options() const {
    SaveOptions o = m_initial;
    if (m_quality) o.quality = m_quality->value();
    if (m_compression) o.pngCompression = m_compression->value();
    return o;
}

}  // namespace gpen::ui
