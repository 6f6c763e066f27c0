// SPDX-License-Identifier: Apache-2.0
#include "ui/photos/face_map_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

#include <opencv2/imgproc.hpp>
#include "gpen/face/parsing_palette.h"

#include "gpen/io/image_io.h"
#include "ui/bridge/engine_controller.h"
#include "ui/common/core_text.h"
#include "ui/common/image_convert.h"
#include "ui/photos/image_canvas.h"
#include "ui/photos/stroke_brush.h"
#include "ui/photos/zoom_state.h"

namespace gpen::ui {
namespace {

// The class brush: its stroke is named after the class it paints.
class ClassBrush final : public StrokeBrush {
  public:
    using StrokeBrush::StrokeBrush;
    void setMap(const QImage& map) { resetImage(map.convertToFormat(QImage::Format_RGB888)); }
    void setClassName(const QString& name) { m_name = name; }

  protected:
    QString strokeText() const override { return FaceMapDialog::tr("Paint %1").arg(m_name); }

  private:
    QString m_name;
};

// CelebAMask-HQ's class names (core's table, by index) as the user reads them.
QString className(int index) {
    static const char* const kNames[] = {
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Background"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Skin"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Nose"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Glasses"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Left eye"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Right eye"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Left eyebrow"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Right eyebrow"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Left ear"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Right ear"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Mouth"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Upper lip"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Lower lip"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Hair"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Hat"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Earring"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Necklace"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Neck"),
        QT_TRANSLATE_NOOP("gpen::ui::FaceMapDialog", "Clothes"),
    };
    static_assert(std::size(kNames) == std::tuple_size_v<std::decay_t<decltype(parsingClasses())>>);
    return FaceMapDialog::tr(kNames[index]);
}

QColor classColour(int index) {
    const cv::Vec3b& rgb = parsingClasses()[static_cast<std::size_t>(index)].rgb;
    return QColor(rgb[0], rgb[1], rgb[2]);
}

QIcon swatch(const QColor& colour) {
    QPixmap p(16, 16);
    p.fill(colour);
    QPainter painter(&p);
    painter.setPen(QColor(0, 0, 0, 90));
    painter.drawRect(0, 0, 15, 15);
    return QIcon(p);
}

QString writeAtomically(const QString& path, const QImage& image) {
    if (image.isNull()) return FaceMapDialog::tr("Nothing to save yet");
    auto ok = writeImageAtomic(path.toStdString(), toBgrMat(image));
    return ok ? QString() : CoreText::error(ok.error());
}

}  // namespace

