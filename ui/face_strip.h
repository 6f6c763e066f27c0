#pragma once

#include <QList>
#include <QWidget>

#include "ui/restore_job.h"

class QHBoxLayout;
class QLabel;
class QSlider;
class QCheckBox;

namespace gpen::ui {

// Each restored face before and after, with accept/reject, a strength slider that shows its
// value and a badge that says whether the face is still the same person (its identity score). Changing either asks for a re-blend of the cached GPEN outputs: no network runs again.
// It shows the faces of one photo (the one in view) or nothing. GUI thread only.
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

    QList<double> strengths() const;  // per face; 0 where rejected
    QList<double> sliderValues() const;  // per face, whether accepted or not
    QList<bool> accepted() const;
    int faceCount() const { return static_cast<int>(m_sliders.size()); }
    QSlider* slider(int face) const { return m_sliders.value(face); }
    QCheckBox* acceptBox(int face) const { return m_accept.value(face); }
    QLabel* note() const { return m_note; }
    // Each face's identity score (NaN: not scored; the badge is hidden), after a re-blend.
    void setIdentity(const QList<double>& scores);
    QLabel* identityBadge(int face) const { return m_badges.value(face); }

Q_SIGNALS:
    void strengthsChanged(const QList<double>& strengths);
    void faceSelected(int face);

private:
    void updateNote();

    QHBoxLayout* m_layout;
    QLabel* m_note;
    QList<QSlider*> m_sliders;
    QList<QCheckBox*> m_accept;
    QList<QLabel*> m_badges;
    QList<QWidget*> m_cards;
    bool m_adjustable = true;
    bool m_bulkChange = false;
    int m_selected = -1;
};

}  // namespace gpen::ui
