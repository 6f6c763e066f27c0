// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/save_dialog.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>

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

QString SaveDialog::suffixOfFilter(const QString& filter) {
    const auto match = QRegularExpression(QStringLiteral("\\*\\.(\\w+)")).match(filter);
    return match.hasMatch() ? match.captured(1).toLower() : QString();
}

SaveDialog::SaveDialog(const QString& suggestion, const QStringList& filters,
                       const QString& selectedFilter, const SaveOptions& initial, QWidget* parent)
    : QFileDialog(parent, tr("Save Result As"), suggestion),
      m_qualityLabel(new QLabel(tr("&Quality:"), this)),
      m_qualitySlider(new QSlider(Qt::Horizontal, this)),
      m_quality(new QSpinBox(this)),
      m_compressionLabel(new QLabel(tr("&Compression:"), this)),
      m_compression(new QSpinBox(this)) {
    setObjectName(QStringLiteral("saveDialog"));
    setOption(QFileDialog::DontUseNativeDialog);
    setAcceptMode(QFileDialog::AcceptSave);
    setFileMode(QFileDialog::AnyFile);
    setNameFilters(filters);
    selectNameFilter(selectedFilter);
    selectFile(suggestion);

    m_quality->setRange(1, 100);
    m_quality->setValue(initial.quality);
    m_quality->setToolTip(tr("Higher keeps more detail and makes larger files."));
    m_qualitySlider->setRange(1, 100);
    m_qualitySlider->setValue(initial.quality);
    m_qualitySlider->setToolTip(m_quality->toolTip());
    connect(m_qualitySlider, &QSlider::valueChanged, m_quality, &QSpinBox::setValue);
    connect(m_quality, &QSpinBox::valueChanged, m_qualitySlider, &QSlider::setValue);
    m_qualityLabel->setBuddy(m_quality);
    m_compression->setRange(0, 9);
    m_compression->setValue(initial.pngCompression);
    m_compression->setToolTip(tr("Lossless at every level; higher is smaller and slower."));
    m_compressionLabel->setBuddy(m_compression);

    // Qt's file dialog lays itself out on a grid: the options take a row under the file types.
    auto* row = new QHBoxLayout;
    row->addWidget(m_qualitySlider, 1);
    row->addWidget(m_quality);
    row->addWidget(m_compression);
    if (auto* grid = qobject_cast<QGridLayout*>(layout())) {
        const int r = grid->rowCount();
        grid->addWidget(m_qualityLabel, r, 0);
        grid->addWidget(m_compressionLabel, r + 1, 0);
        grid->addLayout(row, r, 1, 2, 1);
    }
    connect(this, &QFileDialog::filterSelected, this,
            [this](const QString& f) { showOptionsFor(suffixOfFilter(f)); });
    // A typed extension wins over the list (the encoder goes by the file's extension).
    if (auto* name = findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))) {
        connect(name, &QLineEdit::textChanged, this, [this](const QString& text) {
            const QString suffix = QFileInfo(text).suffix().toLower();
            showOptionsFor(suffix.isEmpty() ? suffixOfFilter(selectedNameFilter()) : suffix);
        });
    }
    const QString typed = QFileInfo(suggestion).suffix().toLower();
    showOptionsFor(typed.isEmpty() ? suffixOfFilter(selectedFilter) : typed);
}

void SaveDialog::showOptionsFor(const QString& suffix) {
    m_format = suffix;
    const bool lossy = isLossy(suffix);
    const bool png = suffix == QLatin1String("png");
    for (QWidget* w : std::initializer_list<QWidget*>{m_qualityLabel, m_qualitySlider, m_quality})
        w->setVisible(lossy);
    m_compressionLabel->setVisible(png);
    m_compression->setVisible(png);
}

SaveOptions SaveDialog::options() const {
    SaveOptions o;
    o.quality = m_quality->value();
    o.pngCompression = m_compression->value();
    return o;
}

}  // namespace gpen::ui
