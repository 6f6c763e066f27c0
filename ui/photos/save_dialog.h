// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFileDialog>
#include <QString>
#include <QStringList>

class QLabel;
class QSlider;
class QSpinBox;

namespace gpen::ui {

// How a result is encoded; remembered in QSettings ("save/…") so the next save starts from the
// last choice. GUI thread only (QSettings of the application).
struct SaveOptions {
    int quality = 92;        // JPEG and WebP, 1..100
    int pngCompression = 3;  // PNG, 0..9

    static SaveOptions load();
    void save() const;
};

// Save Result As: one dialog, the file and its encoding together. Qt's own file dialog (a
// desktop's native one cannot hold our options) with a row under the file types: quality for
// JPEG and WebP, compression for PNG, nothing for TIFF, following the chosen type and the typed
// extension. GUI thread only.
class SaveDialog : public QFileDialog {
    Q_OBJECT
  public:
    // `filters` are name filters ("JPEG (*.jpg *.jpeg)"); `selectedFilter` the one to start on.
    SaveDialog(const QString& suggestion, const QStringList& filters, const QString& selectedFilter,
               const SaveOptions& initial, QWidget* parent = nullptr);

    SaveOptions options() const;
    // The lower-case extension whose options show ("jpg", "png", "tif").
    QString optionsFormat() const { return m_format; }
    QSpinBox* qualityBox() const { return m_quality; }
    QSpinBox* compressionBox() const { return m_compression; }

    // The suffix a filter's first pattern names: "JPEG (*.jpg *.jpeg)" -> "jpg".
    static QString suffixOfFilter(const QString& filter);

  private:
    void showOptionsFor(const QString& suffix);

    QString m_format;
    QLabel* m_qualityLabel;
    QSlider* m_qualitySlider;
    QSpinBox* m_quality;
    QLabel* m_compressionLabel;
    QSpinBox* m_compression;
};

}  // namespace gpen::ui
