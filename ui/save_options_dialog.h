#pragma once

#include <QDialog>
#include <QString>

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

// Asks for the encoder settings of one format after the file name is chosen: quality for JPEG and
// WebP, compression level for PNG. Formats without settings (TIFF) need no dialog.
class SaveOptionsDialog : public QDialog {
    Q_OBJECT
  public:
    // `suffix` is the chosen file's lower-case extension ("jpg", "webp", "png").
    SaveOptionsDialog(const QString& suffix, const QString& fileName, const SaveOptions& initial,
                      QWidget* parent = nullptr);

    static bool hasOptions(const QString& suffix);

    SaveOptions options() const;
    QSpinBox* qualityBox() const { return m_quality; }          // null for PNG
    QSpinBox* compressionBox() const { return m_compression; }  // null for JPEG and WebP

  private:
    SaveOptions m_initial;
    QSpinBox* m_quality = nullptr;
    QSlider* m_qualitySlider = nullptr;
    QSpinBox* m_compression = nullptr;
};

}  // namespace gpen::ui
