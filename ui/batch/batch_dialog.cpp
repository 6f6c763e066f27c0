// SPDX-License-Identifier: Apache-2.0
#include "ui/batch/batch_dialog.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include "ui/bridge/batch_scan_params.h"
#include "ui/common/core_text.h"

#include "gpen/batch/output_naming.h"
#include "gpen/io/image_io.h"
#include "ui/bridge/engine_controller.h"
#include "ui/photos/restore_model_choices.h"
#include "ui/photos/restore_panel.h"

namespace gpen::ui {
namespace {

const auto kInputKey = QStringLiteral("batch/input");
const auto kOutputKey = QStringLiteral("batch/output");
const auto kTemplateKey = QStringLiteral("batch/template");

QStringList patterns(const QLineEdit* edit) {
    return edit->text().split(QLatin1Char(';'), Qt::SkipEmptyParts);
}

// "1 min 05 s", "42 s": a time left as a person reads it.
QPushButton* browseButton(QWidget* parent) {
    return new QPushButton(BatchDialog::tr("Browse…"), parent);
}

// The file the live example names, with the request's model, scale and format.
NameFields exampleFields(const BatchRequest& r) {
    NameFields fields;
    fields.relative = r.recursive ? "1950s/Grandma.jpg" : "Grandma.jpg";
    fields.model = r.options.faceModel.toStdString();
    fields.scale = r.options.backgroundScale;
    // The batch's date is UTC, as the runner names its files.
    fields.date = QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate).toStdString();
    fields.index = 6;
    fields.total = 120;
    fields.format = parseOutputFormat(r.format.toStdString()).value_or(OutputFormat::Same);
    return fields;
}

}  // namespace

