// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QWidget>

#include "ui/bridge/restore_job.h"

class QHBoxLayout;
class QLabel;
class QSlider;
class QCheckBox;

namespace gpen::ui {

// Each restored face before and after, with accept/reject, a strength slider that shows its
// value and a badge that says whether the face is still the same person (its identity score).
// Changing either asks for a re-blend of the cached GPEN outputs: no network runs again; the
// "after" thumbnail shows the face at the chosen strength at once. Cards are in reading order (rows
// of the photo top to bottom, each left to right) and numbered so; the API keeps the engine's
// face indices. A click on a card asks to show that face on the photo. It shows the faces of one
// photo (the one in view) or nothing. GUI thread only.
class FaceStrip : public QWidget {
    Q_OBJECT
  public:
    explicit FaceStrip(QWidget* parent = nullptr);

    // Shows `faces` with their slider `values` (0..1) and accepted marks (sizes match `faces`).
    void setFaces(const QList<RestoredFaceView>& faces, const QList<double>& values,
                  const QList<bool>& accepted);
    void setFaces(const QList<RestoredFaceView>& faces, double strength);
    void clear() { setFaces({}, 1.0); }
    // Moves every slider to `strength` and asks for one re-blend (the panel's global slider).
    void setAllStrengths(double strength);
    // Sets the sliders and accepted marks (Undo / Redo) without asking for a re-blend.
    void setChoices(const QList<double>& values, const QList<bool>& accepted);
    // Whether the sliders can re-blend: false for a photo whose full result was released; the
    // strip then says how to get it back.
    void setAdjustable(bool adjustable);
    bool adjustable() const { return m_adjustable; }
    // Highlights a face's card and scrolls it into view (a click on its box in the photo).
    void selectFace(int face);
    int selectedFace() const { return m_selected; }

    QList<double> strengths() const;     // per face; 0 where rejected
    QList<double> sliderValues() const;  // per face, whether accepted or not
    QList<bool> accepted() const;
    int faceCount() const { return static_cast<int>(m_sliders.size()); }
    QSlider* slider(int face) const { return m_sliders.value(face); }
    QCheckBox* acceptBox(int face) const { return m_accept.value(face); }
    QLabel* note() const { return m_note; }
    // Each face's identity score (NaN: not scored; the badge is hidden), after a re-blend.
    void setIdentity(const QList<double>& scores);
    QLabel* identityBadge(int face) const { return m_badges.value(face); }
    QLabel* afterThumbnail(int face) const { return m_afterLabels.value(face); }
    // The faces in the order their cards show (engine indices), and one face's number on its card.
    QList<int> readingOrder() const { return m_order; }
    // Reading order of face boxes: rows (a face whose centre lies within half a face height of a
    // row's first face joins it) from the top, left to right in each.
    static QList<int> readingOrderOf(const QList<QRect>& boxes);

  Q_SIGNALS:
    void strengthsChanged(const QList<double>& strengths);
    void faceSelected(int face);
    // A card was clicked: show this face on the photo.
    void faceActivated(int face);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void updateNote();
    void updateAfterThumbnail(int face);

    QHBoxLayout* m_layout;
    QLabel* m_note;
    QList<QSlider*> m_sliders;
    QList<QCheckBox*> m_accept;
    QList<QLabel*> m_badges;
    QList<QWidget*> m_cards;
    QList<QLabel*> m_afterLabels;
    // Per face, at thumbnail size: the aligned crop and GPEN's output, blended as the slider says.
    QList<QImage> m_beforeSmall, m_afterSmall;
    QList<int> m_order;
    bool m_adjustable = true;
    bool m_bulkChange = false;
    int m_selected = -1;
};

}  // namespace gpen::ui
