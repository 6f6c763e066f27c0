// SPDX-License-Identifier: Apache-2.0
#include "ui/settings/about_dialog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <map>

#include "gpen/engine/model_catalog.h"

namespace gpen::ui {

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent), m_text(new QTextBrowser(this)) {
    setWindowTitle(tr("About GPEN Studio"));
    auto* title = new QLabel(this);
    title->setTextFormat(Qt::RichText);
    title->setText(
        QStringLiteral("<h2>GPEN Studio %1</h2><p>%2</p>")
            .arg(version().toHtmlEscaped(),
                 tr("Restores faces in old, blurry and low-resolution photographs with the GPEN "
                    "networks, on your own computer.")));
    title->setWordWrap(true);

    // The weights' licences come from the catalog: one line per distinct licence.
    std::map<std::string, QStringList> byLicence;
    const ModelCatalog catalog = ModelCatalog::released();
    for (const auto& e : catalog.entries()) {
        if (!e.licence.empty()) byLicence[e.licence] << QString::fromStdString(e.id);
    }
    QString weights;
    for (const auto& [licence, ids] : byLicence) {
        weights += QStringLiteral("<li><b>%1</b>: %2</li>")
                       .arg(ids.join(QStringLiteral(", ")).toHtmlEscaped(),
                            QString::fromStdString(licence).toHtmlEscaped());
    }
    weights += QStringLiteral("<li><b>realesrnet_x1, realesrnet_x2, realesrnet_x4</b>: %1</li>")
                   .arg(tr("BSD 3-Clause licence (the Real-ESRGAN project)"));
    weights +=
        QStringLiteral("<li><b>dlib</b>: %1</li>")
            .arg(tr("the 68-point landmark model is trained on the iBUG 300-W data set, whose "
                    "licence excludes commercial use."));

    const QString libraries =
        QStringLiteral(
            "<li><b>Qt %1</b> — %2</li><li><b>libtorch</b> — %3</li><li><b>OpenCV</b> — %4</li>"
            "<li><b>dlib</b> — %5</li><li><b>exiv2</b> — %6</li><li><b>libcurl</b> — %7</li>")
            .arg(QString::fromLatin1(qVersion()), tr("GNU LGPL version 3"),
                 tr("BSD 3-Clause licence"), tr("Apache License 2.0"),
                 tr("Boost Software License 1.0"), tr("GNU GPL version 2 or later"),
                 tr("curl licence (MIT-style)"));
    m_text->setOpenExternalLinks(true);
    m_text->setHtml(
        QStringLiteral("<h3>%1</h3><p>%2</p><h3>%3</h3><ul>%4</ul><h3>%5</h3><p>%6</p><ul>%7</ul>")
            .arg(tr("Licence"),
                 tr("GPEN Studio's code is free software under the Apache License 2.0. Built with "
                    "exiv2, "
                    "the program as a whole is distributed under the GNU GPL version 3 or later."),
                 tr("Libraries"), libraries, tr("Model weights"),
                 tr("The weights are not part of GPEN Studio; each comes with its authors' terms:"),
                 weights));
    m_text->setMinimumSize(420, 260);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* aboutQt = buttons->addButton(tr("About &Qt"), QDialogButtonBox::ActionRole);
    connect(aboutQt, &QPushButton::clicked, this, [this] { QApplication::aboutQt(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
}

QString AboutDialog::version() {
    const QString app = QCoreApplication::applicationVersion();
    return app.isEmpty() ? QStringLiteral(GPEN_STUDIO_VERSION) : app;
}

}  // namespace gpen::ui