BatchDialog::BatchDialog(EngineController* engine, QWidget* parent)
    : QDialog(parent),
      m_engine(engine),
      m_input(new QLineEdit(this)),
      m_output(new QLineEdit(this)),
      m_recursive(new QCheckBox(tr("Include sub-folders (the output mirrors them)"), this)),
      m_include(new QLineEdit(this)),
      m_exclude(new QLineEdit(this)),
      m_template(new QLineEdit(this)),
      m_example(new QLabel(this)),
      m_ifExists(new QComboBox(this)),
      m_format(new QComboBox(this)),
      m_quality(new QSpinBox(this)),
      m_options(new RestorePanel(this)),
      m_table(new QTableWidget(0, ColumnCount, this)),
      m_progress(new QProgressBar(this)),
      m_progressLabel(new QLabel(this)),
      m_start(new QPushButton(tr("&Start"), this)),
      m_pause(new QPushButton(tr("&Pause"), this)),
      m_cancel(new QPushButton(tr("Cancel Batch"), this)),
      m_openReport(new QPushButton(tr("Open &Report"), this)),
      m_openOutput(new QPushButton(tr("Open &Output Folder"), this)) {
    setWindowTitle(tr("Batch Restore"));
    setObjectName(QStringLiteral("batchDialog"));
    m_include->setPlaceholderText(tr("all photos (e.g. *.tif; 1950s/**)"));
    m_exclude->setPlaceholderText(tr("none (e.g. *-restored.*; drafts/**)"));
    m_include->setToolTip(
        tr("Globs separated by ';'. A pattern with '/' is matched against the path "
           "inside the input folder, else against the file name."));
    m_exclude->setToolTip(m_include->toolTip());
    m_recursive->setObjectName(QStringLiteral("recursiveBox"));
    m_template->setToolTip(
        tr("{name} file name, {ext} extension, {relpath} sub-folder, {model} face model, "
           "{scale} background scale, {date} today, {index} position in the list"));
    m_ifExists->addItem(tr("Skip the file"), QStringLiteral("skip"));
    m_ifExists->addItem(tr("Overwrite it"), QStringLiteral("overwrite"));
    m_ifExists->addItem(tr("Add a number to the name"), QStringLiteral("suffix"));
    m_format->addItem(tr("Same as the photo"), QStringLiteral("same"));
    m_format->addItem(QStringLiteral("PNG"), QStringLiteral("png"));
    m_format->addItem(QStringLiteral("JPEG"), QStringLiteral("jpg"));
    m_format->addItem(QStringLiteral("TIFF"), QStringLiteral("tif"));
    m_format->addItem(QStringLiteral("WebP"), QStringLiteral("webp"));
    m_quality->setRange(1, 100);
    m_quality->setValue(95);
    m_quality->setToolTip(tr("JPEG and WebP quality"));
    // The restore panel's own options, without its buttons: the batch runs from this dialog.
    // A batch has no brush: repairing damage needs a mask painted on each photo.
    m_options->removeTask(QStringLiteral("inpaint"));
    m_options->removeTask(QStringLiteral("seg2face"));
    m_options->hideButtons();
    m_options->hideBrush();

    auto* inputRow = new QHBoxLayout;
    inputRow->addWidget(m_input, 1);
    QPushButton* browseIn = browseButton(this);
    inputRow->addWidget(browseIn);
    auto* outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output, 1);
    QPushButton* browseOut = browseButton(this);
    outputRow->addWidget(browseOut);
    auto* formatRow = new QHBoxLayout;
    formatRow->addWidget(m_format, 1);
    formatRow->addWidget(new QLabel(tr("Quality"), this));
    formatRow->addWidget(m_quality);

    auto* files = new QGroupBox(tr("Files"), this);
    auto* form = new QFormLayout(files);
    form->addRow(tr("Input folder"), inputRow);
    form->addRow(QString(), m_recursive);
    form->addRow(tr("Include"), m_include);
    form->addRow(tr("Exclude"), m_exclude);
    m_plan = new QLabel(this);
    m_plan->setObjectName(QStringLiteral("batchPlan"));
    m_plan->setWordWrap(true);
    m_plan->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(QString(), m_plan);
    form->addRow(tr("Output folder"), outputRow);
    form->addRow(tr("Names"), m_template);
    form->addRow(QString(), m_example);
    form->addRow(tr("If the file exists"), m_ifExists);
    form->addRow(tr("Format"), formatRow);
    auto* restore = new QGroupBox(tr("Restore"), this);
    (new QVBoxLayout(restore))->addWidget(m_options);
    auto* top = new QHBoxLayout;
    top->addWidget(files, 3);
    top->addWidget(restore, 2);

    m_table->setHorizontalHeaderLabels(
        {tr("File"), tr("Status"), tr("Faces"), tr("Time"), tr("Notes"), tr("Output")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Fixed widths and one line per row: a table of thousands of files never measures its contents.
    m_table->setWordWrap(false);
    QHeaderView* header = m_table->horizontalHeader();
    for (const Column c : {FileColumn, ErrorColumn, OutputColumn})
        header->setSectionResizeMode(c, QHeaderView::Stretch);
    header->resizeSection(StatusColumn, 170);
    header->resizeSection(FacesColumn, 60);
    header->resizeSection(TimeColumn, 70);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->setMinimumHeight(160);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_pause);
    buttons->addWidget(m_cancel);
    buttons->addStretch(1);
    buttons->addWidget(m_openReport);
    buttons->addWidget(m_openOutput);
    auto* close = new QPushButton(tr("Close"), this);
    buttons->addWidget(close);

    m_reviewOnly = new QCheckBox(
        tr("Show only files to review (a face may no longer look like the same person)"), this);
    m_reviewOnly->setEnabled(false);
    connect(m_reviewOnly, &QCheckBox::toggled, this, &BatchDialog::applyReviewFilter);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_reviewOnly);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_progress);
    layout->addWidget(m_progressLabel);
    layout->addLayout(buttons);
    m_start->setDefault(true);

    const QSettings settings;
    m_input->setText(settings.value(kInputKey).toString());
    m_output->setText(settings.value(kOutputKey).toString());
    m_template->setText(
        settings.value(kTemplateKey, QString::fromLatin1(kDefaultNameTemplate)).toString());

    m_browse = {browseIn, browseOut};
    m_planner.setMaxThreadCount(1);
    m_planTimer = new QTimer(this);
    m_planTimer->setSingleShot(true);
    m_planTimer->setInterval(250);  // typing a path scans once it pauses
    connect(m_planTimer, &QTimer::timeout, this, &BatchDialog::refreshPlan);
    for (QLineEdit* edit : {m_input, m_output, m_include, m_exclude}) {
        connect(edit, &QLineEdit::textChanged, m_planTimer, qOverload<>(&QTimer::start));
    }
    connect(m_recursive, &QCheckBox::toggled, m_planTimer, qOverload<>(&QTimer::start));
    // A typed input folder gets its sibling output folder, unless the user chose one.
    connect(m_input, &QLineEdit::textEdited, this, [this](const QString& text) {
        const QString current = m_output->text().trimmed();
        if (!current.isEmpty() && current != m_suggestedOutput) return;
        const QString folder = QDir::fromNativeSeparators(text.trimmed());
        if (folder.isEmpty() || !QFileInfo(folder).isDir()) return;
        const QFileInfo in(QDir::cleanPath(folder));
        m_suggestedOutput =
            QDir::toNativeSeparators(in.absoluteDir().filePath(in.fileName() + tr("-restored")));
        m_output->setText(m_suggestedOutput);
    });
    connect(browseIn, &QPushButton::clicked, this,
            [this] { chooseFolder(m_input, tr("Input Folder")); });
    connect(browseOut, &QPushButton::clicked, this,
            [this] { chooseFolder(m_output, tr("Output Folder")); });
    connect(m_template, &QLineEdit::textChanged, this, &BatchDialog::updateExample);
    connect(m_recursive, &QCheckBox::toggled, this, &BatchDialog::updateExample);
    connect(m_format, &QComboBox::currentIndexChanged, this, &BatchDialog::updateExample);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        const QString f = m_format->currentData().toString();
        m_quality->setEnabled(f == QStringLiteral("jpg") || f == QStringLiteral("webp") ||
                              f == QStringLiteral("same"));
    });
    connect(m_options, &RestorePanel::optionsChanged, this, &BatchDialog::updateExample);
    connect(m_start, &QPushButton::clicked, this, &BatchDialog::start);
    connect(m_pause, &QPushButton::clicked, this, [this] {
        if (!m_job) return;
        m_paused = !m_paused;
        m_engine->setPaused(m_job, m_paused);
        m_pause->setText(m_paused ? tr("&Resume") : tr("&Pause"));
        m_progressLabel->setText(m_paused ? tr("Paused") : tr("Resuming…"));
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (!m_job) return;
        m_engine->cancelJob(m_job);
        m_cancel->setEnabled(false);
        m_pause->setEnabled(false);
        m_progressLabel->setText(tr("Cancelling…"));
    });
    connect(m_openReport, &QPushButton::clicked, this,
            [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_reportPath)); });
    connect(m_openOutput, &QPushButton::clicked, this,
            [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_outputDir)); });
    connect(close, &QPushButton::clicked, this, &QWidget::close);

    if (m_engine) {
        // The face models as the main window's panel lists them: installed first, "None (upscale
        // only)" last, an installed one chosen on a first-run machine.
        new RestoreModelChoices(m_engine, m_options, this);
        connect(m_engine, &EngineController::batchPlanned, this, &BatchDialog::onPlanned);
        connect(m_engine, &EngineController::batchFileDone, this, &BatchDialog::onFileDone);
        connect(m_engine, &EngineController::batchProgress, this, &BatchDialog::onProgress);
        connect(m_engine, &EngineController::batchFinished, this, &BatchDialog::onFinished);
        connect(m_engine, &EngineController::jobFailed, this, &BatchDialog::onFailed);
    }
    setRunning(false);
    m_openReport->setEnabled(false);
    m_openOutput->setEnabled(false);
    updateExample();
    refreshPlan();
    resize(980, 720);
}

