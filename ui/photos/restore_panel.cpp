// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/restore_panel.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/bridge/engine_settings.h"
#include "ui/common/core_text.h"

namespace gpen::ui {

RestorePanel::RestorePanel(QWidget* parent)
    : QWidget(parent),
      m_task(new QComboBox(this)),
      m_repair(new QCheckBox(tr("Repair damage on the whole photo"), this)),
      m_showRepaired(new QCheckBox(tr("Show the repaired areas"), this)),
      m_damageTools(new QWidget(this)),
      m_brushSize(new QSpinBox(m_damageTools)),
      m_eraser(new QCheckBox(tr("Eraser"), m_damageTools)),
      m_undoDamage(new QPushButton(tr("Undo"), m_damageTools)),
      m_redoDamage(new QPushButton(tr("Redo"), m_damageTools)),
      m_clearDamage(new QPushButton(tr("Clear"), m_damageTools)),
      m_findDamage(new QPushButton(tr("Find damage"), m_damageTools)),
      m_sensitivity(new QSlider(Qt::Horizontal, this)),
      m_simulateDamage(new QPushButton(tr("Simulate damage"), m_damageTools)),
      m_mapTools(new QWidget(this)),
      m_editMap(new QPushButton(tr("&Edit a Face's Map…"), m_mapTools)),
      m_faceModel(new QComboBox(this)),
      m_detector(new QComboBox(this)),
      m_scale(new QComboBox(this)),
      m_upscaler(new QComboBox(this)),
      m_tile(new QSpinBox(this)),
      m_strength(new QSlider(Qt::Horizontal, this)),
      m_keepGray(new QCheckBox(tr("Keep grayscale photos gray"), this)),
      m_tintRest(new QCheckBox(tr("Tint the rest with the faces' colour"), this)),
      m_restore(new QPushButton(tr("&Restore"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_stage(new QLabel(this)),
      m_error(new QLabel(this)),
      m_strengthValue(new QLabel(this)) {
    for (const char* id : {"GPEN-BFR-512", "GPEN-BFR-256", "GPEN-BFR-1024", "GPEN-BFR-2048"}) {
        m_faceModel->addItem(QString::fromLatin1(id), QString::fromLatin1(id));
    }
    m_task->addItem(tr("Restore faces"), QStringLiteral("restore"));
    m_task->addItem(tr("Colorize faces"), QStringLiteral("colorize"));
    m_task->addItem(tr("Repair damage"), QStringLiteral("inpaint"));
    m_task->addItem(tr("Face from map"), QStringLiteral("seg2face"));
    m_task->setToolTip(
        tr("Colorize: a gray photo's faces are coloured, the rest stays gray. Repair damage: "
           "paint the scratches on the photo, then Restore fills them in the faces. Face from map: "
           "repaint a face's parsing map and see the face it describes."));
    m_brushSize->setRange(1, 200);
    m_brushSize->setValue(12);
    m_brushSize->setSuffix(tr(" px"));
    m_eraser->setToolTip(tr("Paint to remove marks instead of adding them"));
    {
        auto* tools = new QVBoxLayout(m_damageTools);
        tools->setContentsMargins(0, 0, 0, 0);
        auto* hint = new QLabel(
            tr("Paint the damage on the photo (it shows red); drag with the right button to pan."),
            m_damageTools);
        hint->setWordWrap(true);
        tools->addWidget(hint);
        auto* sizeRow = new QFormLayout;
        sizeRow->addRow(tr("Brush"), m_brushSize);
        tools->addLayout(sizeRow);
        tools->addWidget(m_eraser);
        auto* steps = new QHBoxLayout;
        steps->addWidget(m_undoDamage);
        steps->addWidget(m_redoDamage);
        steps->addWidget(m_clearDamage);
        tools->addLayout(steps);
        m_sensitivity->setRange(0, 100);
        m_sensitivity->setValue(50);
        m_sensitivity->setToolTip(
            tr("How faint a speck, scratch or crack Find damage marks: more finds more, and more "
               "that is not damage"));
        m_findDamage->setToolTip(
            tr("Marks white paint, dust, scratches and cracks as a "
               "suggestion to check and edit"));
        m_simulateDamage->setToolTip(
            tr("Opens a copy of the photo with random strokes, dust and "
               "cracks on it, to try the repair"));
        auto* suggest = new QHBoxLayout;
        suggest->addWidget(m_findDamage);
        suggest->addWidget(m_simulateDamage);
        tools->addLayout(suggest);
    }
    m_damageTools->setVisible(false);
    m_repair->setToolTip(
        tr("Fills dust, scratches and cracks anywhere on the photo before its faces are restored: "
           "the marks you paint, or where you paint none, what Find damage finds"));
    {
        auto* tools = new QVBoxLayout(m_mapTools);
        tools->setContentsMargins(0, 0, 0, 0);
        auto* hint = new QLabel(
            tr("GPEN-Seg2face draws a face from a parsing map. The editor starts from the map of "
               "the face selected in the photo (else the largest) and redraws the face as you "
               "repaint its classes."),
            m_mapTools);
        hint->setWordWrap(true);
        tools->addWidget(hint);
        tools->addWidget(m_editMap);
    }
    m_mapTools->setVisible(false);
    m_detector->addItem(tr("Automatic"), QStringLiteral("auto"));
    m_detector->addItem(QStringLiteral("RetinaFace"), QStringLiteral("retinaface"));
    m_detector->addItem(tr("Built-in (dlib)"), QStringLiteral("dlib"));
    m_scale->addItem(tr("None"), 1);
    // The scale only: which network upscales is the Upscaler row's (Real-ESRGAN by default).
    m_scale->addItem(tr("2×"), 2);
    m_scale->addItem(tr("4×"), 4);
    m_upscaler->addItem(tr("Automatic"), QStringLiteral("auto"));
    m_upscaler->addItem(tr("Real-ESRGAN, fast"), QStringLiteral("realesrgan-x4fast"));
    m_upscaler->addItem(tr("Real-ESRGAN, best quality (slower)"),
                        QStringLiteral("realesrgan-x4plus"));
    m_upscaler->setToolTip(
        tr("Automatic: a Real-ESRNet file of the scale when installed, else Real-ESRGAN's fast "
           "network. Best quality takes about ten times as long."));
    m_upscaler->setEnabled(false);  // no upscaling by default
    m_tile->setRange(64, 2048);
    m_tile->setSingleStep(32);
    m_tile->setValue(EngineSettings::load().tileSize);
    m_tile->setSuffix(tr(" px"));
    m_strength->setRange(0, 100);
    m_strength->setValue(100);
    m_keepGray->setChecked(true);
    m_tintRest->setToolTip(
        tr("No network colours a whole photo: off, the rest stays gray; on, it is toned with the "
           "colorized faces' average colour, like a toned print"));
    m_restore->setDefault(true);
    // Ctrl+R is the window's Photo → Restore (one shortcut, shown in the menu).
    m_cancel->setEnabled(false);
    m_progress->setVisible(false);
    m_stage->setWordWrap(true);
    m_stage->setObjectName(QStringLiteral("stageLabel"));
    // A failed restore is said here, where the user looks, not only in the status bar.
    m_error->setObjectName(QStringLiteral("restoreError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #d1242f; }"));
    m_error->setVisible(false);
    m_strengthValue->setText(tr("%1 %").arg(m_strength->value()));
    m_strengthValue->setMinimumWidth(
        m_strengthValue->fontMetrics().horizontalAdvance(tr("%1 %").arg(100)));
    auto* strengthRow = new QHBoxLayout;
    strengthRow->addWidget(m_strength, 1);
    strengthRow->addWidget(m_strengthValue);

    auto* form = new QFormLayout;
    m_form = form;
    form->addRow(tr("Task"), m_task);
    form->addRow(m_repair);
    form->addRow(m_damageTools);
    form->addRow(tr("Sensitivity"), m_sensitivity);
    form->setRowVisible(m_sensitivity, false);
    m_showRepaired->setToolTip(
        tr("Tints on the result what the last restore's repair filled, to check it."));
    form->addRow(m_showRepaired);
    form->setRowVisible(m_showRepaired, false);
    form->addRow(m_mapTools);
    form->addRow(tr("Face model"), m_faceModel);
    form->addRow(tr("Detector"), m_detector);
    form->addRow(tr("Background"), m_scale);
    form->addRow(tr("Upscaler"), m_upscaler);
    form->addRow(tr("Tile size"), m_tile);
    form->addRow(tr("Strength"), strengthRow);
    form->addRow(m_keepGray);
    form->addRow(m_tintRest);
    form->setRowVisible(m_tintRest, false);  // colorize's only
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_restore);
    layout->addWidget(m_cancel);
    layout->addWidget(m_progress);
    layout->addWidget(m_stage);
    layout->addWidget(m_error);
    layout->addStretch(1);
    connect(m_restore, &QPushButton::clicked, this, &RestorePanel::restoreClicked);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        // Acknowledged at once: the job stops at its next check, which may take a moment.
        m_cancel->setEnabled(false);
        m_stage->setText(tr("Cancelling…"));
        Q_EMIT cancelClicked();
    });
    // Like the face sliders: releasing (or a key step) re-blends; dragging only shows the value.
    connect(m_strength, &QSlider::valueChanged, this, [this](int v) {
        m_strengthValue->setText(tr("%1 %").arg(v));
        if (!m_strength->isSliderDown()) Q_EMIT strengthChanged(v / 100.0);
    });
    connect(m_strength, &QSlider::sliderReleased, this,
            [this] { Q_EMIT strengthChanged(m_strength->value() / 100.0); });
    connect(m_tile, &QSpinBox::valueChanged, this, [](int px) {
        EngineSettings stored = EngineSettings::load();
        stored.tileSize = px;
        stored.save();
    });
    connect(m_scale, &QComboBox::currentIndexChanged, this,
            [this] { m_upscaler->setEnabled(m_scale->currentData().toInt() > 1); });
    for (QComboBox* box : {m_faceModel, m_detector, m_scale, m_upscaler}) {
        connect(box, &QComboBox::currentIndexChanged, this, &RestorePanel::optionsChanged);
    }
    connect(m_repair, &QCheckBox::toggled, this, [this] {
        showRepair();
        Q_EMIT optionsChanged();
    });
    connect(m_task, &QComboBox::currentIndexChanged, this, [this, form, strengthRow] {
        const QString t = task();
        // A reason given for the other task ("paint the damage first") is no longer true.
        if (m_stageBeforeRefusal) m_stage->setText(*std::exchange(m_stageBeforeRefusal, {}));
        showRepair();
        // A face from a map is the editor's: of the photo's options only the face model (a
        // Seg2face one) and the detector (which finds the face to start from) apply.
        const bool photo = t != QLatin1String("seg2face");
        m_mapTools->setVisible(!photo);
        for (QWidget* field :
             std::initializer_list<QWidget*>{m_scale, m_upscaler, m_tile, m_keepGray}) {
            form->setRowVisible(field, photo);
        }
        form->setRowVisible(strengthRow, photo);
        form->setRowVisible(m_tintRest, t == QLatin1String("colorize"));
        m_restore->setVisible(photo && m_buttonsShown);
        // A colorized face is the point of the task: "keep gray" does not apply.
        m_keepGray->setEnabled(t != QLatin1String("colorize"));
        Q_EMIT taskChanged(t);
        Q_EMIT optionsChanged();
    });
}

QString RestorePanel::task() const {
    return m_task->currentData().toString();
}

void RestorePanel::setTask(const QString& task) {
    if (const int i = m_task->findData(task); i >= 0) m_task->setCurrentIndex(i);
}

void RestorePanel::hideButtons() {
    m_buttonsShown = false;
    m_restore->hide();
    m_cancel->hide();
}

void RestorePanel::hideBrush() {
    m_brushShown = false;
    showRepair();
}

void RestorePanel::setRepairedAreas(bool present) {
    m_form->setRowVisible(m_showRepaired, present);
}

bool RestorePanel::repairBoxApplies() const {
    // GPEN-Inpainting's task always repairs; a face drawn from a map has no photo to repair.
    const QString t = task();
    return t != QLatin1String("seg2face") && t != QLatin1String("inpaint");
}

void RestorePanel::showRepair() {
    // The damage tools follow the task and the Repair box.
    const bool repairing =
        task() == QLatin1String("inpaint") || (repairBoxApplies() && m_repair->isChecked());
    m_form->setRowVisible(m_repair, repairBoxApplies());
    m_form->setRowVisible(m_sensitivity, repairing);
    const bool marking = repairing && m_brushShown;
    m_damageTools->setVisible(marking);
    if (marking != m_marking) {
        m_marking = marking;
        Q_EMIT damageMarkingChanged(marking);
    }
}

void RestorePanel::removeTask(const QString& task) {
    if (const int i = m_task->findData(task); i >= 0) m_task->removeItem(i);
}

RestoreOptions RestorePanel::options() const {
    RestoreOptions o;
    o.task = task();
    o.faceModel = m_faceModel->currentData().toString();
    o.detector = m_detector->currentData().toString();
    o.backgroundScale = m_scale->currentData().toInt();
    o.background = m_upscaler->currentData().toString();
    o.tileSize = m_tile->value();
    o.strength = m_strength->value() / 100.0;
    o.keepGrayscale = m_keepGray->isChecked();
    o.tintRest = m_tintRest->isChecked();
    // Repairing with no marks (a batch has none): the finder marks the damage.
    o.findDamage = repairBoxApplies() && m_repair->isChecked();
    o.damageSensitivity = m_sensitivity->value() / 100.0;
    return o;
}

void RestorePanel::addFaceModel(const QString& id) {
    if (m_faceModel->findData(id) < 0) {
        m_faceModel->addItem(id, id);
    }
}

void RestorePanel::setFaceModel(const QString& id) {
    addFaceModel(id);
    m_faceModel->setCurrentIndex(m_faceModel->findData(id));
}

void RestorePanel::setBackgroundScale(int scale) {
    if (const int i = m_scale->findData(scale); i >= 0) {
        m_scale->setCurrentIndex(i);
    }
}

void RestorePanel::setRunning(bool running) {
    m_restore->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
    m_stageBeforeRefusal.reset();
    if (running) {
        m_progress->setRange(0, 0);
        m_stage->setText(tr("Starting…"));
        m_currentStage.clear();
        m_error->clear();
        m_error->setVisible(false);
    }
}

void RestorePanel::showFinished(const QString& summary) {
    setRunning(false);
    m_stage->setText(summary);
}

void RestorePanel::showFailed(const QString& message) {
    setRunning(false);
    m_stage->clear();
    m_error->setText(tr("Restore failed: %1").arg(message));
    m_error->setVisible(true);
}

void RestorePanel::showCancelled() {
    setRunning(false);
    m_stage->setText(tr("Cancelled"));
}

void RestorePanel::showNotStarted(const QString& why) {
    if (!m_stageBeforeRefusal) m_stageBeforeRefusal = m_stage->text();
    m_stage->setText(why);
}

void RestorePanel::showProgress(const JobProgress& p) {
    // After Cancel, the job's last progress lines must not hide the acknowledgement.
    if (!m_cancel->isEnabled()) return;
    if (!p.note.isEmpty()) {
        m_stage->setText(p.note);
        return;
    }
    if (p.stage != m_currentStage) {
        m_currentStage = p.stage;
        m_stageClock.start();
    }
    if (p.total <= 0) {
        m_progress->setRange(0, 0);
        m_stage->setText(CoreText::stage(p.stage));
        return;
    }
    m_progress->setRange(0, p.total);
    m_progress->setValue(p.done);
    QString text = tr("%1: %2 of %3").arg(CoreText::stage(p.stage)).arg(p.done).arg(p.total);
    // The time left in this stage, from the pace of its own steps so far: only once two steps and
    // a second and a half are behind it (the first step carries the stage's start-up), rounded
    // up, and said to be the stage's (the stages after it are not in it).
    const qint64 elapsedMs = m_stageClock.elapsed();
    if (p.done >= 2 && p.done < p.total && elapsedMs >= 1500) {
        const double perStepMs = static_cast<double>(elapsedMs) / p.done;
        const int left =
            std::max(1, static_cast<int>(std::ceil(perStepMs * (p.total - p.done) / 1000.0)));
        text += tr(" — about %n s more for this step", nullptr, left);
    }
    m_stage->setText(text);
}

}  // namespace gpen::ui
