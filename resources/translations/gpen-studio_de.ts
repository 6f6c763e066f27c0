<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>IdentityBadge</name>
    <message>
        <source>Same person</source>
        <translation>Gleiche Person</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Verändert</translation>
    </message>
    <message>
        <source>The restored face is still the same person.</source>
        <translation>Das restaurierte Gesicht ist noch dieselbe Person.</translation>
    </message>
    <message>
        <source>Look again: the face may have changed. Lowering its strength keeps more of the original.</source>
        <translation>Bitte genau ansehen: Das Gesicht hat sich vielleicht verändert. Eine geringere Stärke bewahrt mehr vom Original.</translation>
    </message>
    <message>
        <source>The restored face looks like someone else. Lower its strength until the badge turns green, or reject it.</source>
        <translation>Das restaurierte Gesicht sieht nach jemand anderem aus. Verringern Sie die Stärke, bis das Abzeichen grün wird, oder verwerfen Sie es.</translation>
    </message>
    <message>
        <source>%1: identity score %2 (1 is the same face).</source>
        <extracomment>%1 is the band&apos;s word (&quot;Changed&quot;), %2 a number such as 0.83</extracomment>
        <translation>%1: Identitätswert %2 (1 ist dasselbe Gesicht).</translation>
    </message>
</context>
<context>
    <name>gpen::ui::AboutDialog</name>
    <message>
        <source>About GPEN Studio</source>
        <translation>Über GPEN Studio</translation>
    </message>
    <message>
        <source>Restores faces in old, blurry and low-resolution photographs with the GPEN networks, on your own computer.</source>
        <translation>Restauriert Gesichter in alten, unscharfen und niedrig aufgelösten Fotografien mit den GPEN-Netzen, auf Ihrem eigenen Computer.</translation>
    </message>
    <message>
        <source>BSD 3-Clause licence (the Real-ESRGAN project)</source>
        <translation>BSD-3-Clause-Lizenz (Projekt Real-ESRGAN)</translation>
    </message>
    <message>
        <source>the 68-point landmark model is trained on the iBUG 300-W data set, whose licence excludes commercial use.</source>
        <translation>Das 68-Punkte-Landmarkenmodell ist mit dem Datensatz iBUG 300-W trainiert, dessen Lizenz kommerzielle Nutzung ausschließt.</translation>
    </message>
    <message>
        <source>GNU LGPL version 3</source>
        <translation>GNU LGPL Version 3</translation>
    </message>
    <message>
        <source>BSD 3-Clause licence</source>
        <translation>BSD-3-Clause-Lizenz</translation>
    </message>
    <message>
        <source>Apache License 2.0</source>
        <translation>Apache License 2.0</translation>
    </message>
    <message>
        <source>Boost Software License 1.0</source>
        <translation>Boost Software License 1.0</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <source>Libraries</source>
        <translation>Bibliotheken</translation>
    </message>
    <message>
        <source>Model weights</source>
        <translation>Modellgewichte</translation>
    </message>
    <message>
        <source>The weights are not part of GPEN Studio; each comes with its authors&apos; terms:</source>
        <translation>Die Gewichte sind nicht Teil von GPEN Studio; für jedes gelten die Bedingungen seiner Autoren:</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>GNU GPL version 2 or later</source>
        <translation>GNU GPL Version 2 oder später</translation>
    </message>
    <message>
        <source>curl licence (MIT-style)</source>
        <translation>curl-Lizenz (nach Art der MIT-Lizenz)</translation>
    </message>
    <message>
        <source>GPEN Studio&apos;s code is free software under the Apache License 2.0. Built with exiv2, the program as a whole is distributed under the GNU GPL version 3 or later.</source>
        <translation>Der Code von GPEN Studio ist freie Software unter der Apache License 2.0. Mit exiv2 gebaut, wird das Programm als Ganzes unter der GNU GPL Version 3 oder später verbreitet.</translation>
    </message>