void BatchDialog::refreshPlan() {
    const quint64 generation = ++m_planGeneration;
    if (running()) return;
    const BatchRequest r = request();
    if (r.inputDir.isEmpty()) {
        m_plan->clear();
        Q_EMIT planReady();
        return;
    }
    BatchScanParams params = batchScanParamsOf(r);
    if (!r.outputDir.isEmpty()) params.skipFolders.push_back(r.outputDir.toStdString());
    m_plan->setText(tr("Looking for photos…"));
    m_planner.start([this, generation, params, input = r.inputDir.toStdString()] {
        const auto scanned = scanInputFolder(input, params);
        QString text;
        if (!scanned) {
            text = CoreText::error(scanned.error());
        } else {
            // Counted as the batch will: a file whose first bytes say it is no photo that can be
            // opened (a text file named .jpg, an empty one) is listed apart, not as a photo.
            constexpr std::size_t kNamed = 3;
            QStringList photos, refused;
            std::size_t photoCount = 0, refusedCount = 0;
            for (const ScannedFile& f : scanned->files) {
                const QString name = QString::fromStdString(f.relative.generic_string());
                const bool readable = checkImageFile(f.path).has_value();
                std::size_t& count = readable ? photoCount : refusedCount;
                QStringList& names = readable ? photos : refused;
                if (count++ < kNamed) names << name;
            }
            if (photoCount > kNamed) photos << QStringLiteral("…");
            if (refusedCount > kNamed) refused << QStringLiteral("…");
            if (photoCount == 0) {
                text =
                    tr("No photos to restore here: none of its files is a photo these choices "
                       "select.");
            } else {
                text = tr("%n photo(s) selected: %1", nullptr, static_cast<int>(photoCount))
                           .arg(photos.join(QStringLiteral(", ")));
            }
            if (refusedCount > 0) {
                text += QLatin1Char('\n') + tr("%n file(s) that cannot be opened as photos: %1",
                                               nullptr, static_cast<int>(refusedCount))
                                                .arg(refused.join(QStringLiteral(", ")));
            }
        }
        // Queued to the dialog; dropped with its events if it is gone (m_planner joins first).
        QMetaObject::invokeMethod(this, [this, generation, text] {
            if (generation != m_planGeneration) return;  // the form changed meanwhile
            m_plan->setText(text);
            Q_EMIT planReady();
        });
    });
}

