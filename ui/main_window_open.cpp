// SPDX-License-Identifier: Apache-2.0
// MainWindow's ways in for photos: Open, Paste, drag and drop, another launch's files; what could
// not be opened (listed in a window of its own); and a large dropped folder offered to the batch
// first. The window's layout and behaviour are in main_window.cpp.

#include <QApplication>
#include <QClipboard>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>
#include <QUrl>

#include "ui/main_window.h"
#include "ui/photos/image_session.h"

namespace gpen::ui {
namespace {

QStringList localPaths(const QMimeData* mime) {
    QStringList paths;
    if (mime) {
        for (const QUrl& url : mime->urls()) {
            if (url.isLocalFile()) {
                paths << url.toLocalFile();
            }
        }
    }
    return paths;
}

}  // namespace

void MainWindow::openFromAnotherLaunch(const QStringList& paths) {
    if (!paths.isEmpty()) openPaths(paths);
    if (isMinimized()) showNormal();
    raise();
    activateWindow();
}

quint64 MainWindow::openPaths(const QStringList& paths) {
    if (!paths.isEmpty())
        m_status->setText(tr("Opening %1…").arg(QFileInfo(paths.front()).fileName()));
    // The batch starts from the folder opened last: the one a user who opens File → Batch next
    // most likely means.
    for (const QString& p : paths) {
        if (QFileInfo(p).isDir()) m_openedFolder = p;
    }
    const int before = m_session->count();
    const quint64 id = m_session->open(paths);
    m_openRequests.insert(id, {paths, before});
    return id;
}

void MainWindow::finishOpen(quint64 id, const QStringList& problems, const QStringList& details) {
    const auto request = m_openRequests.constFind(id);
    if (request == m_openRequests.constEnd()) return;
    const QStringList paths = request->paths;
    const int before = request->countBefore;
    m_openRequests.erase(request);
    if (m_session->count() > before) {
        showPhoto(m_session->count() - 1);
        addRecent(paths);
    } else if (problems.isEmpty() && !paths.isEmpty()) {
        const int existing = m_session->indexOfPath(paths.front());
        if (existing >= 0) {
            showPhoto(existing);
        } else {
            m_status->setText(
                tr("No supported images in %1").arg(QFileInfo(paths.front()).fileName()));
        }
    }
    // After the selection, which shows the photo's own line: the problems must stay visible.
    if (!problems.isEmpty()) {
        m_status->setText(problems.join(QStringLiteral("; ")));
        showOpenProblems(problems, details);
    }
}

void MainWindow::showOpenProblems(const QStringList& problems, const QStringList& details) {
    // Every file and why, in a window of its own (the status bar cuts a long line): the first few
    // in view, all of them under "Show Details…" as text that can be copied.
    const int n = static_cast<int>(problems.size());
    auto* box =
        new QMessageBox(QMessageBox::Warning, tr("Files Not Opened"),
                        tr("%n file(s) could not be opened.", nullptr, n), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("openProblemsBox"));
    constexpr int kShown = 5;
    QString shown = problems.mid(0, kShown).join(QLatin1Char('\n'));
    if (n > kShown) shown += QLatin1Char('\n') + tr("… and %n more", nullptr, n - kShown);
    box->setInformativeText(shown);
    box->setDetailedText(details.join(QLatin1Char('\n')));
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->open();
}

void MainWindow::openDialog() {
    QStringList patterns;
    for (const QString& s : ImageSession::supportedSuffixes()) {
        patterns << QStringLiteral("*.") + s;
    }
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open Photos"), QString(), tr("Images (%1)").arg(patterns.join(QLatin1Char(' '))));
    if (!files.isEmpty()) {
        openPaths(files);
    }
}

void MainWindow::pasteImage() {
    const QImage image = QApplication::clipboard()->image();
    if (image.isNull()) {
        m_status->setText(tr("The clipboard holds no image"));
        return;
    }
    m_session->addImage(image, tr("Pasted image %1").arg(m_session->count() + 1));
    showPhoto(m_session->count() - 1);
}

void MainWindow::offerBatch(const QStringList& droppedPaths) {
    QString folder;
    for (const QString& p : droppedPaths) {
        if (QFileInfo(p).isDir()) folder = p;
    }
    if (!m_engine || folder.isEmpty()) return;
    if (!m_batchOffer) {
        m_batchOffer = new QPushButton(this);
        m_batchOffer->setObjectName(QStringLiteral("batchOfferButton"));
        m_batchOffer->setFlat(true);
        statusBar()->addPermanentWidget(m_batchOffer);
        connect(m_batchOffer, &QPushButton::clicked, this, [this] {
            m_batchOffer->hide();
            showBatchDialog(m_batchOffer->property("folder").toString());
        });
    }
    // A dropped folder opens in the list as before; restoring all of it is one click away.
    m_batchOffer->setText(tr("Batch restore “%1”…").arg(QFileInfo(folder).fileName()));
    m_batchOffer->setProperty("folder", folder);
    m_batchOffer->show();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!localPaths(event->mimeData()).isEmpty()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty()) return;
    event->acceptProposedAction();
    // A folder of more than a few dozen photos is what the batch is for: asked first, once the
    // drop is over (a dialog inside a drop would hold the file manager's drag).
    QString large;
    for (const QString& p : paths) {
        if (QFileInfo(p).isDir() && ImageSession::imagesIn(p).size() > kBatchFirstAbove) large = p;
    }
    if (large.isEmpty() || !m_engine) {
        openPaths(paths);
        offerBatch(paths);
        return;
    }
    QTimer::singleShot(0, this, [this, paths, large] {
        QMessageBox box(QMessageBox::Question, tr("Many Photos"),
                        tr("“%1” holds %n photo(s).", nullptr,
                           static_cast<int>(ImageSession::imagesIn(large).size()))
                            .arg(QFileInfo(large).fileName()),
                        QMessageBox::Cancel, this);
        box.setInformativeText(
            tr("A batch restores them into a folder of your choice, resumes after a crash and "
               "keeps memory low. Open them here to look at them one by one."));
        QPushButton* batch = box.addButton(tr("&Batch Restore…"), QMessageBox::AcceptRole);
        QPushButton* here = box.addButton(tr("&Open Here"), QMessageBox::ActionRole);
        box.button(QMessageBox::Cancel)->setText(tr("&Cancel"));
        box.setDefaultButton(batch);
        box.exec();
        if (box.clickedButton() == batch) {
            showBatchDialog(large);
        } else if (box.clickedButton() == here) {
            openPaths(paths);
        }
    });
}

}  // namespace gpen::ui
