#include "ui/settings_dialog.h"

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
#include <QVBoxLayout>

#include "gpen/engine/model_catalog.h"
#include "ui/translations.h"

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
      m_tileSize(new QSpinBox(this)),
      m_modelsDir(new QLineEdit(this)),
      m_language(new QComboBox(this)) {
    setWindowTitle(tr("Settings"));
    auto* layout = new QVBoxLayout(this);

    auto* engineBox = new QGroupBox(tr("Engine"), this);
    auto* engine = new QFormLayout(engineBox);
    m_device->addItem(tr("Automatic (CUDA when available)"), QStringLiteral("auto"));
    m_device->addItem(tr("CPU"), QStringLiteral("cpu"));
    m_device->addItem(tr("CUDA (GPU)"), QStringLiteral("cuda"));
    engine->addRow(tr("&Device:"), m_device);
    m_threads->setRange(0, 256);
    m_threads->setSpecialValueText(tr("One per core"));
    engine->addRow(tr("CPU &threads:"), m_threads);
    m_tileSize->setRange(64, 2048);
    m_tileSize->setSingleStep(32);
    m_tileSize->setSuffix(tr(" px"));
    engine->addRow(tr("T&ile size:"), m_tileSize);
    auto* dirRow = new QHBoxLayout;
    m_modelsDir->setPlaceholderText(tr("Only the standard folders"));
    dirRow->addWidget(m_modelsDir, 1);
    auto* browse = new QPushButton(tr("&Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &SettingsDialog::browseModelsDir);
    dirRow->addWidget(browse);
    engine->addRow(tr("&Models folder:"), dirRow);
    layout->addWidget(engineBox);

    auto* cacheBox = new QGroupBox(tr("Models in memory"), this);
    auto* cache = new QFormLayout(cacheBox);
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
    layout->addWidget(cacheBox);

    auto* uiBox = new QGroupBox(tr("Interface"), this);
    auto* ui = new QFormLayout(uiBox);
    m_language->addItem(tr("System"), QString());
    m_language->addItem(QStringLiteral("English"),
                        QStringLiteral("en"));  // each in its own language
    m_language->addItem(QStringLiteral("Deutsch"), QStringLiteral("de"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    ui->addRow(tr("&Language:"), m_language);
    layout->addWidget(uiBox);

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
    m_tileSize->setValue(s.tileSize);
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
    m_preload->clear();
    for (const QString& id : ids) {
        auto* item = new QListWidgetItem(id, m_preload);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(s.preload.contains(id) ? Qt::Checked : Qt::Unchecked);
    }
    const int lang = m_language->findData(language);
    m_language->setCurrentIndex(lang < 0 ? 0 : lang);
}

EngineSettings SettingsDialog::engineSettings() const {
    EngineSettings s;
    s.device = m_device->currentData().toString();
    s.threads = m_threads->value();
    s.tileSize = m_tileSize->value();
    s.modelsDir = m_modelsDir->text().trimmed();
    s.maxModels = m_maxModels->value();
    s.memoryBudgetMb = m_memoryBudget->value();
    s.idleReleaseMinutes = m_idleRelease->value();
    const QList<int> sizes = parseBatchSizes(m_warmup->text());
    if (!sizes.isEmpty()) s.warmupBatchSizes = sizes;  // empty text: the default
    s.preload.clear();
    for (int i = 0; i < m_preload->count(); ++i) {
        const QListWidgetItem* item = m_preload->item(i);
        if (item->checkState() == Qt::Checked) s.preload << item->text();
    }
    return s;
}

QString SettingsDialog::language() const {
    return m_language->currentData().toString();
}

void SettingsDialog::accept() {
    engineSettings().save();
    Translations::storeLanguage(language());
    QDialog::accept();
}

void SettingsDialog::browseModelsDir() {
    const QString start = m_modelsDir->text().isEmpty() ? QDir::homePath() : m_modelsDir->text();
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Models Folder"), start);
    if (!dir.isEmpty()) m_modelsDir->setText(QDir::toNativeSeparators(dir));
}

}  // namespace gpen::ui