void BatchDialog::setInputFolder(const QString& folder) {
    m_input->setText(QDir::toNativeSeparators(folder));
    const QFileInfo in(folder);
    m_output->setText(
        QDir::toNativeSeparators(in.absoluteDir().filePath(in.fileName() + tr("-restored"))));
}

void BatchDialog::setOutputFolder(const QString& folder) {
    m_output->setText(QDir::toNativeSeparators(folder));
}

void BatchDialog::setRestoreOptions(const RestoreOptions& options) {
    m_options->setTask(options.task);
    m_options->setFaceModel(options.faceModel);
    m_options->setBackgroundScale(options.backgroundScale);
}

BatchRequest BatchDialog::request() const {
    BatchRequest r;
    r.inputDir = QDir::fromNativeSeparators(m_input->text().trimmed());
    r.outputDir = QDir::fromNativeSeparators(m_output->text().trimmed());
    r.recursive = m_recursive->isChecked();
    r.include = patterns(m_include);
    r.exclude = patterns(m_exclude);
    r.nameTemplate = m_template->text().trimmed();
    r.ifExists = m_ifExists->currentData().toString();
    r.format = m_format->currentData().toString();
    r.quality = m_quality->value();
    r.options = m_options->options();
    return r;
}

QString BatchDialog::nameExample() const {
    const BatchRequest r = request();
    const NameFields fields = exampleFields(r);
    const auto name = expandNameTemplate(r.nameTemplate.toStdString(), fields);
    if (!name) return tr("Template error: %1").arg(QString::fromStdString(name.error().message));
    return tr("Example: %1 → %2")
        .arg(QString::fromStdString(fields.relative.generic_string()),
             QString::fromStdString(name->generic_string()));
}