</context>
<context>
    <name>gpen::ui::BatchDialog</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Include sub-folders (the output mirrors them)</source>
        <translation>Unterordner einbeziehen (die Ausgabe spiegelt sie)</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>Cancel Batch</source>
        <translation>Stapel abbrechen</translation>
    </message>
    <message>
        <source>Open &amp;Report</source>
        <translation>&amp;Bericht öffnen</translation>
    </message>
    <message>
        <source>Open &amp;Output Folder</source>
        <translation>&amp;Ausgabeordner öffnen</translation>
    </message>
    <message>
        <source>Batch Restore</source>
        <translation>Stapelrestaurierung</translation>
    </message>
    <message>
        <source>all photos (e.g. *.tif; 1950s/**)</source>
        <translation>alle Fotos (z. B. *.tif; 1950er/**)</translation>
    </message>
    <message>
        <source>none (e.g. *-restored.*; drafts/**)</source>
        <translation>keine (z. B. *-restauriert.*; entwuerfe/**)</translation>
    </message>
    <message>
        <source>Globs separated by &apos;;&apos;. A pattern with &apos;/&apos; is matched against the path inside the input folder, else against the file name.</source>
        <translation>Muster, getrennt durch &apos;;&apos;. Ein Muster mit &apos;/&apos; wird mit dem Pfad im Eingabeordner verglichen, sonst mit dem Dateinamen.</translation>
    </message>
    <message>
        <source>{name} file name, {ext} extension, {relpath} sub-folder, {model} face model, {scale} background scale, {date} today, {index} position in the list</source>
        <translation>{name} Dateiname, {ext} Endung, {relpath} Unterordner, {model} Gesichtsmodell, {scale} Hintergrundskalierung, {date} heute, {index} Position in der Liste</translation>
    </message>
    <message>
        <source>Skip the file</source>
        <translation>Datei überspringen</translation>
    </message>
    <message>
        <source>Overwrite it</source>
        <translation>Überschreiben</translation>
    </message>
    <message>
        <source>Add a number to the name</source>
        <translation>Eine Nummer an den Namen anhängen</translation>
    </message>
    <message>
        <source>Same as the photo</source>
        <translation>Wie das Foto</translation>
    </message>
    <message>
        <source>JPEG and WebP quality</source>
        <translation>Qualität für JPEG und WebP</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>Qualität</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Input folder</source>
        <translation>Eingabeordner</translation>
    </message>
    <message>
        <source>Include</source>
        <translation>Einschließen</translation>
    </message>
    <message>
        <source>Exclude</source>
        <translation>Ausschließen</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>Ausgabeordner</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>Namen</translation>
    </message>
    <message>
        <source>If the file exists</source>
        <translation>Wenn die Datei existiert</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Restaurieren</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Faces</source>
        <translation>Gesichter</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Input Folder</source>
        <translation>Eingabeordner</translation>
    </message>
    <message>
        <source>Output Folder</source>
        <translation>Ausgabeordner</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>Wird fortgesetzt…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>-restored</source>
        <translation>-restauriert</translation>
    </message>
    <message>
        <source>Template error: %1</source>
        <translation>Fehler in der Vorlage: %1</translation>
    </message>
    <message>
        <source>Example: %1 → %2</source>
        <translation>Beispiel: %1 → %2</translation>
    </message>
    <message>
        <source>Choose an input folder that exists.</source>
        <translation>Wählen Sie einen vorhandenen Eingabeordner.</translation>
    </message>
    <message>
        <source>Choose an output folder.</source>
        <translation>Wählen Sie einen Ausgabeordner.</translation>
    </message>
    <message>
        <source>Waiting for the engine…</source>
        <translation>Warten auf die Engine…</translation>
    </message>
    <message>
        <source>Looking for photos…</source>
        <translation>Fotos werden gesucht…</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartet</translation>
    </message>
    <message>
        <source>Restoring…</source>
        <translation>Wird restauriert…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message numerus="yes">
        <source>%n photo(s) to restore</source>
        <translation>
            <numerusform>%n Foto zu restaurieren</numerusform>
            <numerusform>%n Fotos zu restaurieren</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <source>Restoring: %1</source>
        <translation>Wird restauriert: %1</translation>
    </message>
    <message>
        <source>%1 of %2 photos — %3 done, %4 skipped, %5 failed</source>
        <translation>%1 von %2 Fotos — %3 fertig, %4 übersprungen, %5 fehlgeschlagen</translation>
    </message>
    <message>
        <source> — paused</source>
        <translation> — angehalten</translation>
    </message>
    <message>
        <source> — about %1 left</source>
        <translation> — noch etwa %1</translation>
    </message>
    <message>
        <source>Batch finished: %1 restored, %2 skipped, %3 failed in %4</source>
        <translation>Stapel fertig: %1 restauriert, %2 übersprungen, %3 fehlgeschlagen in %4</translation>
    </message>
    <message>
        <source>Batch cancelled: %1 restored, %2 skipped, %3 failed, %4 not done in %5</source>
        <translation>Stapel abgebrochen: %1 restauriert, %2 übersprungen, %3 fehlgeschlagen, %4 nicht bearbeitet in %5</translation>
    </message>
    <message>
        <source>The batch could not start: %1</source>
        <translation>Der Stapel konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>GPEN Studio</source>
        <translation>GPEN Studio</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <source>The output folder is the input folder: choose a folder of its own for the restored photos, so that no original is ever replaced.</source>
        <translation>Der Ausgabeordner ist der Eingabeordner: Wählen Sie einen eigenen Ordner für die restaurierten Fotos, damit kein Original je ersetzt wird.</translation>
    </message>
    <message>
        <source>Show only files to review (a face may no longer look like the same person)</source>
        <translation>Nur zu prüfende Dateien zeigen (ein Gesicht sieht vielleicht nicht mehr nach derselben Person aus)</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfen</translation>
    </message>
    <message numerus="yes">
        <source>Face(s) %1 may no longer look like the same person (lowest identity score %2): compare them before you keep this output.</source>
        <extracomment>%1 lists face numbers (&quot;2, 5&quot;), %2 is the lowest identity score (0.42)</extracomment>
        <translation>
            <numerusform>Gesicht %1 sieht vielleicht nicht mehr nach derselben Person aus (niedrigster Identitätswert %2): Vergleichen Sie es, bevor Sie diese Ausgabe behalten.</numerusform>
            <numerusform>Die Gesichter %1 sehen vielleicht nicht mehr nach denselben Personen aus (niedrigster Identitätswert %2): Vergleichen Sie sie, bevor Sie diese Ausgabe behalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) to review: a face may no longer look like the same person</source>
        <translation>
            <numerusform>%n Datei zu prüfen: ein Gesicht sieht vielleicht nicht mehr nach derselben Person aus</numerusform>
            <numerusform>%n Dateien zu prüfen: ein Gesicht sieht vielleicht nicht mehr nach derselben Person aus</numerusform>
        </translation>
    </message>
    <message>
        <source>Not written: disk full</source>
        <translation>Nicht geschrieben: Datenträger voll</translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the disk is full. %n photo(s) not written yet stay in the report; free some space and start the same batch again to finish them (what is done is kept).</source>
        <translation>
            <numerusform>Angehalten: Der Datenträger ist voll. %n noch nicht geschriebenes Foto bleibt im Bericht; schaffen Sie Platz und starten Sie denselben Stapel erneut, um es fertigzustellen (Erledigtes bleibt erhalten).</numerusform>
            <numerusform>Angehalten: Der Datenträger ist voll. %n noch nicht geschriebene Fotos bleiben im Bericht; schaffen Sie Platz und starten Sie denselben Stapel erneut, um sie fertigzustellen (Erledigtes bleibt erhalten).</numerusform>
        </translation>
    </message>
    <message>
        <source>No photos to restore here: none of its files is a photo these choices select.</source>
        <translation>Hier gibt es nichts zu restaurieren: Keine Datei ist ein Foto, das diese Auswahl erfasst.</translation>
    </message>
    <message numerus="yes">
        <source>%n photo(s) selected: %1</source>
        <translation>
            <numerusform>%n Foto ausgewählt: %1</numerusform>
            <numerusform>%n Fotos ausgewählt: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>Details: %1</translation>
    </message>
    <message>
        <source>Will be written as %1</source>
        <translation>Wird als %1 geschrieben</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) that cannot be opened as photos: %1</source>
        <translation>
            <numerusform>%n Datei, die sich nicht als Foto öffnen lässt: %1</numerusform>
            <numerusform>%n Dateien, die sich nicht als Foto öffnen lassen: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) that cannot be restored</source>
        <translation>
            <numerusform>%n Datei, die nicht restauriert werden kann</numerusform>
            <numerusform>%n Dateien, die nicht restauriert werden können</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n done already</source>
        <translation>
            <numerusform>%n schon erledigt</numerusform>
            <numerusform>%n schon erledigt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpen::ui::ComparisonView</name>
    <message>
        <source>Zoom</source>
        <translation>Zoom</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Zoom to fit the window (Ctrl+0)</source>
        <translation>In das Fenster einpassen (Strg+0)</translation>
    </message>
    <message>
        <source>100 %</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>Actual size: one photo pixel per screen pixel (Ctrl+1)</source>
        <translation>Originalgröße: ein Fotopixel je Bildschirmpixel (Strg+1)</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
</context>
<context>
    <name>gpen::ui::CoreText</name>
    <message>
        <source>The file could not be read or written.</source>
        <translation>Die Datei konnte nicht gelesen oder geschrieben werden.</translation>
    </message>
    <message>
        <source>This is not a model file.</source>
        <translation>Dies ist keine Modelldatei.</translation>
    </message>
    <message>
        <source>The model file contains code that is not allowed; it was not loaded.</source>
        <translation>Die Modelldatei enthält nicht erlaubten Code; sie wurde nicht geladen.</translation>
    </message>
    <message>
        <source>The file is damaged.</source>
        <translation>Die Datei ist beschädigt.</translation>
    </message>
    <message>
        <source>The model file does not match a supported network.</source>
        <translation>Die Modelldatei passt zu keinem unterstützten Netz.</translation>
    </message>
    <message>
        <source>The model file holds corrupt values.</source>
        <translation>Die Modelldatei enthält beschädigte Werte.</translation>
    </message>
    <message>
        <source>Not enough memory.</source>
        <translation>Nicht genug Speicher.</translation>
    </message>
    <message>
        <source>The compute device failed.</source>
        <translation>Das Rechengerät ist ausgefallen.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Internal error.</source>
        <translation>Interner Fehler.</translation>
    </message>
    <message>
        <source>Background</source>
        <translation>Hintergrund</translation>
    </message>
    <message>
        <source>Face detection</source>
        <translation>Gesichtserkennung</translation>
    </message>
    <message>
        <source>Face restoration</source>
        <translation>Gesichtsrestaurierung</translation>
    </message>
    <message>
        <source>Face masks</source>
        <translation>Gesichtsmasken</translation>
    </message>
    <message>
        <source>RetinaFace-R50 is not installed: detecting faces with the built-in dlib detector</source>
        <translation>RetinaFace-R50 ist nicht installiert: Gesichter werden mit dem eingebauten dlib-Detektor erkannt</translation>
    </message>
    <message>
        <source>The reference authors released the GPEN weights for academic and non-commercial use.</source>
        <translation>Die Autoren der Referenz haben die GPEN-Gewichte für akademische und nichtkommerzielle Nutzung veröffentlicht.</translation>
    </message>
    <message>
        <source>No face model used: faces left as they are</source>
        <translation>Kein Gesichtsmodell verwendet: Gesichter bleiben, wie sie sind</translation>
    </message>
    <message>
        <source>Restored by the earlier run, which stopped before recording its details</source>
        <translation>Vom früheren Lauf restauriert, der vor dem Aufzeichnen der Details anhielt</translation>
    </message>
    <message>
        <source>Background upscaled x%1 with %2</source>
        <extracomment>%1 is the scale (2, 4), %2 the upscaler&apos;s name (realesrgan-x4fast, realesrnet_x2)</extracomment>
        <translation>Hintergrund %1-fach hochskaliert mit %2</translation>
    </message>
    <message>
        <source>Faces colorized; the rest of the photo stays gray (no whole-photo colorizer is available)</source>
        <translation>Gesichter koloriert; der Rest des Fotos bleibt grau (kein Netz koloriert ganze Fotos)</translation>
    </message>
    <message>
        <source>Faces colorized; the rest of the photo toned with their average colour</source>
        <translation>Gesichter koloriert; der Rest des Fotos in ihrer mittleren Farbe getönt</translation>
    </message>
    <message>
        <source>Identity check</source>
        <translation>Identitätsprüfung</translation>
    </message>
    <message>
        <source>The disk is full.</source>
        <translation>Der Datenträger ist voll.</translation>
    </message>
    <message>
        <source>The photo is larger than the largest photo set in Settings.</source>
        <translation>Das Foto ist größer als das in den Einstellungen festgelegte größte Foto.</translation>
    </message>
    <message>
        <source>The download failed.</source>
        <translation>Der Download ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>The downloaded file is not the released one.</source>
        <translation>Die heruntergeladene Datei ist nicht die veröffentlichte.</translation>
    </message>
    <message numerus="yes">
        <source>Damage repaired: %1 % of the photo in %n area(s)</source>
        <extracomment>%1 is the share of the photo&apos;s pixels, %n the number of damaged areas filled</extracomment>
        <translation>
            <numerusform>Schaden behoben: %1 % des Fotos in %n Bereich</numerusform>
            <numerusform>Schaden behoben: %1 % des Fotos in %n Bereichen</numerusform>
        </translation>
    </message>
    <message>
        <source>No damage found</source>
        <translation>Kein Schaden gefunden</translation>
    </message>
    <message>
        <source>Damage not repaired: what was found covers %1 % of the photo, too much to be damage</source>
        <extracomment>%1 is the share of the photo that the damage finder marked</extracomment>
        <translation>Schaden nicht behoben: Das Gefundene bedeckt %1 % des Fotos, zu viel, um Schaden zu sein</translation>
    </message>
    <message>
        <source>The file ends early: part of it is missing.</source>
        <translation>Die Datei endet zu früh: Ein Teil fehlt.</translation>
    </message>
    <message>
        <source>This cannot be done with these settings or this file.</source>
        <translation>Mit diesen Einstellungen oder dieser Datei ist das nicht möglich.</translation>
    </message>
    <message>
        <source>This model is not installed: Tools → Models downloads or imports it.</source>
        <translation>Dieses Modell ist nicht installiert: Extras → Modelle lädt es herunter oder importiert es.</translation>
    </message>
    <message>
        <source>This is not a photo that can be opened (PNG, JPEG, TIFF, WebP or BMP).</source>
        <translation>Das ist kein Foto, das geöffnet werden kann (PNG, JPEG, TIFF, WebP oder BMP).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>%1 is the file or model the error concerns (photo.jpg, GPEN-BFR-512), %2 what is wrong</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Its output exists already: left as it is</source>
        <translation>Die Ausgabe gibt es schon: unverändert gelassen</translation>
    </message>
    <message>
        <source>Cancelled while it was being restored</source>
        <translation>Während der Restaurierung abgebrochen</translation>
    </message>
    <message>
        <source>Cancelled before it was started</source>
        <translation>Abgebrochen, bevor es begonnen hatte</translation>
    </message>
    <message>
        <source>%1 could not be used: faces blended with the rectangle mask</source>
        <extracomment>%1 is the face parser&apos;s file or model (ParseNet-latest.pth)</extracomment>
        <translation>%1 konnte nicht verwendet werden: Gesichter mit der Rechteckmaske eingefügt</translation>
    </message>
    <message>
        <source>Identity check unavailable</source>
        <translation>Identitätsprüfung nicht verfügbar</translation>
    </message>
    <message>
        <source>Identity check unavailable: %1 could not be used</source>
        <extracomment>%1 is the identity descriptor&apos;s file or model that could not be loaded</extracomment>
        <translation>Identitätsprüfung nicht verfügbar: %1 konnte nicht verwendet werden</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>Not enough memory for tiles of %1 px: starting again with %2 px</source>
        <extracomment>%1 and %2 are tile sizes in pixels</extracomment>
        <translation>Nicht genug Speicher für Kacheln von %1 px: neuer Anlauf mit %2 px</translation>
    </message>
</context>
<context>
    <name>gpen::ui::DamageBrush</name>
    <message>
        <source>Erase damage</source>
        <translation>Schaden radieren</translation>
    </message>
    <message>
        <source>Paint damage</source>
        <translation>Schaden markieren</translation>
    </message>
    <message>
        <source>Clear damage</source>
        <translation>Markierungen löschen</translation>
    </message>
</context>
<context>
    <name>gpen::ui::EngineController</name>
    <message>
        <source>%1: the engine is not running</source>
        <translation>%1: Die Engine läuft nicht</translation>
    </message>
    <message>
        <source>The engine is not running</source>
        <translation>Die Engine läuft nicht</translation>
    </message>
</context>
<context>
    <name>gpen::ui::EngineWorker</name>
    <message>
        <source>Device %1 is not available; using the CPU</source>
        <translation>Gerät %1 ist nicht verfügbar; die CPU wird verwendet</translation>
    </message>
    <message>
        <source>The engine could not start: %1</source>
        <translation>Die Engine konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>The engine is not running</source>
        <translation>Die Engine läuft nicht</translation>
    </message>
    <message numerus="yes">
        <source>%n face(s) restored with %1 in %2 s</source>
        <extracomment>%1 is the face detector (RetinaFace-R50, dlib)</extracomment>
        <translation>
            <numerusform>%n Gesicht mit %1 in %2 s restauriert</numerusform>
            <numerusform>%n Gesichter mit %1 in %2 s restauriert</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: the engine is not running</source>
        <translation>%1: Die Engine läuft nicht</translation>
    </message>
    <message>
        <source>%1 (not found)</source>
        <translation>%1 (nicht gefunden)</translation>
    </message>
    <message>
        <source>%1 (built for another version of GPEN Studio)</source>
        <translation>%1 (für eine andere Version von GPEN Studio gebaut)</translation>
    </message>
    <message>
        <source>The engine module could not be loaded: %1</source>
        <translation>Das Engine-Modul konnte nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>No face model and no upscaling: the photo is unchanged (%1 s)</source>
        <translation>Kein Gesichtsmodell und keine Vergrößerung: Das Foto ist unverändert (%1 s)</translation>
    </message>
    <message>
        <source>Upscaled x%1 with %2 in %3 s; no face model: faces left as they are</source>
        <extracomment>%1 is the scale (2, 4), %2 the upscaler&apos;s name (realesrgan-x4fast, realesrnet_x2)</extracomment>
        <translation>In %3 s mit %2 auf das %1-Fache vergrößert; kein Gesichtsmodell: Gesichter unverändert</translation>
    </message>
    <message>
        <source>background upscaled x%1 with %2</source>
        <translation>Hintergrund mit %2 auf das %1-Fache vergrößert</translation>
    </message>
    <message numerus="yes">
        <source>%n face(s) may no longer look like the same person: see the badges</source>
        <translation>
            <numerusform>%n Gesicht sieht vielleicht nicht mehr nach derselben Person aus: siehe die Abzeichen</numerusform>
            <numerusform>%n Gesichter sehen vielleicht nicht mehr nach denselben Personen aus: siehe die Abzeichen</numerusform>
        </translation>
    </message>
    <message>
        <source>Precision %1 is not known; choosing automatically</source>
        <translation>Genauigkeit %1 ist unbekannt; sie wird automatisch gewählt</translation>
    </message>
    <message>
        <source>No model named %1</source>
        <translation>Kein Modell namens %1</translation>
    </message>
</context>
<context>
    <name>gpen::ui::FaceMapDialog</name>
    <message>
        <source>Paint %1</source>
        <translation>%1 malen</translation>
    </message>
    <message>
        <source>Background</source>
        <translation>Hintergrund</translation>
    </message>
    <message>
        <source>Skin</source>
        <translation>Haut</translation>
    </message>
    <message>
        <source>Nose</source>
        <translation>Nase</translation>
    </message>
    <message>
        <source>Glasses</source>
        <translation>Brille</translation>
    </message>
    <message>
        <source>Left eye</source>
        <translation>Linkes Auge</translation>
    </message>
    <message>
        <source>Right eye</source>
        <translation>Rechtes Auge</translation>
    </message>
    <message>
        <source>Left eyebrow</source>
        <translation>Linke Augenbraue</translation>
    </message>
    <message>
        <source>Right eyebrow</source>
        <translation>Rechte Augenbraue</translation>
    </message>
    <message>
        <source>Left ear</source>
        <translation>Linkes Ohr</translation>
    </message>
    <message>
        <source>Right ear</source>
        <translation>Rechtes Ohr</translation>
    </message>
    <message>
        <source>Mouth</source>
        <translation>Mund</translation>
    </message>
    <message>
        <source>Upper lip</source>
        <translation>Oberlippe</translation>
    </message>
    <message>
        <source>Lower lip</source>
        <translation>Unterlippe</translation>
    </message>
    <message>
        <source>Hair</source>
        <translation>Haare</translation>
    </message>
    <message>
        <source>Hat</source>
        <translation>Hut</translation>
    </message>
    <message>
        <source>Earring</source>
        <translation>Ohrring</translation>
    </message>
    <message>
        <source>Necklace</source>
        <translation>Halskette</translation>
    </message>
    <message>
        <source>Neck</source>
        <translation>Hals</translation>
    </message>
    <message>
        <source>Clothes</source>
        <translation>Kleidung</translation>
    </message>
    <message>
        <source>Nothing to save yet</source>
        <translation>Noch nichts zu speichern</translation>
    </message>
    <message>
        <source>Draw as I paint</source>
        <translation>Beim Malen zeichnen</translation>
    </message>
    <message>
        <source>&amp;Draw Face</source>
        <translation>Gesicht &amp;zeichnen</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Reset Map</source>
        <translation>Karte zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Open Map…</source>
        <translation>Karte ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Save &amp;Face…</source>
        <translation>&amp;Gesicht speichern…</translation>
    </message>
    <message>
        <source>Save &amp;Map…</source>
        <translation>&amp;Karte speichern…</translation>
    </message>
    <message>
        <source>Models…</source>
        <translation>Modelle…</translation>
    </message>
    <message>
        <source>Face from a Parsing Map — %1</source>
        <translation>Gesicht aus einer Segmentierungskarte — %1</translation>
    </message>
    <message>
        <source>The class the brush paints</source>
        <translation>Die Klasse, die der Pinsel malt</translation>
    </message>
    <message>
        <source>Photo</source>
        <translation>Foto</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Gezeichnet</translation>
    </message>
    <message>
        <source>Paint with the class chosen on the left; drag with the right button to pan</source>
        <translation>Mit der links gewählten Klasse malen; mit der rechten Maustaste ziehen zum Verschieben</translation>
    </message>
    <message>
        <source>The photo&apos;s face (left of the divider) and the face drawn from the map (right)</source>
        <translation>Das Gesicht des Fotos (links der Trennlinie) und das aus der Karte gezeichnete Gesicht (rechts)</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Draws the face again after every stroke (about a second each)</source>
        <translation>Zeichnet das Gesicht nach jedem Strich neu (je etwa eine Sekunde)</translation>
    </message>
    <message>
        <source>Brush</source>
        <translation>Pinsel</translation>
    </message>
    <message>
        <source>Reset map</source>
        <translation>Karte zurücksetzen</translation>
    </message>
    <message>
        <source>Save the Drawn Face</source>
        <translation>Gezeichnetes Gesicht speichern</translation>
    </message>
    <message>
        <source>-drawn.png</source>
        <translation>-gezeichnet.png</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Save the Parsing Map</source>
        <translation>Segmentierungskarte speichern</translation>
    </message>
    <message>
        <source>-map.png</source>
        <translation>-karte.png</translation>
    </message>
    <message>
        <source>Open a Parsing Map</source>
        <translation>Segmentierungskarte öffnen</translation>
    </message>
    <message>
        <source>Images (*.png *.bmp *.jpg *.jpeg *.webp *.tif *.tiff)</source>
        <translation>Bilder (*.png *.bmp *.jpg *.jpeg *.webp *.tif *.tiff)</translation>
    </message>
    <message>
        <source>Finding the face and reading its parsing map…</source>
        <translation>Gesicht wird gesucht und seine Segmentierungskarte gelesen…</translation>
    </message>
    <message numerus="yes">
        <source>The face you pointed at, of %n face(s) in the photo. Paint classes on the map to change the face.</source>
        <translation>
            <numerusform>Das gewählte Gesicht von %n Gesicht im Foto. Malen Sie Klassen auf die Karte, um das Gesicht zu ändern.</numerusform>
            <numerusform>Das gewählte Gesicht von %n Gesichtern im Foto. Malen Sie Klassen auf die Karte, um das Gesicht zu ändern.</numerusform>
        </translation>
    </message>
    <message>
        <source>Paint classes on the map to change the face.</source>
        <translation>Malen Sie Klassen auf die Karte, um das Gesicht zu ändern.</translation>
    </message>
    <message>
        <source>Drawing the face…</source>
        <translation>Gesicht wird gezeichnet…</translation>
    </message>
    <message>
        <source>Drawn by %1.</source>
        <translation>Gezeichnet von %1.</translation>
    </message>
    <message>
        <source>%1 % of the map was no class colour and was taken as the nearest class.</source>
        <translation>%1 % der Karte hatten keine Klassenfarbe und wurden der nächsten Klasse zugeordnet.</translation>
    </message>
    <message>
        <source>The face&apos;s map is not read yet</source>
        <translation>Die Karte des Gesichts ist noch nicht gelesen</translation>
    </message>
    <message>
        <source>Open map</source>
        <translation>Karte öffnen</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>%1 geöffnet.</translation>
    </message>
</context>
<context>
    <name>gpen::ui::FaceStrip</name>
    <message>
        <source>Face %1 before</source>
        <translation>Gesicht %1 vorher</translation>
    </message>
    <message>
        <source>Face %1</source>
        <translation>Gesicht %1</translation>
    </message>
    <message>
        <source>Strength of face %1</source>
        <translation>Stärke für Gesicht %1</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>The faces of the photo in view appear here once it is restored.</source>
        <translation>Die Gesichter des angezeigten Fotos erscheinen hier, sobald es restauriert ist.</translation>
    </message>
    <message>
        <source>Restore this photo again to adjust its faces: only the last restored photo keeps what re-blending needs.</source>
        <translation>Restaurieren Sie dieses Foto erneut, um seine Gesichter anzupassen: Nur das zuletzt restaurierte Foto behält, was das Überblenden braucht.</translation>
    </message>
    <message>
        <source>Click to show face %1 on the photo</source>
        <translation>Klicken, um Gesicht %1 im Foto zu zeigen</translation>
    </message>
    <message>
        <source>Face %1 after, at its strength</source>
        <translation>Gesicht %1 nachher, in seiner Stärke</translation>
    </message>
</context>
<context>
    <name>gpen::ui::GuardedApplication</name>
    <message>
        <source>Out of memory: the last action was abandoned</source>
        <translation>Kein Speicher mehr: Die letzte Aktion wurde abgebrochen</translation>
    </message>
    <message>
        <source>Unexpected error: %1</source>
        <translation>Unerwarteter Fehler: %1</translation>
    </message>
    <message>
        <source>Unexpected error</source>
        <translation>Unerwarteter Fehler</translation>
    </message>
</context>
<context>
    <name>gpen::ui::ImageCanvas</name>
    <message>
        <source>Comparison view</source>
        <translation>Vergleichsansicht</translation>
    </message>
    <message>
        <source>Drop photos or folders here, or press Ctrl+O</source>
        <translation>Fotos oder Ordner hierher ziehen oder Strg+O drücken</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Nachher</translation>
    </message>
    <message>
        <source>After (hold to see before)</source>
        <translation>Nachher (gedrückt halten für vorher)</translation>
    </message>
    <message>
        <source>identity %1</source>
        <extracomment>under a restored face&apos;s box on the photo; %1 is its identity score such as 0.83</extracomment>
        <translation>Identität %1</translation>
    </message>
</context>
<context>
    <name>gpen::ui::MainWindow</name>
    <message>
        <source>GPEN Studio</source>
        <translation>GPEN Studio</translation>
    </message>
    <message>
        <source>Photos</source>
        <translation>Fotos</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Restaurieren</translation>
    </message>
    <message>
        <source>Faces</source>
        <translation>Gesichter</translation>
    </message>
    <message>
        <source>Drop photos or folders to begin</source>
        <translation>Zum Beginnen Fotos oder Ordner hierher ziehen</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Öffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Paste Image</source>
        <translation>Bild &amp;einfügen</translation>
    </message>
    <message>
        <source>&amp;Save Result</source>
        <translation>Ergebnis &amp;speichern</translation>
    </message>
    <message>
        <source>Save Result &amp;As…</source>
        <translation>Ergebnis speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Split</source>
        <translation>&amp;Geteilt</translation>
    </message>
    <message>
        <source>Side by Si&amp;de</source>
        <translation>&amp;Nebeneinander</translation>
    </message>
    <message>
        <source>&amp;Toggle (hold to see the original)</source>
        <translation>&amp;Umschalten (gedrückt halten zeigt das Original)</translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Models…</source>
        <translation>&amp;Modelle…</translation>
    </message>
    <message>
        <source>%1 — %2 × %3</source>
        <translation>%1 — %2 × %3</translation>
    </message>
    <message>
        <source>No supported images in %1</source>
        <translation>Keine unterstützten Bilder in %1</translation>
    </message>
    <message>
        <source>Open Photos</source>
        <translation>Fotos öffnen</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>Bilder (%1)</translation>
    </message>
    <message>
        <source>The clipboard holds no image</source>
        <translation>Die Zwischenablage enthält kein Bild</translation>
    </message>
    <message>
        <source>Pasted image %1</source>
        <translation>Eingefügtes Bild %1</translation>
    </message>
    <message>
        <source>%1 (unsaved)</source>
        <translation>%1 (nicht gespeichert)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>E&amp;xtras</translation>
    </message>
    <message>
        <source>Settings applied: the models load again</source>
        <translation>Einstellungen übernommen: Die Modelle werden neu geladen</translation>
    </message>
    <message>
        <source>Settings saved: the engine uses them from the next launch</source>
        <translation>Einstellungen gespeichert: Die Engine verwendet sie ab dem nächsten Programmstart</translation>
    </message>
    <message>
        <source>Restore failed: %1</source>
        <translation>Restaurierung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Open a photo first</source>
        <translation>Bitte zuerst ein Foto öffnen</translation>
    </message>
    <message>
        <source>Unsaved results</source>
        <translation>Nicht gespeicherte Ergebnisse</translation>
    </message>
    <message numerus="yes">
        <source>%n restored photo(s) not saved.</source>
        <translation>
            <numerusform>%n restauriertes Foto ist nicht gespeichert.</numerusform>
            <numerusform>%n restaurierte Fotos sind nicht gespeichert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Quit anyway and lose them?</source>
        <translation>
            <numerusform>Trotzdem beenden und es verwerfen?</numerusform>
            <numerusform>Trotzdem beenden und sie verwerfen?</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Close Photo</source>
        <translation>Foto &amp;schließen</translation>
    </message>
    <message>
        <source>Show &amp;Face Boxes</source>
        <translation>&amp;Gesichtsrahmen anzeigen</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Bereiche</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About GPEN Studio</source>
        <translation>&amp;Über GPEN Studio</translation>
    </message>
    <message>
        <source>Close Photo</source>
        <translation>Foto schließen</translation>
    </message>
    <message>
        <source>The restored %1 is not saved.</source>
        <translation>Das restaurierte %1 ist nicht gespeichert.</translation>
    </message>
    <message>
        <source>Close it anyway and lose the result?</source>
        <translation>Trotzdem schließen und das Ergebnis verwerfen?</translation>
    </message>
    <message>
        <source>Not started: %1 is not installed. Import or download it (above the photo), or choose another model.</source>
        <translation>Nicht gestartet: %1 ist nicht installiert. Importieren Sie es oder laden Sie es herunter (über dem Foto), oder wählen Sie ein anderes Modell.</translation>
    </message>
    <message>
        <source>&amp;Batch…</source>
        <translation>&amp;Stapel…</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>The restore starts when the batch has finished</source>
        <translation>Die Restaurierung beginnt, wenn der Stapel fertig ist</translation>
    </message>
    <message>
        <source>Batch restore “%1”…</source>
        <translation>„%1“ als Stapel restaurieren…</translation>
    </message>
    <message>
        <source>Batch running</source>
        <translation>Stapel läuft</translation>
    </message>
    <message>
        <source>A batch is still restoring photos.</source>
        <translation>Ein Stapel restauriert noch Fotos.</translation>
    </message>
    <message>
        <source>Stop it and quit? The photos finished so far are kept, with the report.</source>
        <translation>Anhalten und beenden? Die bisher fertigen Fotos bleiben erhalten, mit dem Bericht.</translation>
    </message>
    <message>
        <source>Not started: paint the damage on the photo first (the brush marks it red).</source>
        <translation>Nicht gestartet: Markieren Sie zuerst den Schaden auf dem Foto (der Pinsel färbt ihn rot).</translation>
    </message>
    <message>
        <source>Find damage</source>
        <translation>Schäden finden</translation>
    </message>
    <message>
        <source>%1 (simulated damage)</source>
        <extracomment>%1 is the photo&apos;s name</extracomment>
        <translation>%1 (simulierter Schaden)</translation>
    </message>
    <message>
        <source>Face from Parsing &amp;Map…</source>
        <translation>Gesicht aus Segmentierungs&amp;karte…</translation>
    </message>
    <message>
        <source>Open a photo with a face first: the editor starts from a face&apos;s map</source>
        <translation>Öffnen Sie zuerst ein Foto mit einem Gesicht: der Editor beginnt mit der Karte eines Gesichts</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>A restore is still running and stops too.</source>
        <translation>Eine Wiederherstellung läuft noch und wird ebenfalls beendet.</translation>
    </message>
    <message>
        <source>&amp;Stop and Quit</source>
        <translation>&amp;Anhalten und beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo Face Change</source>
        <translation>&amp;Gesichtsänderung rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo Face Change</source>
        <translation>Gesichtsänderung &amp;wiederholen</translation>
    </message>
    <message>
        <source>Re&amp;vert to Original</source>
        <translation>Zum &amp;Original zurückkehren</translation>
    </message>
    <message>
        <source>&amp;Photo</source>
        <translation>&amp;Foto</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Restaurieren</translation>
    </message>
    <message>
        <source>Restore &amp;All Photos</source>
        <translation>&amp;Alle Fotos restaurieren</translation>
    </message>
    <message>
        <source>Save A&amp;ll Results</source>
        <translation>A&amp;lle Ergebnisse speichern</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Close Selected Photos</source>
        <translation>Ausgewählte Fotos schließen</translation>
    </message>
    <message>
        <source>Revert to Original</source>
        <translation>Zum Original zurückkehren</translation>
    </message>
    <message>
        <source>Revert anyway and lose the result?</source>
        <translation>Trotzdem zurückkehren und das Ergebnis verwerfen?</translation>
    </message>
    <message>
        <source>Restoring photo %1 of %2</source>
        <translation>Foto %1 von %2 wird restauriert</translation>
    </message>
    <message numerus="yes">
        <source>%n result(s) saved</source>
        <translation>
            <numerusform>%n Ergebnis gespeichert</numerusform>
            <numerusform>%n Ergebnisse gespeichert</numerusform>
        </translation>
    </message>
    <message>
        <source>Close Photos</source>
        <translation>Fotos schließen</translation>
    </message>
    <message numerus="yes">
        <source>%n of the restored photos are not saved.</source>
        <translation>
            <numerusform>%n der restaurierten Fotos ist nicht gespeichert.</numerusform>
            <numerusform>%n der restaurierten Fotos sind nicht gespeichert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Close them anyway and lose the results?</source>
        <translation>Trotzdem schließen und die Ergebnisse verwerfen?</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen …</translation>
    </message>
    <message>
        <source>%1 cannot be read again: %2</source>
        <translation>%1 kann nicht erneut gelesen werden: %2</translation>
    </message>
    <message>
        <source>Many Photos</source>
        <translation>Viele Fotos</translation>
    </message>
    <message numerus="yes">
        <source>“%1” holds %n photo(s).</source>
        <translation>
            <numerusform>„%1“ enthält %n Foto.</numerusform>
            <numerusform>„%1“ enthält %n Fotos.</numerusform>
        </translation>
    </message>
    <message>
        <source>A batch restores them into a folder of your choice, resumes after a crash and keeps memory low. Open them here to look at them one by one.</source>
        <translation>Ein Stapel restauriert sie in einen Ordner Ihrer Wahl, setzt nach einem Absturz fort und braucht wenig Speicher. Öffnen Sie sie hier, um sie einzeln anzusehen.</translation>
    </message>
    <message>
        <source>&amp;Batch Restore…</source>
        <translation>&amp;Stapel restaurieren …</translation>
    </message>
    <message>
        <source>&amp;Open Here</source>
        <translation>&amp;Hier öffnen</translation>
    </message>
    <message>
        <source>Files Not Opened</source>
        <translation>Nicht geöffnete Dateien</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be opened.</source>
        <translation>
            <numerusform>%n Datei konnte nicht geöffnet werden.</numerusform>
            <numerusform>%n Dateien konnten nicht geöffnet werden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weitere</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>%1 wird gespeichert…</translation>
    </message>
    <message>
        <source>Settings saved</source>
        <translation>Einstellungen gespeichert</translation>
    </message>
</context>
<context>
    <name>gpen::ui::MissingModelBanner</name>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren…</translation>
    </message>
    <message>
        <source>Do&amp;wnload…</source>
        <translation>&amp;Herunterladen…</translation>
    </message>
    <message>
        <source>Missing model</source>
        <translation>Fehlendes Modell</translation>
    </message>
    <message>
        <source>The model %1 is not installed: import its .pth file or download it.</source>
        <translation>Das Modell %1 ist nicht installiert: Importieren Sie seine .pth-Datei oder laden Sie es herunter.</translation>
    </message>
    <message>
        <source>No face model is installed: Restore upscales the photo and leaves faces as they are. A GPEN face model restores faces (the authors released the weights for academic and non-commercial use only): download %1 or import its .pth file.</source>
        <translation>Kein Gesichtsmodell installiert: „Restaurieren“ vergrößert das Foto und lässt die Gesichter, wie sie sind. Ein GPEN-Gesichtsmodell restauriert Gesichter (die Autoren haben die Gewichte nur für akademische und nicht-kommerzielle Nutzung freigegeben): Laden Sie %1 herunter oder importieren Sie seine .pth-Datei.</translation>
    </message>
    <message>
        <source>Do&amp;wnload Again…</source>
        <translation>Erneut &amp;herunterladen…</translation>
    </message>
    <message>
        <source>The model %1 cannot be loaded: %2. Download it again or import a good copy of its file.</source>
        <translation>Das Modell %1 lässt sich nicht laden: %2. Laden Sie es erneut herunter oder importieren Sie eine intakte Kopie der Datei.</translation>
    </message>
</context>
<context>
    <name>gpen::ui::ModelManagerDialog</name>
    <message>
        <source>face restoration</source>
        <translation>Gesichtsrestaurierung</translation>
    </message>
    <message>
        <source>face detector</source>
        <translation>Gesichtserkennung</translation>
    </message>
    <message>
        <source>face parsing</source>
        <translation>Gesichtssegmentierung</translation>
    </message>
    <message>
        <source>background upscaler</source>
        <translation>Hintergrund-Hochskalierung</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren…</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Herunterladen</translation>
    </message>
    <message>
        <source>&amp;Cancel Download</source>
        <translation>Download &amp;abbrechen</translation>
    </message>
    <message>
        <source>Open Download &amp;Page</source>
        <translation>Download-&amp;Seite öffnen</translation>
    </message>
    <message>
        <source>Open Models &amp;Folder</source>
        <translation>Modell&amp;ordner öffnen</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <source>Import a .pth or .pt file (you can also drop files here). A file whose name is not a released one is imported as the selected model.</source>
        <translation>Eine .pth- oder .pt-Datei importieren (Dateien können auch hierher gezogen werden). Eine Datei, deren Name keinem veröffentlichten Modell entspricht, wird als das ausgewählte Modell importiert.</translation>
    </message>
    <message>
        <source>%1 imported as %2 (%3)</source>
        <translation>%1 als %2 importiert (%3)</translation>
    </message>
    <message>
        <source>Downloading %1: %2 of %3</source>
        <translation>%1 wird heruntergeladen: %2 von %3</translation>
    </message>
    <message>
        <source>Downloading %1: %2</source>
        <translation>%1 wird heruntergeladen: %2</translation>
    </message>
    <message>
        <source>%1 downloaded and installed (%2)</source>
        <translation>%1 heruntergeladen und installiert (%2)</translation>
    </message>
    <message>
        <source>Download of %1 paused; Resume continues where it stopped</source>
        <translation>Download von %1 angehalten; „Fortsetzen“ macht an derselben Stelle weiter</translation>
    </message>
    <message>
        <source>downloading %1 %</source>
        <translation>wird heruntergeladen, %1 %</translation>
    </message>
    <message>
        <source>downloading…</source>
        <translation>wird heruntergeladen…</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>wird geprüft…</translation>
    </message>
    <message>
        <source>built in</source>
        <translation>eingebaut</translation>
    </message>
    <message>
        <source>about %1</source>
        <translation>etwa %1</translation>
    </message>
    <message>
        <source>partial download (%1)</source>
        <translation>teilweise heruntergeladen (%1)</translation>
    </message>
    <message>
        <source>— (%1)</source>
        <translation>— (%1)</translation>
    </message>
    <message>
        <source>&amp;Resume Download</source>
        <translation>Download &amp;fortsetzen</translation>
    </message>
    <message>
        <source>Another download is running: %1</source>
        <translation>Ein anderer Download läuft: %1</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>Importing %1 as %2…</source>
        <translation>%1 wird als %2 importiert…</translation>
    </message>
    <message>
        <source>Import Models</source>
        <translation>Modelle importieren</translation>
    </message>
    <message>
        <source>PyTorch checkpoints (*.pth *.pt);;All files (*)</source>
        <translation>PyTorch-Checkpoints (*.pth *.pt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Download %1 from the page, then import it here: it is installed as %2</source>
        <translation>Laden Sie %1 von der Seite herunter und importieren Sie es dann hier: Es wird als %2 installiert</translation>
    </message>
    <message>
        <source>identity check</source>
        <translation>Identitätsprüfung</translation>
    </message>
</context>
<context>
    <name>gpen::ui::ModelStatusIndicator</name>
    <message>
        <source>Model status</source>
        <translation>Modellstatus</translation>
    </message>
    <message>
        <source>Models: click for each model&apos;s state and timings</source>
        <translation>Modelle: klicken für Zustand und Zeiten jedes Modells</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>Lesen</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>Aufbau</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>Aufwärmen</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Manage &amp;Models…</source>
        <translation>&amp;Modelle verwalten…</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>nicht installiert</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>installiert</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>released</source>
        <translation>freigegeben</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>reading weights…</source>
        <translation>Gewichte werden gelesen…</translation>
    </message>
    <message>
        <source>building…</source>
        <translation>wird aufgebaut…</translation>
    </message>
    <message>
        <source>moving to device…</source>
        <translation>wird aufs Gerät übertragen…</translation>
    </message>
    <message>
        <source>warming up…</source>
        <translation>wärmt auf…</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>wird geladen…</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>Datei: %1</translation>
    </message>
    <message>
        <source>Read %1 ms, build %2 ms, warm-up %3 ms</source>
        <translation>Lesen %1 ms, Aufbau %2 ms, Aufwärmen %3 ms</translation>
    </message>
    <message>
        <source>Memory: %1 MB</source>
        <translation>Speicher: %1 MB</translation>
    </message>
    <message>
        <source>Released (%1); it loads again when needed</source>
        <translation>Freigegeben (%1); wird bei Bedarf neu geladen</translation>
    </message>
    <message>
        <source>Kept loaded (preloaded)</source>
        <translation>Bleibt geladen (vorab geladen)</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) failed</source>
        <translation>
            <numerusform>%n Modell fehlgeschlagen</numerusform>
            <numerusform>%n Modelle fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n model(s) ready</source>
        <translation>
            <numerusform>%1 von %n Modell bereit</numerusform>
            <numerusform>%1 von %n Modellen bereit</numerusform>
        </translation>
    </message>
    <message>
        <source>Faces: RetinaFace</source>
        <translation>Gesichter: RetinaFace</translation>
    </message>
    <message>
        <source>Faces: dlib (built in)</source>
        <translation>Gesichter: dlib (eingebaut)</translation>
    </message>
    <message>
        <source>Faces are found by RetinaFace-R50.</source>
        <translation>Gesichter werden mit RetinaFace-R50 gefunden.</translation>
    </message>
    <message>
        <source>RetinaFace-R50, the default face detector, is %1: faces are found by the built-in dlib detector, which misses more small and turned faces. Add it under Tools → Models.</source>
        <translation>RetinaFace-R50, der Standard-Gesichtsdetektor, ist %1: Gesichter werden mit dem eingebauten dlib-Detektor gefunden, der mehr kleine und abgewandte Gesichter übersieht. Fügen Sie ihn unter Extras → Modelle hinzu.</translation>
    </message>
    <message>
        <source>Computes in %1</source>
        <translation>Rechnet in %1</translation>
    </message>
</context>
<context>
    <name>gpen::ui::PhotoLimits</name>
    <message>
        <source>about %1 GB of memory for one photo this large</source>
        <extracomment>%1 is a number of gigabytes, one decimal</extracomment>
        <translation>etwa %1 GB Arbeitsspeicher für ein so großes Foto</translation>
    </message>
</context>
<context>
    <name>gpen::ui::RestoreModelChoices</name>
    <message>
        <source>%1 (not installed)</source>
        <translation>%1 (nicht installiert)</translation>
    </message>
    <message>
        <source>None (upscale only)</source>
        <translation>Keines (nur vergrößern)</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>nicht installiert</translation>
    </message>
    <message>
        <source>%1× (%2)</source>
        <translation>%1× (%2)</translation>
    </message>
    <message>
        <source>%1 (cannot be loaded)</source>
        <translation>%1 (nicht ladbar)</translation>
    </message>
</context>
<context>
    <name>gpen::ui::RestorePanel</name>
    <message>
        <source>Keep grayscale photos gray</source>
        <translation>Graustufenfotos grau lassen</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Restaurieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>Built-in (dlib)</source>
        <translation>Eingebaut (dlib)</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Face model</source>
        <translation>Gesichtsmodell</translation>
    </message>
    <message>
        <source>Detector</source>
        <translation>Erkennung</translation>
    </message>
    <message>
        <source>Background</source>
        <translation>Hintergrund</translation>
    </message>
    <message>
        <source>Tile size</source>
        <translation>Kachelgröße</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Stärke</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 von %3</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Restore failed: %1</source>
        <translation>Restaurierung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>Eraser</source>
        <translation>Radierer</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Restore faces</source>
        <translation>Gesichter restaurieren</translation>
    </message>
    <message>
        <source>Colorize faces</source>
        <translation>Gesichter kolorieren</translation>
    </message>
    <message>
        <source>Repair damage</source>
        <translation>Schäden reparieren</translation>
    </message>
    <message>
        <source>Paint to remove marks instead of adding them</source>
        <translation>Malen entfernt Markierungen, statt sie hinzuzufügen</translation>
    </message>
    <message>
        <source>Brush</source>
        <translation>Pinsel</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Paint the damage on the photo (it shows red); drag with the right button to pan.</source>
        <translation>Malen Sie den Schaden auf das Foto (er wird rot angezeigt); mit der rechten Maustaste verschieben.</translation>
    </message>
    <message>
        <source>Find damage</source>
        <translation>Schäden finden</translation>
    </message>
    <message>
        <source>Simulate damage</source>
        <translation>Schaden simulieren</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>Empfindlichkeit</translation>
    </message>
    <message>
        <source>&amp;Edit a Face&apos;s Map…</source>
        <translation>Karte eines Gesichts &amp;bearbeiten…</translation>
    </message>
    <message>
        <source>Face from map</source>
        <translation>Gesicht aus Karte</translation>
    </message>
    <message>
        <source>Colorize: a gray photo&apos;s faces are coloured, the rest stays gray. Repair damage: paint the scratches on the photo, then Restore fills them in the faces. Face from map: repaint a face&apos;s parsing map and see the face it describes.</source>
        <translation>Kolorieren: Die Gesichter eines grauen Fotos werden farbig, der Rest bleibt grau. Schäden reparieren: Malen Sie die Kratzer auf das Foto, dann füllt Wiederherstellen sie in den Gesichtern. Gesicht aus Karte: Malen Sie die Segmentierungskarte eines Gesichts um und sehen Sie das Gesicht, das sie beschreibt.</translation>
    </message>
    <message>
        <source>GPEN-Seg2face draws a face from a parsing map. The editor starts from the map of the face selected in the photo (else the largest) and redraws the face as you repaint its classes.</source>
        <translation>GPEN-Seg2face zeichnet ein Gesicht aus einer Segmentierungskarte. Der Editor beginnt mit der Karte des im Foto gewählten Gesichts (sonst des größten) und zeichnet das Gesicht neu, während Sie seine Klassen übermalen.</translation>
    </message>
    <message>
        <source>Tint the rest with the faces&apos; colour</source>
        <translation>Den Rest in der Farbe der Gesichter tönen</translation>
    </message>
    <message>
        <source>No network colours a whole photo: off, the rest stays gray; on, it is toned with the colorized faces&apos; average colour, like a toned print</source>
        <translation>Kein Netz koloriert ein ganzes Foto: aus, der Rest bleibt grau; an, er wird in der mittleren Farbe der kolorierten Gesichter getönt, wie ein getonter Abzug</translation>
    </message>
    <message>
        <source>Real-ESRGAN, fast</source>
        <translation>Real-ESRGAN, schnell</translation>
    </message>
    <message>
        <source>Real-ESRGAN, best quality (slower)</source>
        <translation>Real-ESRGAN, beste Qualität (langsamer)</translation>
    </message>
    <message>
        <source>Automatic: a Real-ESRNet file of the scale when installed, else Real-ESRGAN&apos;s fast network. Best quality takes about ten times as long.</source>
        <translation>Automatisch: eine Real-ESRNet-Datei des Maßstabs, wenn installiert, sonst das schnelle Netz von Real-ESRGAN. Beste Qualität dauert etwa zehnmal so lange.</translation>
    </message>
    <message>
        <source>Upscaler</source>
        <translation>Hochskalierer</translation>
    </message>
    <message numerus="yes">
        <source> — about %n s more for this step</source>
        <translation>
            <numerusform> — noch etwa %n s für diesen Schritt</numerusform>
            <numerusform> — noch etwa %n s für diesen Schritt</numerusform>
        </translation>
    </message>
    <message>
        <source>Repair damage on the whole photo</source>
        <translation>Schäden im ganzen Foto beheben</translation>
    </message>
    <message>
        <source>How faint a speck, scratch or crack Find damage marks: more finds more, and more that is not damage</source>
        <translation>Wie schwache Flecken, Kratzer oder Risse „Schaden finden“ markiert: mehr findet mehr, auch mehr, was kein Schaden ist</translation>
    </message>
    <message>
        <source>Marks white paint, dust, scratches and cracks as a suggestion to check and edit</source>
        <translation>Markiert weiße Farbe, Staub, Kratzer und Risse als Vorschlag zum Prüfen und Bearbeiten</translation>
    </message>
    <message>
        <source>Opens a copy of the photo with random strokes, dust and cracks on it, to try the repair</source>
        <translation>Öffnet eine Kopie des Fotos mit zufälligen Strichen, Staub und Rissen, um die Reparatur auszuprobieren</translation>
    </message>
    <message>
        <source>Fills dust, scratches and cracks anywhere on the photo before its faces are restored: the marks you paint, or where you paint none, what Find damage finds</source>
        <translation>Füllt Staub, Kratzer und Risse überall im Foto, bevor die Gesichter restauriert werden: Ihre gemalten Markierungen oder, wo Sie keine malen, was „Schaden finden“ findet</translation>
    </message>
    <message>
        <source>Show the repaired areas</source>
        <translation>Reparierte Stellen zeigen</translation>
    </message>
    <message>
        <source>Tints on the result what the last restore&apos;s repair filled, to check it.</source>
        <translation>Färbt im Ergebnis ein, was die Reparatur der letzten Restaurierung gefüllt hat, zum Prüfen.</translation>
    </message>
    <message>
        <source>2×</source>
        <translation>2×</translation>
    </message>
    <message>
        <source>4×</source>
        <translation>4×</translation>
    </message>
</context>
<context>
    <name>gpen::ui::ResultSaver</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>PNG</source>
        <translation>PNG</translation>
    </message>
    <message>
        <source>JPEG</source>
        <translation>JPEG</translation>
    </message>
    <message>
        <source>TIFF</source>
        <translation>TIFF</translation>
    </message>
    <message>
        <source>WebP</source>
        <translation>WebP</translation>
    </message>
    <message>
        <source>restored</source>
        <translation>restauriert</translation>
    </message>
    <message>
        <source>Replace the original?</source>
        <translation>Original ersetzen?</translation>
    </message>
    <message>
        <source>%1 is the original photo. Replace it with the restored one? The original cannot be recovered afterwards.</source>
        <translation>%1 ist das Originalfoto. Soll es durch das restaurierte ersetzt werden? Das Original lässt sich danach nicht wiederherstellen.</translation>
    </message>
    <message>
        <source>Cannot save %1</source>
        <translation>%1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>%1 was not saved: %2</source>
        <translation>%1 wurde nicht gespeichert: %2</translation>
    </message>
    <message>
        <source>-restored</source>
        <extracomment>appended to a photo&apos;s file name for its restored copy (&quot;Grandma-restored.jpg&quot;)</extracomment>
        <translation>-restauriert</translation>
    </message>
</context>
<context>
    <name>gpen::ui::SaveDialog</name>
    <message>
        <source>Save Result As</source>
        <translation>Ergebnis speichern unter</translation>
    </message>
    <message>
        <source>&amp;Quality:</source>
        <translation>&amp;Qualität:</translation>
    </message>
    <message>
        <source>&amp;Compression:</source>
        <translation>&amp;Kompression:</translation>
    </message>
    <message>
        <source>Higher keeps more detail and makes larger files.</source>
        <translation>Höher erhält mehr Details und ergibt größere Dateien.</translation>
    </message>
    <message>
        <source>Lossless at every level; higher is smaller and slower.</source>
        <translation>Auf jeder Stufe verlustfrei; höher ist kleiner und langsamer.</translation>
    </message>
</context>
<context>
    <name>gpen::ui::SettingsDialog</name>
    <message>
        <source>Exact (fp32)</source>
        <translation>Genau (fp32)</translation>
    </message>
    <message>
        <source>Faster (bf16)</source>
        <translation>Schneller (bf16)</translation>
    </message>
    <message>
        <source>Prec&amp;ision:</source>
        <translation>Gena&amp;uigkeit:</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Automatic (CUDA when available)</source>
        <translation>Automatisch (CUDA, wenn verfügbar)</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CUDA (GPU)</source>
        <translation>CUDA (GPU)</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>&amp;Gerät:</translation>
    </message>
    <message>
        <source>One per core</source>
        <translation>Einer pro Kern</translation>
    </message>
    <message>
        <source>CPU &amp;threads:</source>
        <translation>CPU-&amp;Threads:</translation>
    </message>
    <message>
        <source>Only the standard folders</source>
        <translation>Nur die Standardordner</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;Models folder:</source>
        <translation>&amp;Modellordner:</translation>
    </message>
    <message>
        <source>Loaded in the background at launch and kept loaded</source>
        <translation>Beim Start im Hintergrund geladen und geladen gehalten</translation>
    </message>
    <message>
        <source>&amp;Preload:</source>
        <translation>&amp;Vorab laden:</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Keine Grenze</translation>
    </message>
    <message>
        <source>Ma&amp;ximum models:</source>
        <translation>Ma&amp;ximale Modellanzahl:</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Memory &amp;budget:</source>
        <translation>Speicher&amp;budget:</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nie</translation>
    </message>
    <message>
        <source>&amp;Release idle models after:</source>
        <translation>Ungenutzte Modelle f&amp;reigeben nach:</translation>
    </message>
    <message>
        <source>Face batch sizes to warm up at load, e.g. 1, 4</source>
        <translation>Gesichts-Batchgrößen, für die beim Laden aufgewärmt wird, z. B. 1, 4</translation>
    </message>
    <message>
        <source>&amp;Warm-up batch sizes:</source>
        <translation>&amp;Aufwärm-Batchgrößen:</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>A restore is running: engine changes take effect at the next launch. The language changes at the next start.</source>
        <translation>Eine Restaurierung läuft: Änderungen an der Engine gelten ab dem nächsten Programmstart. Die Sprache wechselt beim nächsten Start.</translation>
    </message>
    <message>
        <source>Engine changes take effect when you press OK (the models load again). The language changes at the next start.</source>
        <translation>Änderungen an der Engine gelten, sobald Sie OK drücken (die Modelle werden neu geladen). Die Sprache wechselt beim nächsten Start.</translation>
    </message>
    <message>
        <source>Models Folder</source>
        <translation>Modellordner</translation>
    </message>
    <message>
        <source>Balanced</source>
        <translation>Ausgewogen</translation>
    </message>
    <message>
        <source>Low memory</source>
        <translation>Wenig Speicher</translation>
    </message>
    <message>
        <source>Fastest (more memory)</source>
        <translation>Am schnellsten (mehr Speicher)</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Benutzerdefiniert</translation>
    </message>
    <message>
        <source>How much memory the models may keep, and how eagerly they load</source>
        <translation>Wie viel Speicher die Modelle belegen dürfen und wie früh sie laden</translation>
    </message>
    <message>
        <source>&amp;Performance:</source>
        <translation>&amp;Leistung:</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Design:</translation>
    </message>
    <message>
        <source>&amp;Advanced</source>
        <translation>&amp;Erweitert</translation>
    </message>
    <message>
        <source> MP</source>
        <translation> MP</translation>
    </message>
    <message>
        <source>Larger photos are refused when opened</source>
        <translation>Größere Fotos werden beim Öffnen abgelehnt</translation>
    </message>
    <message>
        <source>Lar&amp;gest photo:</source>
        <translation>&amp;Größtes Foto:</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>Automatic computes in 16-bit floating point (bf16) where the processor does so natively, which is faster and looks the same, and in 32-bit (fp32) elsewhere. The model list in the status bar shows what each model computes in. The models load again when it changes.</source>
        <translation>Automatisch rechnet in 16-Bit-Gleitkomma (bf16), wo der Prozessor das nativ kann – schneller und im Ergebnis gleich aussehend –, sonst in 32 Bit (fp32). Die Modellliste in der Statusleiste zeigt, worin jedes Modell rechnet. Die Modelle werden bei einer Änderung neu geladen.</translation>
    </message>
    <message>
        <source>This session uses %1, given with --models-dir. The folder set here applies when GPEN Studio starts without it.</source>
        <extracomment>%1 is a folder</extracomment>
        <translation>Diese Sitzung verwendet %1, angegeben mit --models-dir. Der hier gewählte Ordner gilt, wenn GPEN Studio ohne diese Angabe startet.</translation>
    </message>
    <message>
        <source>Only the standard folders (when started without --models-dir)</source>
        <translation>Nur die Standardordner (beim Start ohne --models-dir)</translation>
    </message>
</context>
<context>
    <name>gpen::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>Stop the restore in hand</source>
        <translation>Die laufende Restaurierung anhalten</translation>
    </message>
    <message>
        <source>Photos list</source>
        <translation>Fotoliste</translation>
    </message>
    <message>
        <source>Close the selected photos</source>
        <translation>Die ausgewählten Fotos schließen</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menü</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
</context>
<context>
    <name>gpen::ui::StrokeBrush</name>
    <message>
        <source>Paint</source>
        <translation>Malen</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Restore faces in old photographs</source>
        <translation>Gesichter in alten Fotos restaurieren</translation>
    </message>
    <message>
        <source>Look for model files in &lt;dir&gt; first.</source>
        <translation>Modelldateien zuerst in &lt;dir&gt; suchen.</translation>
    </message>
    <message>
        <source>cpu, cuda, cuda:N or auto.</source>
        <translation>cpu, cuda, cuda:N oder auto.</translation>
    </message>
    <message>
        <source>Exit once the preloaded models are ready, printing the times as JSON.</source>
        <translation>Beenden, sobald die vorab geladenen Modelle bereit sind, und die Zeiten als JSON ausgeben.</translation>
    </message>
    <message>
        <source>Photos or folders to open.</source>
        <translation>Zu öffnende Fotos oder Ordner.</translation>
    </message>
</context>
</TS>
