#pragma once

#include <QList>
#include <QWidget>

#include "ui/restore_job.h"

class QHBoxLayout;
class QSlider;
class QCheckBox;

namespace gpen::ui {

// Each restored face before and after, with accept/reject and a strength slider. Changing either
// asks for a re-blend of the cached GPEN outputs: no network runs again. GUI thread only.
class FaceStrip : public QWidget {
    Q_OBJECT
public:
    explicit FaceStrip(QWidget* parent = nullptr);

    void setFaces(const QList<RestoredFaceView>& faces, double strength);
    void clear() { setFaces({}, 1.0); }
    QList<double> strengths() const;  // per face; 0 where rejected
    int faceCount() const { return static_cast<int>(m_sliders.size()); }
    QSlider* slider(int face) const { return m_sliders.value(face); }
    QCheckBox* acceptBox(int face) const { return m_accept.value(face); }

Q_SIGNALS:
    void strengthsChanged(const QList<double>& strengths);

private:
    QHBoxLayout* m_layout;
    QList<QSlider*> m_sliders;
    QList<QCheckBox*> m_accept;
    QList<QWidget*> m_cards;
};

}  // namespace gpen::ui
