#include "ui/batch_dialog.h"

#include <algorithm>

#include <QApplication>
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
#include <QStyle>
#include <QSystemTrayIcon>
#include <QTableWidget>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include "ui/batch_scan_params.h"
#include "ui/core_text.h"

#include "gpen/batch/output_naming.h"
#include "ui/engine_controller.h"
#include "ui/restore_model_choices.h"
#include "ui/restore_panel.h"

namespace gpen::ui {
namespace {

const auto kInputKey = QStringLiteral("batch/input");
const auto kOutputKey = QStringLiteral("batch/output");
const auto kTemplateKey = QStringLiteral("batch/template");

QStringList patterns(const QLineEdit* edit) {
    return edit->text().split(QLatin1Char(';'), Qt::SkipEmptyParts);
}

// "1 min 05 s", "42 s": a time left as a person reads it.
QString duration(double seconds) {
    const int s = static_cast<int>(seconds + 0.5);
    if (s < 60) return BatchDialog::tr("%1 s").arg(s);
    if (s < 3600) return BatchDialog::tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return BatchDialog::tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QPushButton* browseButton(QWidget* parent) { return new QPushButton(BatchDialog::tr("Browse…"), parent); }

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
    m_include->setToolTip(tr("Globs separated by ';'. A pattern with '/' is matched against the path "
                             "inside the input folder, else against the file name."));
    m_exclude->setToolTip(m_include->toolTip());
    m_recursive->setObjectName(QStringLiteral("recursiveBox"));
    m_template->setToolTip(tr("{name} file name, {ext} extension, {relpath} sub-folder, {model} face model, "
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

    m_table->setHorizontalHeaderLabels({tr("File"), tr("Status"), tr("Faces"), tr("Time"), tr("Notes"), tr("Output")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Fixed widths and one line per row: a table of thousands of files never measures its contents.
    m_table->setWordWrap(false);
    QHeaderView* header = m_table->horizontalHeader();
    for (const Column c : {FileColumn, ErrorColumn, OutputColumn}) header->setSectionResizeMode(c, QHeaderView::Stretch);
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

    m_reviewOnly = new QCheckBox(tr("Show only files to review (a face may no longer look like the same person)"), this);
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
    m_template->setText(settings.value(kTemplateKey, QString::fromLatin1(kDefaultNameTemplate)).toString());

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
        m_suggestedOutput = QDir::toNativeSeparators(in.absoluteDir().filePath(in.fileName() + tr("-restored")));
        m_output->setText(m_suggestedOutput);
    });
    connect(browseIn, &QPushButton::clicked, this, [this] { chooseFolder(m_input, tr("Input Folder")); });
    connect(browseOut, &QPushButton::clicked, this, [this] { chooseFolder(m_output, tr("Output Folder")); });
    connect(m_template, &QLineEdit::textChanged, this, &BatchDialog::updateExample);
    connect(m_recursive, &QCheckBox::toggled, this, &BatchDialog::updateExample);
    connect(m_format, &QComboBox::currentIndexChanged, this, &BatchDialog::updateExample);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        const QString f = m_format->currentData().toString();
        m_quality->setEnabled(f == QStringLiteral("jpg") || f == QStringLiteral("webp") || f == QStringLiteral("same"));
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
        } else if (scanned->files.empty()) {
            text = tr("No photos to restore here: none of its files is a photo these choices select.");
        } else {
            constexpr std::size_t kNamed = 3;
            QStringList names;
            for (std::size_t i = 0; i < std::min(kNamed, scanned->files.size()); ++i) {
                names << QString::fromStdString(scanned->files[i].relative.generic_string());
            }
            if (scanned->files.size() > kNamed) names << QStringLiteral("…");
            text = tr("%n photo(s) selected: %1", nullptr, static_cast<int>(scanned->files.size()))
                       .arg(names.join(QStringLiteral(", ")));
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
    m_output->setText(QDir::toNativeSeparators(in.absoluteDir().filePath(in.fileName() + tr("-restored"))));
}

void BatchDialog::setOutputFolder(const QString& folder) { m_output->setText(QDir::toNativeSeparators(folder)); }

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
        .arg(QString::fromStdString(fields.relative.generic_string()), QString::fromStdString(name->generic_string()));
}

void BatchDialog::updateExample() { m_example->setText(nameExample()); }

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
    } else if (QFileInfo(r.outputDir).canonicalFilePath() == QFileInfo(r.inputDir).canonicalFilePath()) {
        // Core refuses it too (whatever the template or policy): the next run would take every
        // output for an input, and one name away an original would be replaced.
        problem = tr("The output folder is the input folder: choose a folder of its own for the restored photos, "
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
    m_progressLabel->setText(m_engine->busy() ? tr("Waiting for the engine…") : tr("Looking for photos…"));
    m_job = m_engine->startBatch(r);
    setRunning(true);
    return true;
}

void BatchDialog::setRunning(bool running) {
    for (QWidget* w : std::initializer_list<QWidget*>{m_input, m_output, m_recursive, m_include, m_exclude, m_template,
                                                      m_ifExists, m_format, m_quality, m_options, m_start}) {
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

QString BatchDialog::stateText(BatchFileState state) {
    switch (state) {
    case BatchFileState::Pending: return tr("Waiting");
    case BatchFileState::Running: return tr("Restoring…");
    case BatchFileState::Ok: return tr("Done");
    case BatchFileState::Skipped: return tr("Skipped");
    case BatchFileState::Failed: return tr("Failed");
    case BatchFileState::Cancelled: return tr("Cancelled");
    }
    return {};
}

void BatchDialog::setRow(int tableRow, const BatchFileRow& row) {
    if (tableRow < 0) return;
    if (tableRow >= m_table->rowCount()) m_table->setRowCount(tableRow + 1);
    const bool ended = row.state != BatchFileState::Pending && row.state != BatchFileState::Running;
    // An error says why a file failed or was skipped; notes say what a user should know of a
    // written one (damaged data decoded around, a face skipped, a fallback taken).
    const QString notes = row.error.isEmpty() ? row.notes.join(QStringLiteral("; ")) : row.error;
    const QString cells[ColumnCount] = {
        row.file,
        stateText(row.state),
        row.state == BatchFileState::Ok ? QString::number(row.faces) : QString(),
        ended && row.seconds > 0 ? tr("%1 s").arg(row.seconds, 0, 'f', 1) : QString(),
        notes,
        row.output};
    for (int c = 0; c < ColumnCount; ++c) {
        QTableWidgetItem* item = m_table->item(tableRow, c);
        if (!item) {
            item = new QTableWidgetItem;
            m_table->setItem(tableRow, c, item);
        }
        item->setText(cells[c]);
        if (c == ErrorColumn || c == FileColumn) item->setToolTip(cells[c]);
    }
    QTableWidgetItem* status = m_table->item(tableRow, StatusColumn);
    status->setData(Qt::UserRole, static_cast<int>(row.state));
    const bool review = row.state == BatchFileState::Ok && !row.reviewFaces.isEmpty();
    status->setData(Qt::UserRole + 1, review);
    const bool warn = row.state == BatchFileState::Ok && (row.warning || review);
    status->setIcon(warn ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
    QStringList tip = row.warning ? row.notes : QStringList();
    if (review) {
        QStringList faces;
        for (int f : row.reviewFaces) faces << QString::number(f);
        status->setText(tr("Review"));
        //: %1 lists face numbers ("2, 5"), %2 is the lowest identity score (0.42)
        tip << tr("Face(s) %1 may no longer look like the same person (lowest identity score %2): compare them before "
                  "you keep this output.", nullptr, static_cast<int>(faces.size()))
                   .arg(faces.join(QStringLiteral(", ")))
                   .arg(row.identityMin, 0, 'f', 2);
        m_reviewOnly->setEnabled(true);
    }
    status->setToolTip(tip.join(QLatin1Char('\n')));
    m_rowOfFile.insert(row.file, tableRow);
    if (m_reviewOnly->isChecked()) m_table->setRowHidden(tableRow, !review);
}

bool BatchDialog::rowNeedsReview(int tableRow) const {
    const QTableWidgetItem* status = m_table->item(tableRow, StatusColumn);
    return status && status->data(Qt::UserRole + 1).toBool();
}

void BatchDialog::applyReviewFilter() {
    const bool only = m_reviewOnly->isChecked();
    for (int r = 0; r < m_table->rowCount(); ++r) m_table->setRowHidden(r, only && !rowNeedsReview(r));
}

void BatchDialog::onPlanned(const BatchPlanView& plan) {
    if (plan.jobId != m_job) return;
    m_table->setRowCount(static_cast<int>(plan.rows.size()));
    m_rowOfFile.clear();
    for (int i = 0; i < plan.rows.size(); ++i) setRow(i, plan.rows[i]);
    m_progress->setRange(0, std::max<int>(1, static_cast<int>(plan.rows.size())));
    m_progress->setValue(0);
    m_progressLabel->setText(tr("%n photo(s) to restore", nullptr, static_cast<int>(plan.rows.size())));
}

void BatchDialog::onFileDone(const BatchFileView& file) {
    if (file.jobId != m_job) return;
    // Rows are the plan's files, found by name.
    const int row = m_rowOfFile.value(file.row.file, -1);
    if (row == m_runningRow) m_runningRow = -1;
    setRow(row, file.row);
}

void BatchDialog::onProgress(const BatchProgressView& p) {
    if (p.jobId != m_job) return;
    // The file in inference shows as running, with its stage.
    const int row = m_rowOfFile.value(p.currentFile, -1);
    if (row >= 0 && row != m_runningRow) {
        QTableWidgetItem* status = m_table->item(row, StatusColumn);
        const auto state = status ? static_cast<BatchFileState>(status->data(Qt::UserRole).toInt()) : BatchFileState::Pending;
        if (state == BatchFileState::Pending) {
            m_runningRow = row;
            status->setText(stateText(BatchFileState::Running));
            status->setData(Qt::UserRole, static_cast<int>(BatchFileState::Running));
            m_table->scrollToItem(status);
        }
    }
    if (m_runningRow >= 0 && row == m_runningRow && !p.stage.isEmpty()) {
        QString stage = p.stage;
        if (p.stageTotal > 0) stage = tr("%1 %2/%3").arg(p.stage).arg(p.stageDone).arg(p.stageTotal);
        m_table->item(m_runningRow, StatusColumn)->setText(tr("Restoring: %1").arg(stage));
    }
    // The bar moves within a file too: each file is 100 steps, its stages' own counts fill them
    // (never backwards, as a new stage starts its count again).
    if (p.currentFile != m_progressFile) {
        m_progressFile = p.currentFile;
        m_fileFraction = 0;
    }
    if (p.stageTotal > 0) m_fileFraction = std::max(m_fileFraction, std::clamp(double(p.stageDone) / p.stageTotal, 0.0, 0.99));
    m_progress->setRange(0, std::max(1, p.filesTotal) * 100);
    m_progress->setValue(p.filesDone * 100 + (p.filesDone < p.filesTotal ? static_cast<int>(m_fileFraction * 100) : 0));
    QString text = tr("%1 of %2 photos — %3 done, %4 skipped, %5 failed")
                       .arg(p.filesDone)
                       .arg(p.filesTotal)
                       .arg(p.ok)
                       .arg(p.skipped)
                       .arg(p.failed);
    if (p.paused || m_paused) {
        text += tr(" — paused");
    } else if (p.etaSeconds >= 0) {
        text += tr(" — about %1 left").arg(duration(p.etaSeconds));
    }
    m_progressLabel->setText(text);
}

void BatchDialog::onFinished(const BatchOutcome& o) {
    if (o.jobId != m_job) return;
    m_job = 0;
    m_outcome = o;
    m_runningRow = -1;
    // Rows the runner never reached (a cancel, a full disk) say so.
    for (int r = 0; r < m_table->rowCount(); ++r) {
        QTableWidgetItem* status = m_table->item(r, StatusColumn);
        const auto state = status ? static_cast<BatchFileState>(status->data(Qt::UserRole).toInt()) : BatchFileState::Pending;
        if (status && (state == BatchFileState::Pending || state == BatchFileState::Running)) {
            // A full disk leaves them pending for the next run; a cancel ends them.
            status->setText(o.diskFull ? tr("Not written: disk full") : stateText(BatchFileState::Cancelled));
            if (!o.diskFull) status->setData(Qt::UserRole, static_cast<int>(BatchFileState::Cancelled));
        }
    }
    m_reportPath = o.reportJson;
    setRunning(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(1);
    m_openReport->setEnabled(!m_reportPath.isEmpty() && QFileInfo::exists(m_reportPath));
    m_openOutput->setEnabled(QFileInfo(m_outputDir).isDir());
    QString text = tr("Batch finished: %1 restored, %2 skipped, %3 failed in %4")
                       .arg(o.ok)
                       .arg(o.skipped)
                       .arg(o.failed)
                       .arg(duration(o.seconds));
    if (o.wasCancelled) {
        text = tr("Batch cancelled: %1 restored, %2 skipped, %3 failed, %4 not done in %5")
                   .arg(o.ok)
                   .arg(o.skipped)
                   .arg(o.failed)
                   .arg(o.cancelled)
                   .arg(duration(o.seconds));
    }
    if (o.diskFull) {
        text = tr("Stopped: the disk is full. %n photo(s) not written yet stay in the report; free some space and start "
                  "the same batch again to finish them (what is done is kept).",
                  nullptr, o.pending);
        m_progressLabel->setToolTip(o.stopReason);
    }
    if (o.review > 0) {
        text += QStringLiteral(" — ") +
                tr("%n file(s) to review: a face may no longer look like the same person", nullptr, o.review);
    }
    m_progressLabel->setText(text);
    notifyDone(text);
    Q_EMIT batchEnded(o, {});
}

void BatchDialog::onFailed(quint64 jobId, const QString& message) {
    if (jobId != m_job) return;
    m_job = 0;
    setRunning(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    const QString text = tr("The batch could not start: %1").arg(message);
    m_progressLabel->setText(text);
    notifyDone(text);
    BatchOutcome none;
    none.jobId = jobId;
    Q_EMIT batchEnded(none, message);
}

void BatchDialog::notifyDone(const QString& text) {
    // A tray message where the desktop shows one (the batch may run for hours behind other
    // windows); else the taskbar's attention request for this window.
    if (QSystemTrayIcon::isSystemTrayAvailable() && QSystemTrayIcon::supportsMessages()) {
        auto* tray = new QSystemTrayIcon(windowIcon().isNull() ? QApplication::windowIcon() : windowIcon(), this);
        tray->show();
        tray->showMessage(tr("GPEN Studio"), text, QSystemTrayIcon::Information, 10000);
        connect(tray, &QSystemTrayIcon::messageClicked, this, [this] {
            show();
            raise();
        });
        QTimer::singleShot(std::chrono::seconds(30), tray, &QObject::deleteLater);
        Q_EMIT notified(QStringLiteral("tray"), text);
        return;
    }
    QApplication::alert(isVisible() ? static_cast<QWidget*>(this) : parentWidget(), 0);
    Q_EMIT notified(QStringLiteral("alert"), text);
}

}  // namespace gpen::ui
