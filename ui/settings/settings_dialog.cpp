// SPDX-License-Identifier: Apache-2.0
#include "ui/settings/settings_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include "gpen/engine/model_catalog.h"
#include "ui/common/theme.h"
#include "ui/common/translations.h"
#include "ui/photos/photo_limits.h"

namespace gpen::ui {
namespace {

QList<int> parseBatchSizes(const QString& text) {
    QList<int> sizes;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int v = part.trimmed().toInt(&ok);
        if (ok && v > 0 && !sizes.contains(v)) sizes << v;
    }
    return sizes;
}

QString formatBatchSizes(const QList<int>& sizes) {
    QStringList parts;
    for (const int s : sizes) {
        parts << QString::number(s);
    }
    return parts.join(QStringLiteral(", "));
}

struct PerformancePreset {
    QString name;
    int maxModels;
    int memoryBudgetMb;
    int idleReleaseMinutes;
    QList<int> warmupBatchSizes;
};

// The first is the product's default (EngineSettings' values).
QList<PerformancePreset> performancePresets() {
    const EngineSettings d;
    return {{SettingsDialog::tr("Balanced"), d.maxModels, d.memoryBudgetMb, d.idleReleaseMinutes,
             d.warmupBatchSizes},
            {SettingsDialog::tr("Low memory"), 2, 1536, 2, {1}},
            {SettingsDialog::tr("Fastest (more memory)"), 8, 12288, 0, {1, 4}}};
}

}  // namespace

