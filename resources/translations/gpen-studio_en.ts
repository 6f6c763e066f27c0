<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<!-- English plural forms only: every other string is its own source text. Refresh with
     lupdate -pluralonly when a tr("... %n ...") is added (see ui/CMakeLists.txt). -->
<TS version="2.1" language="en">
<context>
    <name>gpen::ui::BatchDialog</name>
    <message numerus="yes">
        <source>%n file(s) that cannot be opened as photos: %1</source>
        <translation>
            <numerusform>%n file that cannot be opened as a photo: %1</numerusform>
            <numerusform>%n files that cannot be opened as photos: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) that cannot be restored</source>
        <translation>
            <numerusform>%n file that cannot be restored</numerusform>
            <numerusform>%n files that cannot be restored</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n photo(s) selected: %1</source>
        <translation>
            <numerusform>%n photo selected: %1</numerusform>
            <numerusform>%n photos selected: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n photo(s) to restore</source>
        <translation>
            <numerusform>%n photo to restore</numerusform>
            <numerusform>%n photos to restore</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Face(s) %1 may no longer look like the same person (lowest identity score %2): compare them before you keep this output.</source>
        <translation>
            <numerusform>Face %1 may no longer look like the same person (lowest identity score %2): compare it before you keep this output.</numerusform>
            <numerusform>Faces %1 may no longer look like the same people (lowest identity score %2): compare them before you keep this output.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) to review: a face may no longer look like the same person</source>
        <translation>
            <numerusform>%n file to review: a face may no longer look like the same person</numerusform>
            <numerusform>%n files to review: a face may no longer look like the same person</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the disk is full. %n photo(s) not written yet stay in the report; free some space and start the same batch again to finish them (what is done is kept).</source>
        <translation>
            <numerusform>Stopped: the disk is full. %n photo not written yet stays in the report; free some space and start the same batch again to finish it (what is done is kept).</numerusform>
            <numerusform>Stopped: the disk is full. %n photos not written yet stay in the report; free some space and start the same batch again to finish them (what is done is kept).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpen::ui::CoreText</name>
    <message numerus="yes">
        <source>%n damaged area(s) outside the faces were left as they are</source>
        <translation>
            <numerusform>%n damaged area outside the faces was left as it is</numerusform>
            <numerusform>%n damaged areas outside the faces were left as they are</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpen::ui::EngineWorker</name>
    <message numerus="yes">
        <source>%n face(s) restored with %1 in %2 s</source>
        <translation>
            <numerusform>%n face restored with %1 in %2 s</numerusform>
            <numerusform>%n faces restored with %1 in %2 s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n face(s) may no longer look like the same person: see the badges</source>
        <translation>
            <numerusform>%n face may no longer look like the same person: see the badges</numerusform>
            <numerusform>%n faces may no longer look like the same people: see the badges</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpen::ui::FaceMapDialog</name>
    <message numerus="yes">
        <source>The face you pointed at, of %n face(s) in the photo. Paint classes on the map to change the face.</source>
        <translation>
            <numerusform>The face you pointed at, the photo's only face. Paint classes on the map to change the face.</numerusform>
            <numerusform>The face you pointed at, of %n faces in the photo. Paint classes on the map to change the face.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpen::ui::MainWindow</name>
    <message numerus="yes">
        <source>Quit anyway and lose them?</source>
        <translation>
            <numerusform>Quit anyway and lose it?</numerusform>
            <numerusform>Quit anyway and lose them?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n restored photo(s) not saved.</source>
        <translation>
            <numerusform>%n restored photo is not saved.</numerusform>
            <numerusform>%n restored photos are not saved.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n result(s) saved</source>
        <translation>
            <numerusform>%n result saved</numerusform>
            <numerusform>%n results saved</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the restored photos are not saved.</source>
        <translation>
            <numerusform>%n of the restored photos is not saved.</numerusform>
            <numerusform>%n of the restored photos are not saved.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>“%1” holds %n photo(s).</source>
        <translation>
            <numerusform>“%1” holds %n photo.</numerusform>
            <numerusform>“%1” holds %n photos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be opened.</source>
        <translation>
            <numerusform>%n file could not be opened.</numerusform>
            <numerusform>%n files could not be opened.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpen::ui::ModelStatusIndicator</name>
    <message numerus="yes">
        <source>%n model(s) failed</source>
        <translation>
            <numerusform>%n model failed</numerusform>
            <numerusform>%n models failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n model(s) ready</source>
        <translation>
            <numerusform>%1 of %n model ready</numerusform>
            <numerusform>%1 of %n models ready</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpen::ui::RestorePanel</name>
    <message numerus="yes">
        <source> — about %n s left</source>
        <translation>
            <numerusform> — about %n second left</numerusform>
            <numerusform> — about %n seconds left</numerusform>
        </translation>
    </message>
</context>
</TS>
