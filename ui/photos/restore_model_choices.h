// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QString>

namespace gpen::ui {

class EngineController;
class RestorePanel;

// Keeps the restore panel's model choices in step with what is installed, so that a first launch
// leads to a working restore:
//  - Face model: the installed models first, then the catalog's others marked "not installed",
//    then "None (upscale only)". Until the user picks one it follows the remembered choice when
//    that is installed, else the first installed model, else None. Every pick is remembered
//    (QSettings "restore/faceModel").
//  - Background: each scale says which upscaler will run (Real-ESRNet when its file is
//    installed, else the embedded network). With no face model it becomes 2× once, unless the
//    user picked a scale first.
//  - Whatever is chosen (a face model, a task's head, the upscaler of a scale) is prefetched: it
//    loads and warms up in the background before Restore asks for it.
// GUI thread only.
class RestoreModelChoices : public QObject {
    Q_OBJECT
  public:
    static constexpr const char* kFaceModelKey = "restore/faceModel";

    RestoreModelChoices(EngineController* engine, RestorePanel* panel, QObject* parent = nullptr);

    // The upscaler a scale would use now: "realesrnet_x2", the embedded id, or "" (none installed).
    QString backgroundModel(int scale) const;

  private:
    void refresh();
    // With no face model the background does all the work: a launch with nothing installed
    // restores x2 with the embedded network rather than returning the photo unchanged. Once, and
    // never over the user's own pick of a scale.
    void defaultScale();
    bool installed(const QString& id) const;

    EngineController* m_engine;
    RestorePanel* m_panel;
    bool m_updating = false;
    bool m_userChose = false;
    bool m_scaleChosen = false;  // the user picked a scale, or the no-face-model default was set
};

}  // namespace gpen::ui