SettingsDialog::SettingsDialog(bool jobRunning, QWidget* parent)
    : QDialog(parent),
      m_device(new QComboBox(this)),
      m_threads(new QSpinBox(this)),
      m_preload(new QListWidget(this)),
      m_maxModels(new QSpinBox(this)),
      m_memoryBudget(new QSpinBox(this)),
      m_idleRelease(new QSpinBox(this)),
      m_warmup(new QLineEdit(this)),
      m_modelsDir(new QLineEdit(this)),
      m_language(new QComboBox(this)),
      m_preset(new QComboBox(this)),
      m_precision(new QComboBox(this)),
      m_theme(new QComboBox(this)),
      m_advancedToggle(new QToolButton(this)),
      m_advanced(new QWidget(this)) {
    setWindowTitle(tr("Settings"));
    auto* layout = new QVBoxLayout(this);

    // The main page: what a photo restorer chooses.
    auto* main = new QFormLayout;
    m_device->addItem(tr("Automatic (CUDA when available)"), QStringLiteral("auto"));
    m_device->addItem(tr("CPU"), QStringLiteral("cpu"));
    m_device->addItem(tr("CUDA (GPU)"), QStringLiteral("cuda"));
    main->addRow(tr("&Device:"), m_device);
    for (const auto& p : performancePresets()) m_preset->addItem(p.name);
    m_preset->addItem(tr("Custom"));
    m_preset->setToolTip(tr("How much memory the models may keep, and how eagerly they load"));
    main->addRow(tr("&Performance:"), m_preset);
    m_precision->addItem(tr("Automatic"), QStringLiteral("auto"));
    m_precision->addItem(tr("Exact (fp32)"), QStringLiteral("fp32"));
    m_precision->addItem(tr("Faster (bf16)"), QStringLiteral("bf16"));
    m_precision->setToolTip(
        tr("Automatic computes in 16-bit floating point (bf16) where the processor does so "
           "natively, which is faster and looks the same, and in 32-bit (fp32) elsewhere. The "
           "model list in the status bar shows what each model computes in. The models load "
           "again when it changes."));
    main->addRow(tr("Prec&ision:"), m_precision);
    auto* dirRow = new QHBoxLayout;
    m_modelsDir->setPlaceholderText(tr("Only the standard folders"));
    dirRow->addWidget(m_modelsDir, 1);
    auto* browse = new QPushButton(tr("&Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &SettingsDialog::browseModelsDir);
    dirRow->addWidget(browse);
    // A row with a layout gets no buddy from QFormLayout: without one the "&" would show.
    auto* dirLabel = new QLabel(tr("&Models folder:"), this);
    dirLabel->setBuddy(m_modelsDir);
    main->addRow(dirLabel, dirRow);
    m_modelsDirNote = new QLabel(this);
    m_modelsDirNote->setObjectName(QStringLiteral("modelsDirNote"));
    m_modelsDirNote->setWordWrap(true);
    m_modelsDirNote->setVisible(false);
    main->addRow(QString(), m_modelsDirNote);
    // Largest photo, with what it costs in memory beside it.
    m_maxMegapixels = new QSpinBox(this);
    m_maxMegapixels->setObjectName(QStringLiteral("maxMegapixelsBox"));
    m_maxMegapixels->setRange(PhotoLimits::kMinMegapixels, PhotoLimits::kMaxMegapixels);
    m_maxMegapixels->setSingleStep(10);
    m_maxMegapixels->setSuffix(tr(" MP"));
    m_maxMegapixels->setToolTip(tr("Larger photos are refused when opened"));
    m_maxMegapixelsMemory = new QLabel(this);
    m_maxMegapixelsMemory->setObjectName(QStringLiteral("maxMegapixelsMemory"));
    auto* megapixelsRow = new QHBoxLayout;
    megapixelsRow->addWidget(m_maxMegapixels);
    megapixelsRow->addWidget(m_maxMegapixelsMemory, 1);
    auto* megapixelsLabel = new QLabel(tr("Lar&gest photo:"), this);
    megapixelsLabel->setBuddy(m_maxMegapixels);
    main->addRow(megapixelsLabel, megapixelsRow);
    connect(m_maxMegapixels, &QSpinBox::valueChanged, this,
            [this](int mp) { m_maxMegapixelsMemory->setText(PhotoLimits::memoryText(mp)); });
    m_language->addItem(tr("System"), QString());
    m_language->addItem(QStringLiteral("English"),
                        QStringLiteral("en"));  // each in its own language
    m_language->addItem(QStringLiteral("Deutsch"), QStringLiteral("de"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    main->addRow(tr("&Language:"), m_language);
    m_theme->addItem(tr("System"), QString());
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    main->addRow(tr("&Theme:"), m_theme);
    layout->addLayout(main);

    // The engine's internals, folded away.
    m_advancedToggle->setText(tr("&Advanced"));
    m_advancedToggle->setCheckable(true);
    m_advancedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedToggle->setArrowType(Qt::RightArrow);
    m_advancedToggle->setAutoRaise(true);
    layout->addWidget(m_advancedToggle);
    auto* cache = new QFormLayout(m_advanced);
    m_threads->setRange(0, 256);
    m_threads->setSpecialValueText(tr("One per core"));
    cache->addRow(tr("CPU &threads:"), m_threads);
    m_preload->setToolTip(tr("Loaded in the background at launch and kept loaded"));
    m_preload->setMaximumHeight(150);
    cache->addRow(tr("&Preload:"), m_preload);
    m_maxModels->setRange(0, 64);
    m_maxModels->setSpecialValueText(tr("No limit"));
    cache->addRow(tr("Ma&ximum models:"), m_maxModels);
    m_memoryBudget->setRange(0, 1 << 20);
    m_memoryBudget->setSingleStep(256);
    m_memoryBudget->setSuffix(tr(" MB"));
    m_memoryBudget->setSpecialValueText(tr("No limit"));
    cache->addRow(tr("Memory &budget:"), m_memoryBudget);
    m_idleRelease->setRange(0, 24 * 60);
    m_idleRelease->setSuffix(tr(" min"));
    m_idleRelease->setSpecialValueText(tr("Never"));
    cache->addRow(tr("&Release idle models after:"), m_idleRelease);
    m_warmup->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("^\\s*\\d+(\\s*,\\s*\\d+)*\\s*,?\\s*$")), this));
    m_warmup->setToolTip(tr("Face batch sizes to warm up at load, e.g. 1, 4"));
    cache->addRow(tr("&Warm-up batch sizes:"), m_warmup);
    m_advanced->setVisible(false);
    layout->addWidget(m_advanced);
    connect(m_advancedToggle, &QToolButton::toggled, this, [this](bool open) {
        m_advancedToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_advanced->setVisible(open);
        adjustSize();
    });

    auto* note = new QLabel(this);
    note->setObjectName(QStringLiteral("settingsNote"));
    note->setWordWrap(true);
    note->setText(jobRunning
                      ? tr("A restore is running: engine changes take effect at the next launch. "
                           "The language changes at the next start.")
                      : tr("Engine changes take effect when you press OK (the models load again). "
                           "The language changes at the next start."));
    layout->addWidget(note);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    load(EngineSettings::load(), Translations::storedLanguage());
    connect(m_preset, &QComboBox::currentIndexChanged, this, &SettingsDialog::applyPreset);
    for (QSpinBox* box : {m_threads, m_maxModels, m_memoryBudget, m_idleRelease}) {
        connect(box, &QSpinBox::valueChanged, this, &SettingsDialog::updatePreset);
    }
    connect(m_warmup, &QLineEdit::textChanged, this, &SettingsDialog::updatePreset);
}

void SettingsDialog::applyPreset(int index) {
    const auto presets = performancePresets();
    if (m_applyingPreset || index < 0 || index >= presets.size()) return;  // Custom: leaves them
    const PerformancePreset& p = presets[index];
    m_applyingPreset = true;
    m_threads->setValue(0);
    m_maxModels->setValue(p.maxModels);
    m_memoryBudget->setValue(p.memoryBudgetMb);
    m_idleRelease->setValue(p.idleReleaseMinutes);
    m_warmup->setText(formatBatchSizes(p.warmupBatchSizes));
    m_applyingPreset = false;
}

void SettingsDialog::updatePreset() {
    if (m_applyingPreset) return;
    const auto presets = performancePresets();
    int match = static_cast<int>(presets.size());  // Custom
    for (int i = 0; i < presets.size(); ++i) {
        const PerformancePreset& p = presets[i];
        if (m_threads->value() == 0 && m_maxModels->value() == p.maxModels &&
            m_memoryBudget->value() == p.memoryBudgetMb &&
            m_idleRelease->value() == p.idleReleaseMinutes &&
            parseBatchSizes(m_warmup->text()) == p.warmupBatchSizes) {
            match = i;
            break;
        }
    }
    m_applyingPreset = true;
    m_preset->setCurrentIndex(match);
    m_applyingPreset = false;
}

void SettingsDialog::load(const EngineSettings& s, const QString& language) {
    int device = m_device->findData(s.device);
    if (device < 0) {
        // A device named on purpose ("cuda:1") stays selectable as it was stored.
        m_device->addItem(s.device, s.device);
        device = m_device->count() - 1;
    }
    m_device->setCurrentIndex(device);
    m_threads->setValue(s.threads);
    const int precision = m_precision->findData(s.precision);
    m_precision->setCurrentIndex(precision < 0 ? 0 : precision);
    m_tileSize = s.tileSize;
    m_modelsDir->setText(s.modelsDir);
    m_maxModels->setValue(s.maxModels);
    m_memoryBudget->setValue(s.memoryBudgetMb);
    m_idleRelease->setValue(s.idleReleaseMinutes);
    m_warmup->setText(formatBatchSizes(s.warmupBatchSizes));

    QStringList ids;
    const ModelCatalog catalog = ModelCatalog::released();
    for (const auto& e : catalog.entries()) {
        ids << QString::fromStdString(e.id);
    }
    if (!ids.contains(QStringLiteral("dlib"))) ids << QStringLiteral("dlib");
    for (const QString& id : s.preload) {
        if (!ids.contains(id)) ids << id;  // a recognised file of the user's, kept as stored
    }
    m_storedPreload = s.preload;
    m_preload->clear();
    for (const QString& id : ids) {
        auto* item = new QListWidgetItem(id, m_preload);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(s.preload.contains(id) ? Qt::Checked : Qt::Unchecked);
    }
    const int lang = m_language->findData(language);
    m_language->setCurrentIndex(lang < 0 ? 0 : lang);
    m_maxMegapixels->setValue(PhotoLimits::storedMaxMegapixels());
    m_maxMegapixelsMemory->setText(PhotoLimits::memoryText(m_maxMegapixels->value()));
    const int theme = m_theme->findData(Theme::stored());
    m_theme->setCurrentIndex(theme < 0 ? 0 : theme);
    updatePreset();
}

EngineSettings SettingsDialog::engineSettings() const {
    EngineSettings s;
    s.device = m_device->currentData().toString();
    s.threads = m_threads->value();
    s.precision = m_precision->currentData().toString();
    s.tileSize = m_tileSize;
    s.modelsDir = m_modelsDir->text().trimmed();
    s.maxModels = m_maxModels->value();
    s.memoryBudgetMb = m_memoryBudget->value();
    s.idleReleaseMinutes = m_idleRelease->value();
    const QList<int> sizes = parseBatchSizes(m_warmup->text());
    if (!sizes.isEmpty()) s.warmupBatchSizes = sizes;  // empty text: the default
    // In the stored order (the preload loads in it), then the newly checked ones in the list's:
    // a dialog closed with OK leaves an untouched list as it was, and the engine running.
    QStringList checked;
    for (int i = 0; i < m_preload->count(); ++i) {
        const QListWidgetItem* item = m_preload->item(i);
        if (item->checkState() == Qt::Checked) checked << item->text();
    }
    s.preload.clear();
    for (const QString& id : m_storedPreload) {
        if (checked.contains(id)) s.preload << id;
    }
    for (const QString& id : checked) {
        if (!s.preload.contains(id)) s.preload << id;
    }
    return s;
}

QString SettingsDialog::language() const {
    return m_language->currentData().toString();
}

QString SettingsDialog::theme() const {
    return m_theme->currentData().toString();
}

void SettingsDialog::accept() {
    engineSettings().save();
    Translations::storeLanguage(language());
    PhotoLimits::storeMaxMegapixels(m_maxMegapixels->value());
    // The theme applies at once (the language needs a restart: widgets translate when built).
    if (theme() != Theme::stored()) {
        Theme::store(theme());
        Theme::apply(theme());
    }
    QDialog::accept();
}

void SettingsDialog::showCommandLineModelsDir(const QString& dir) {
    m_modelsDirNote->setVisible(!dir.isEmpty());
    if (dir.isEmpty()) return;
    //: %1 is a folder
    m_modelsDirNote->setText(tr("This session uses %1, given with --models-dir. The folder set "
                                "here applies when GPEN Studio starts without it.")
                                 .arg(QDir::toNativeSeparators(dir)));
    m_modelsDir->setPlaceholderText(
        tr("Only the standard folders (when started without "
           "--models-dir)"));
}

void SettingsDialog::browseModelsDir() {
    const QString start = m_modelsDir->text().isEmpty() ? QDir::homePath() : m_modelsDir->text();
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Models Folder"), start);
    if (!dir.isEmpty()) m_modelsDir->setText(QDir::toNativeSeparators(dir));
}

}  // namespace gpen::ui