FaceMapDialog::FaceMapDialog(EngineController* engine,
                             std::shared_ptr<const gpen::DecodedImage> photo, const QRect& near,
                             const QString& photoName, const RestoreOptions& options,
                             QWidget* parent)
    : QDialog(parent),
      m_engine(engine),
      m_photoName(photoName),
      m_model(options.faceModel),
      m_zoom(new ZoomState(this)),
      m_brush(new ClassBrush(this)),
      m_mapCanvas(new ImageCanvas(m_zoom, this)),
      m_faceCanvas(new ImageCanvas(m_zoom, this)),
      m_classes(new QListWidget(this)),
      m_brushSize(new QSpinBox(this)),
      m_live(new QCheckBox(tr("Draw as I paint"), this)),
      m_draw(new QPushButton(tr("&Draw Face"), this)),
      m_undo(new QPushButton(tr("Undo"), this)),
      m_redo(new QPushButton(tr("Redo"), this)),
      m_reset(new QPushButton(tr("Reset Map"), this)),
      m_openMap(new QPushButton(tr("&Open Map…"), this)),
      m_saveFace(new QPushButton(tr("Save &Face…"), this)),
      m_saveMap(new QPushButton(tr("Save &Map…"), this)),
      m_models(new QPushButton(tr("Models…"), this)),
      m_status(new QLabel(this)) {
    setWindowTitle(tr("Face from a Parsing Map — %1").arg(photoName));
    setAttribute(Qt::WA_DeleteOnClose);
    resize(1100, 620);

    for (int i = 0; i < static_cast<int>(parsingClasses().size()); ++i) {
        auto* item = new QListWidgetItem(swatch(classColour(i)), className(i), m_classes);
        item->setData(Qt::UserRole, i);
    }
    m_classes->setToolTip(tr("The class the brush paints"));
    m_classes->setMaximumWidth(m_classes->sizeHintForColumn(0) + 40);
    // The face's two panes share one zoom: a pan or zoom on either moves both.
    m_mapCanvas->setMode(ImageCanvas::Mode::Before);
    m_faceCanvas->setMode(ImageCanvas::Mode::Split);
    m_faceCanvas->setDrivesFit(false);
    m_faceCanvas->setLabels(tr("Photo"), tr("Drawn"));
    m_mapCanvas->setBrush(m_brush);
    m_mapCanvas->setToolTip(
        tr("Paint with the class chosen on the left; drag with the right button to pan"));
    m_faceCanvas->setToolTip(
        tr("The photo's face (left of the divider) and the face drawn from the map (right)"));
    m_brushSize->setRange(1, 200);
    m_brushSize->setValue(16);
    m_brushSize->setSuffix(tr(" px"));
    m_brush->setRadius(m_brushSize->value());
    m_live->setChecked(true);
    m_live->setToolTip(tr("Draws the face again after every stroke (about a second each)"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_models->setVisible(false);

    auto* panes = new QHBoxLayout;
    panes->addWidget(m_classes);
    panes->addWidget(m_mapCanvas, 1);
    panes->addWidget(m_faceCanvas, 1);
    auto* tools = new QHBoxLayout;
    tools->addWidget(new QLabel(tr("Brush"), this));
    tools->addWidget(m_brushSize);
    tools->addWidget(m_undo);
    tools->addWidget(m_redo);
    tools->addWidget(m_reset);
    tools->addWidget(m_openMap);
    tools->addSpacing(12);
    tools->addWidget(m_live);
    tools->addWidget(m_draw);
    tools->addStretch(1);
    tools->addWidget(m_saveMap);
    tools->addWidget(m_saveFace);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_models);
    bottom->addWidget(buttons);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(panes, 1);
    layout->addLayout(tools);
    layout->addLayout(bottom);

    QUndoStack* steps = m_brush->undoStack();
    connect(m_undo, &QPushButton::clicked, steps, &QUndoStack::undo);
    connect(m_redo, &QPushButton::clicked, steps, &QUndoStack::redo);
    connect(steps, &QUndoStack::canUndoChanged, m_undo, &QPushButton::setEnabled);
    connect(steps, &QUndoStack::canRedoChanged, m_redo, &QPushButton::setEnabled);
    new QShortcut(QKeySequence::Undo, this, [steps] { steps->undo(); });
    new QShortcut(QKeySequence::Redo, this, [steps] { steps->redo(); });
    connect(m_reset, &QPushButton::clicked, this,
            [this] { m_brush->replaceImage(m_parsedMap, tr("Reset map")); });
    connect(m_brushSize, &QSpinBox::valueChanged, m_brush, &StrokeBrush::setRadius);
    connect(m_classes, &QListWidget::currentRowChanged, this, &FaceMapDialog::selectClass);
    connect(m_brush, &StrokeBrush::edited, this, [this] {
        if (m_live->isChecked()) drawFace();
    });
    connect(m_draw, &QPushButton::clicked, this, &FaceMapDialog::drawFace);
    // Asks where, named after the photo, then writes and says how it went.
    const auto promptSave = [this](const QString& title, const QString& suffix,
                                   QString (FaceMapDialog::*save)(const QString&) const) {
        const QString path = QFileDialog::getSaveFileName(
            this, title, QFileInfo(m_photoName).completeBaseName() + suffix,
            tr("PNG images (*.png)"));
        if (path.isEmpty()) return;
        const QString error = (this->*save)(path);
        showStatus(error.isEmpty() ? tr("Saved %1").arg(QFileInfo(path).fileName()) : error,
                   !error.isEmpty());
    };
    connect(m_saveFace, &QPushButton::clicked, this, [=] {
        promptSave(tr("Save the Drawn Face"), tr("-drawn.png"), &FaceMapDialog::saveFace);
    });
    connect(m_saveMap, &QPushButton::clicked, this, [=] {
        promptSave(tr("Save the Parsing Map"), tr("-map.png"), &FaceMapDialog::saveMap);
    });
    connect(m_openMap, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open a Parsing Map"), QString(),
            tr("Images (*.png *.bmp *.jpg *.jpeg *.webp *.tif *.tiff)"));
        if (path.isEmpty()) return;
        const QString error = openMap(path);
        if (!error.isEmpty()) showStatus(error, true);
    });
    connect(m_models, &QPushButton::clicked, this, &FaceMapDialog::modelsRequested);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_engine, &EngineController::faceMapReady, this, [this](const FaceMapOutcome& o) {
        if (o.jobId == m_mapJob) onMap(o.face, o.map, o.faceCount);
    });
    connect(m_engine, &EngineController::faceFromMapReady, this,
            [this](const FaceFromMapOutcome& o) {
                if (o.jobId == m_drawJob) onDrawn(o.face, o.unknownShare, o.model);
            });
    connect(m_engine, &EngineController::jobFailed, this, &FaceMapDialog::onFailed);
    connect(m_engine, &EngineController::jobCancelled, this, [this](quint64 id) {
        if (id == m_drawJob) m_drawJob = 0;
    });

    // Nothing to paint until the map is in.
    for (QWidget* w : std::initializer_list<QWidget*>{m_undo, m_redo, m_reset, m_openMap, m_draw,
                                                      m_saveFace, m_saveMap, m_classes}) {
        w->setEnabled(false);
    }
    showStatus(tr("Finding the face and reading its parsing map…"));
    m_mapJob = m_engine->faceMap(std::move(photo), near, options.detector);
}

