// SPDX-License-Identifier: Apache-2.0
// MainWindow's restores: Restore started from the panel, the engine's answers (progress, the
// result, a failure, a cancel), and the faces of the photo in view re-blended from its strip (the
// window's layout and behaviour are in main_window.cpp).

#include "ui/main_window.h"

#include <utility>

#include <QLabel>

#include "ui/bridge/engine_controller.h"
#include "ui/models/missing_model_banner.h"
#include "ui/models/model_manager_dialog.h"
#include "ui/photos/comparison_view.h"
#include "ui/photos/face_strip.h"
#include "ui/photos/image_session.h"
#include "ui/photos/restore_model_choices.h"
#include "ui/photos/restore_panel.h"

namespace gpen::ui {

void MainWindow::showPreviousFaces(int index) {
    // A restore that did not finish leaves the photo's earlier result in view: its faces come
    // back to the strip with it, adjustable where the engine held that result on to (small
    // enough to keep beside the new job), and the other held photo's too.
    if (m_held.photo >= 0) m_reblend = m_held;
    m_held = {};
    if (index < 0 || index != currentIndex()) return;
    m_stripPhoto = -1;
    showFaces(index);
}

void MainWindow::showFaces(int index) {
    // The strip always shows the photo in view: its faces from its last restore, or nothing.
    // Re-filled only when another photo comes into view or its faces are new: a re-blend of the
    // same photo leaves the sliders where the user put them.
    if (index != m_stripPhoto) {
        const auto& e = m_session->entry(index);
        QList<QRect> boxes;
        for (const auto& f : e.faces) boxes << f.box;
        m_faces->setFaces(e.faces, e.faceStrengths, e.facesAccepted);
        m_view->setFaceBoxes(boxes);
        QList<double> scores;
        for (const auto& f : e.faces) scores << f.identity;
        m_view->setFaceScores(scores);
        m_stripPhoto = index;
    }
    m_faces->setAdjustable(index == m_reblend.photo);
}

void MainWindow::onFaceChoices(const QList<double>& strengths) {
    const int index = currentIndex();
    if (index < 0 || index != m_reblend.photo || !m_engine) return;
    m_session->setFaceChoices(index, m_faces->sliderValues(), m_faces->accepted());
    m_engine->reblend(m_reblend.key, strengths);
    updateEditActions();
}

void MainWindow::connectEngine() {
    connect(m_banner, &MissingModelBanner::importRequested, this,
            [this](const QString& id) { showModelManager(id)->chooseAndImport(id); });
    connect(m_banner, &MissingModelBanner::downloadRequested, this,
            [this](const QString& id) { showModelManager(id)->downloadModel(id); });
    new RestoreModelChoices(m_engine, m_panel,
                            this);  // face models installed first, the choice remembered
    // Only the window's own restore: a batch's jobs report to the batch dialog.
    connect(m_panel, &RestorePanel::cancelClicked, this,
            [this] { m_engine->cancelJob(m_restoreJob); });
    connect(m_engine, &EngineController::jobProgress, this, [this](const JobProgress& p) {
        if (p.jobId == m_restoreJob) m_panel->showProgress(p);
    });
    connect(m_engine, &EngineController::jobFinished, this, [this](const RestoreOutcome& o) {
        if (o.jobId != m_restoreJob) return;  // another window's or dialog's job
        m_panel->showFinished(o.summary);
        m_status->setText(o.summary);
        const int index = m_jobImage;  // follows the photo if an earlier one was closed meanwhile
        m_jobImage = -1;
        m_held = {};            // the engine holds the new result now, in place of the earlier one
        if (index < 0) return;  // the photo was closed while it was restored
        // The engine now holds this photo's full result (and only this one): its faces re-blend.
        m_session->setFaces(index, o.faces, m_panel->options().strength);
        m_session->setProcessingNote(index, o.processingNote);
        m_session->setRepairedMask(index, o.repairedMask);
        m_session->setSummary(index, o.summary);
        m_reblend = {index, o.imageIndex};
        if (m_stripPhoto == index) m_stripPhoto = -1;  // new faces: the strip is filled again
        m_session->setResult(index, o.result);
        startNextQueued();  // Restore All goes on
    });
    connect(m_engine, &EngineController::jobFailed, this,
            [this](quint64 id, const QString& message) {
                if (id != m_restoreJob) return;
                showPreviousFaces(m_jobImage);
                m_jobImage = -1;
                m_panel->showFailed(message);
                m_status->setText(tr("Restore failed: %1").arg(message));
                startNextQueued();  // one photo that fails does not stop Restore All
            });
    connect(m_engine, &EngineController::reblendHeld, this, [this](quint64 id, int key) {
        if (id != m_restoreJob || key == m_held.key) return;
        m_held = {};  // let go for memory: the earlier result can no longer re-blend
    });
    connect(m_engine, &EngineController::jobCancelled, this, [this](quint64 id) {
        if (id != m_restoreJob) return;
        showPreviousFaces(m_jobImage);
        m_jobImage = -1;
        m_panel->showCancelled();
        m_status->setText(tr("Cancelled"));
        m_restoreQueue.clear();  // Cancel stops Restore All too
    });
    connect(m_faces, &FaceStrip::strengthsChanged, this, &MainWindow::onFaceChoices);
    connect(m_engine, &EngineController::reblended, this,
            [this](int key, const QImage& image, const QList<double>& identity) {
                if (key != m_reblend.key || m_reblend.photo < 0) return;
                if (!identity.isEmpty()) {
                    m_session->setFaceIdentity(m_reblend.photo, identity);
                    if (currentIndex() == m_reblend.photo) {
                        m_faces->setIdentity(identity);
                        m_view->setFaceScores(identity);
                    }
                }
                m_session->setResult(m_reblend.photo, image);
            });
}

void MainWindow::restoreCurrent() {
    const int index = currentIndex();
    if (!m_engine || index < 0) {
        m_status->setText(tr("Open a photo first"));
        return;
    }
    if (const QString missing = m_banner->missingModel(); !missing.isEmpty()) {
        // Said where the user looks (the panel), and nothing starts.
        m_panel->showNotStarted(tr("Not started: %1 is not installed. Import or download it "
                                   "(above the photo), or choose another model.")
                                    .arg(missing));
        return;
    }
    if (!m_session->resident(index)) {
        // Released for memory: decoded again first, then restored (entryLoaded).
        m_restoreWhenLoaded = index;
        m_session->use(index);
        return;
    }
    QImage damage;
    RestoreOptions options = m_panel->options();
    if (!damageToRepair(&damage, &options)) return;
    m_jobImage = index;
    // The engine holds one full result at a time (a 24 MP photo at 4x is gigabytes): no photo
    // re-blends until this one is done; the earlier result may come back if it is cancelled.
    m_held = std::exchange(m_reblend, {});
    m_faces->clear();
    m_view->setFaceBoxes({});
    m_stripPhoto = index;
    m_panel->setRunning(true);
    if (m_engine->batchRunning())
        m_status->setText(tr("The restore starts when the batch has finished"));
    const auto& entry = m_session->entry(index);
    m_restoreJob = m_engine->restore(index, entry.decoded, entry.path, options, damage);
}

}  // namespace gpen::ui
