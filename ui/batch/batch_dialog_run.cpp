// SPDX-License-Identifier: Apache-2.0
// BatchDialog while a batch runs: the table's rows following the engine's plan and file events, the
// overall progress and time left, the end (summary, report, notification) and the review filter.

#include "ui/batch/batch_dialog.h"

#include <algorithm>

#include <QApplication>
#include <QCheckBox>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QTableWidget>
#include <QTimer>

namespace gpen::ui {
namespace {

QString duration(double seconds) {
    const int s = static_cast<int>(seconds + 0.5);
    if (s < 60) return BatchDialog::tr("%1 s").arg(s);
    if (s < 3600)
        return BatchDialog::tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return BatchDialog::tr("%1 h %2 min")
        .arg(s / 3600)
        .arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

QString BatchDialog::stateText(BatchFileState state) {
    switch (state) {
        case BatchFileState::Pending:
            return tr("Waiting");
        case BatchFileState::Running:
            return tr("Restoring…");
        case BatchFileState::Ok:
            return tr("Done");
        case BatchFileState::Skipped:
            return tr("Skipped");
        case BatchFileState::Failed:
            return tr("Failed");
        case BatchFileState::Cancelled:
            return tr("Cancelled");
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
    // The output column names a file that is there: a written one, or the one a pending row will
    // write (in gray); a failed, skipped or cancelled row wrote none.
    const bool written = row.state == BatchFileState::Ok;
    const bool planned =
        row.state == BatchFileState::Pending || row.state == BatchFileState::Running;
    const QString cells[ColumnCount] = {
        row.file,
        stateText(row.state),
        row.state == BatchFileState::Ok ? QString::number(row.faces) : QString(),
        ended && row.seconds > 0 ? tr("%1 s").arg(row.seconds, 0, 'f', 1) : QString(),
        notes,
        written || planned ? row.output : QString()};
    for (int c = 0; c < ColumnCount; ++c) {
        QTableWidgetItem* item = m_table->item(tableRow, c);
        if (!item) {
            item = new QTableWidgetItem;
            m_table->setItem(tableRow, c, item);
        }
        item->setText(cells[c]);
        if (c == FileColumn) item->setToolTip(cells[c]);
    }
    QTableWidgetItem* reason = m_table->item(tableRow, ErrorColumn);
    reason->setToolTip(row.errorDetails.isEmpty() ? notes
                                                  : notes + QStringLiteral("\n\n") +
                                                        tr("Details: %1").arg(row.errorDetails));
    QTableWidgetItem* output = m_table->item(tableRow, OutputColumn);
    output->setForeground(planned ? palette().brush(QPalette::Disabled, QPalette::Text)
                                  : palette().brush(QPalette::Active, QPalette::Text));
    output->setToolTip(planned && !row.output.isEmpty()
                           ? tr("Will be written as %1").arg(row.output)
                           : cells[OutputColumn]);
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
        tip << tr("Face(s) %1 may no longer look like the same person (lowest identity score %2): "
                  "compare them before "
                  "you keep this output.",
                  nullptr, static_cast<int>(faces.size()))
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
    for (int r = 0; r < m_table->rowCount(); ++r)
        m_table->setRowHidden(r, only && !rowNeedsReview(r));
}

void BatchDialog::onPlanned(const BatchPlanView& plan) {
    if (plan.jobId != m_job) return;
    m_table->setRowCount(static_cast<int>(plan.rows.size()));
    m_rowOfFile.clear();
    for (int i = 0; i < plan.rows.size(); ++i) setRow(i, plan.rows[i]);
    m_progress->setRange(0, std::max<int>(1, static_cast<int>(plan.rows.size())));
    m_progress->setValue(0);
    // Counted as the user will find them: files the plan already knows cannot be restored (not a
    // photo, an output name taken) or will leave as they are are not photos to restore.
    int toRestore = 0, refused = 0, kept = 0;
    for (const BatchFileRow& row : plan.rows) {
        toRestore += row.state == BatchFileState::Pending ? 1 : 0;
        refused += row.state == BatchFileState::Failed ? 1 : 0;
        kept += row.state == BatchFileState::Skipped || row.state == BatchFileState::Ok ? 1 : 0;
    }
    QStringList parts{tr("%n photo(s) to restore", nullptr, toRestore)};
    if (refused > 0) parts << tr("%n file(s) that cannot be restored", nullptr, refused);
    if (kept > 0) parts << tr("%n done already", nullptr, kept);
    m_progressLabel->setText(parts.join(QStringLiteral(", ")));
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
        const auto state = status ? static_cast<BatchFileState>(status->data(Qt::UserRole).toInt())
                                  : BatchFileState::Pending;
        if (state == BatchFileState::Pending) {
            m_runningRow = row;
            status->setText(stateText(BatchFileState::Running));
            status->setData(Qt::UserRole, static_cast<int>(BatchFileState::Running));
            m_table->scrollToItem(status);
        }
    }
    if (m_runningRow >= 0 && row == m_runningRow && !p.stage.isEmpty()) {
        QString stage = p.stage;
        if (p.stageTotal > 0)
            stage = tr("%1 %2/%3").arg(p.stage).arg(p.stageDone).arg(p.stageTotal);
        m_table->item(m_runningRow, StatusColumn)->setText(tr("Restoring: %1").arg(stage));
    }
    // The bar moves within a file too: each file is 100 steps, its stages' own counts fill them
    // (never backwards, as a new stage starts its count again).
    if (p.currentFile != m_progressFile) {
        m_progressFile = p.currentFile;
        m_fileFraction = 0;
    }
    if (p.stageTotal > 0)
        m_fileFraction =
            std::max(m_fileFraction, std::clamp(double(p.stageDone) / p.stageTotal, 0.0, 0.99));
    m_progress->setRange(0, std::max(1, p.filesTotal) * 100);
    m_progress->setValue(p.filesDone * 100 +
                         (p.filesDone < p.filesTotal ? static_cast<int>(m_fileFraction * 100) : 0));
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
        const auto state = status ? static_cast<BatchFileState>(status->data(Qt::UserRole).toInt())
                                  : BatchFileState::Pending;
        if (status && (state == BatchFileState::Pending || state == BatchFileState::Running)) {
            // A full disk leaves them pending for the next run; a cancel ends them.
            status->setText(o.diskFull ? tr("Not written: disk full")
                                       : stateText(BatchFileState::Cancelled));
            if (!o.diskFull)
                status->setData(Qt::UserRole, static_cast<int>(BatchFileState::Cancelled));
        }
    }
    m_reportPath = o.reportJson;
    setRunning(false);
    // The bar ends where the batch did: full only when every file was handled, so a cancelled
    // or stopped batch does not look finished.
    const int handled = o.ok + o.skipped + o.failed;
    m_progress->setRange(0, std::max(1, o.total));
    m_progress->setValue(o.total > 0 ? std::min(handled, o.total) : 1);
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
        text =
            tr("Stopped: the disk is full. %n photo(s) not written yet stay in the report; free "
               "some space and start "
               "the same batch again to finish them (what is done is kept).",
               nullptr, o.pending);
        m_progressLabel->setToolTip(o.stopReason);
    }
    if (o.review > 0) {
        text += QStringLiteral(" — ") +
                tr("%n file(s) to review: a face may no longer look like the same person", nullptr,
                   o.review);
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
        auto* tray = new QSystemTrayIcon(
            windowIcon().isNull() ? QApplication::windowIcon() : windowIcon(), this);
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