void BatchDialog::updateExample() {
    m_example->setText(nameExample());
}

void BatchDialog::chooseFolder(QLineEdit* edit, const QString& title) {
    const QString dir = QFileDialog::getExistingDirectory(this, title, edit->text());
    if (dir.isEmpty()) return;
    if (edit == m_input) {
        setInputFolder(dir);
    } else {
        edit->setText(QDir::toNativeSeparators(dir));
    }
}

void BatchDialog::rememberForm() const {
    QSettings settings;
    settings.setValue(kInputKey, m_input->text());
    settings.setValue(kOutputKey, m_output->text());
    settings.setValue(kTemplateKey, m_template->text());
}

bool BatchDialog::start() {
    if (!m_engine || m_job) return false;
    const BatchRequest r = request();
    QString problem;
    if (r.inputDir.isEmpty() || !QFileInfo(r.inputDir).isDir()) {
        problem = tr("Choose an input folder that exists.");
    } else if (r.outputDir.isEmpty()) {
        problem = tr("Choose an output folder.");
    } else if (QFileInfo(r.outputDir).canonicalFilePath() ==
               QFileInfo(r.inputDir).canonicalFilePath()) {
        // Core refuses it too (whatever the template or policy): the next run would take every
        // output for an input, and one name away an original would be replaced.
        problem =
            tr("The output folder is the input folder: choose a folder of its own for the restored "
               "photos, "
               "so that no original is ever replaced.");
    } else if (!expandNameTemplate(r.nameTemplate.toStdString(), exampleFields(r))) {
        problem = nameExample();
    }
    if (!problem.isEmpty()) {
        // The last batch's rows do not belong to the form as it is now.
        m_table->setRowCount(0);
        m_rowOfFile.clear();
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
        m_progressLabel->setText(problem);
        return false;
    }
    rememberForm();
    m_table->setRowCount(0);
    m_reviewOnly->setChecked(false);
    m_reviewOnly->setEnabled(false);
    m_rowOfFile.clear();
    m_runningRow = -1;
    m_outcome = {};
    m_reportPath.clear();
    m_outputDir = r.outputDir;
    m_progressFile.clear();
    m_fileFraction = 0;
    m_progress->setRange(0, 0);
    m_progressLabel->setText(m_engine->busy() ? tr("Waiting for the engine…")
                                              : tr("Looking for photos…"));
    m_job = m_engine->startBatch(r);
    setRunning(true);
    return true;
}

void BatchDialog::setRunning(bool running) {
    for (QWidget* w : std::initializer_list<QWidget*>{m_input, m_output, m_recursive, m_include,
                                                      m_exclude, m_template, m_ifExists, m_format,
                                                      m_quality, m_options, m_start}) {
        w->setEnabled(!running);
    }
    for (QPushButton* b : std::as_const(m_browse)) b->setEnabled(!running);
    m_pause->setEnabled(running);
    m_cancel->setEnabled(running);
    m_paused = false;
    m_pause->setText(tr("&Pause"));
    if (!running) {
        m_quality->setEnabled(m_format->currentData().toString() != QStringLiteral("png") &&
                              m_format->currentData().toString() != QStringLiteral("tif"));
    }
}

void BatchDialog::reject() {
    if (running()) {
        if (m_cancel->isEnabled()) m_cancel->click();
        return;
    }
    QDialog::reject();
}

}  // namespace gpen::ui