FaceMapDialog::~FaceMapDialog() {
    cancelJobs();
}

void FaceMapDialog::done(int result) {
    cancelJobs();
    QDialog::done(result);
}

void FaceMapDialog::cancelJobs() {
    for (quint64* id : {&m_mapJob, &m_drawJob}) {
        if (*id) m_engine->cancelJob(*id);
        *id = 0;
    }
}

void FaceMapDialog::onMap(const QImage& face, const QImage& map, int faceCount) {
    m_mapJob = 0;
    m_photoFace = face;
    m_parsedMap = map;
    m_mapCanvas->setImages(map, QImage());
    m_faceCanvas->setImages(face, QImage());
    static_cast<ClassBrush*>(m_brush)->setMap(map);
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_reset, m_openMap, m_draw, m_saveMap, m_classes})
        w->setEnabled(true);
    m_classes->setCurrentRow(1);  // skin: the class most edits start with
    showStatus(
        faceCount > 1
            ? tr("The face you pointed at, of %n face(s) in the photo. Paint classes on the map to "
                 "change the face.",
                 nullptr, faceCount)
            : tr("Paint classes on the map to change the face."));
    Q_EMIT mapReady();
    drawFace();
}

void FaceMapDialog::drawFace() {
    if (m_brush->image().isNull()) return;
    if (m_drawJob) {
        m_drawAgain = true;  // after the one in flight: the newest map is what the user wants
        return;
    }
    m_drawAgain = false;
    showStatus(tr("Drawing the face…"));
    m_drawJob = m_engine->faceFromMap(m_brush->image(), m_model);
}

void FaceMapDialog::onDrawn(const QImage& face, double unknownShare, const QString& model) {
    m_drawJob = 0;
    m_models->setVisible(false);
    m_drawn = face;
    // Shown in the photo face's frame (one zoom for both panes); saved at the model's size.
    m_faceCanvas->setImages(
        m_photoFace,
        face.size() == m_photoFace.size()
            ? face
            : face.scaled(m_photoFace.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation));
    m_saveFace->setEnabled(true);
    QString text = tr("Drawn by %1.").arg(model);
    if (unknownShare > 0.001) {
        text += QLatin1Char(' ') +
                tr("%1 % of the map was no class colour and was taken as the nearest class.")
                    .arg(unknownShare * 100.0, 0, 'f', 1);
    }
    showStatus(text);
    Q_EMIT faceDrawn();
    if (m_drawAgain) drawFace();
}

void FaceMapDialog::onFailed(quint64 jobId, const QString& message) {
    if (jobId == 0 || (jobId != m_mapJob && jobId != m_drawJob)) return;
    if (jobId == m_mapJob) m_mapJob = 0;
    if (jobId == m_drawJob) m_drawJob = 0;
    m_drawAgain = false;
    showStatus(message, true);
    // A model missing is the usual cause: the Models dialog installs it.
    m_models->setVisible(true);
    Q_EMIT failed(message);
}

void FaceMapDialog::selectClass(int index) {
    if (index < 0) return;
    m_brush->setInk(classColour(index));
    static_cast<ClassBrush*>(m_brush)->setClassName(className(index));
}

void FaceMapDialog::showStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("QLabel { color: #d1242f; }") : QString());
}

QString FaceMapDialog::openMap(const QString& path) {
    if (m_brush->image().isNull()) return tr("The face's map is not read yet");
    auto image = readImageBgr8(path.toStdString());
    if (!image) return CoreText::error(image.error());
    // At the editor's size, pixel for pixel (a map has no in-between), then every colour snapped
    // to its class: a map drawn elsewhere, scaled or saved as JPEG has colours of no class.
    cv::Mat scaled;
    const QSize size = m_brush->image().size();
    cv::resize(*image, scaled, cv::Size(size.width(), size.height()), 0, 0, cv::INTER_NEAREST);
    const SnappedParsingMap snapped = snapToParsingColours(scaled);
    m_brush->replaceImage(fromBgrMat(snapped.bgr8), tr("Open map"));
    QString text = tr("Opened %1.").arg(QFileInfo(path).fileName());
    if (snapped.unknownShare > 0.001) {
        text += QLatin1Char(' ') +
                tr("%1 % of the map was no class colour and was taken as the nearest class.")
                    .arg(snapped.unknownShare * 100.0, 0, 'f', 1);
    }
    showStatus(text);
    return {};
}

QString FaceMapDialog::saveFace(const QString& path) const {
    return writeAtomically(path, m_drawn);
}

QString FaceMapDialog::saveMap(const QString& path) const {
    return writeAtomically(path, m_brush->image());
}

}  // namespace gpen::ui
