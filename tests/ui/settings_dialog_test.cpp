// SPDX-License-Identifier: Apache-2.0
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

#include <initializer_list>

#include <gtest/gtest.h>

#include "temp_settings.h"
#include "ui/bridge/engine_settings.h"
#include "ui/common/translations.h"
#include "ui/photos/photo_limits.h"
#include "ui/settings/settings_dialog.h"
#include "ui_test_app.h"

namespace {

using gpen::ui::EngineSettings;
using gpen::ui::SettingsDialog;

QStringList checkedIds(const QListWidget* list) {
    QStringList ids;
    for (int i = 0; i < list->count(); ++i) {
        if (list->item(i)->checkState() == Qt::Checked) ids << list->item(i)->text();
    }
    return ids;
}

QListWidgetItem* itemFor(const QListWidget* list, const QString& id) {
    for (int i = 0; i < list->count(); ++i) {
        if (list->item(i)->text() == id) return list->item(i);
    }
    return nullptr;
}

TEST(SettingsDialog, ShowsTheStoredValues) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    EngineSettings stored;
    stored.device = QStringLiteral("cpu");
    stored.threads = 3;
    stored.precision = QStringLiteral("bf16");
    stored.preload = {QStringLiteral("GPEN-BFR-256"), QStringLiteral("dlib")};
    stored.maxModels = 2;
    stored.memoryBudgetMb = 1536;
    stored.idleReleaseMinutes = 0;
    stored.warmupBatchSizes = {1, 4};
    stored.tileSize = 256;
    stored.modelsDir = QStringLiteral("/opt/models");
    stored.save();
    gpen::ui::Translations::storeLanguage(QStringLiteral("de"));

    SettingsDialog dialog;
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    EXPECT_EQ(dialog.deviceBox()->currentData().toString(), QStringLiteral("cpu"));
    EXPECT_EQ(dialog.threadsBox()->value(), 3);
    EXPECT_EQ(dialog.precisionBox()->currentData().toString(), QStringLiteral("bf16"));
    EXPECT_EQ(checkedIds(dialog.preloadList()), stored.preload);
    // Every released model and the built-in detector can be chosen.
    EXPECT_NE(itemFor(dialog.preloadList(), QStringLiteral("GPEN-BFR-512")), nullptr);
    EXPECT_NE(itemFor(dialog.preloadList(), QStringLiteral("RetinaFace-R50")), nullptr);
    EXPECT_EQ(dialog.preloadList()->findItems(QStringLiteral("dlib"), Qt::MatchExactly).size(), 1);
    EXPECT_EQ(dialog.maxModelsBox()->value(), 2);
    EXPECT_EQ(dialog.memoryBudgetBox()->value(), 1536);
    EXPECT_EQ(dialog.idleReleaseBox()->value(), 0);
    EXPECT_EQ(dialog.idleReleaseBox()->text(), dialog.idleReleaseBox()->specialValueText());
    EXPECT_EQ(dialog.warmupBatchSizesEdit()->text(), QStringLiteral("1, 4"));
    EXPECT_EQ(dialog.modelsDirEdit()->text(), QStringLiteral("/opt/models"));
    EXPECT_EQ(dialog.languageBox()->currentData().toString(), QStringLiteral("de"));
    EXPECT_EQ(dialog.language(), QStringLiteral("de"));
}

TEST(SettingsDialog, DefaultsWhenNothingIsStored) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    SettingsDialog dialog;
    const EngineSettings defaults;
    const EngineSettings shown = dialog.engineSettings();
    EXPECT_EQ(shown.device, defaults.device);
    EXPECT_EQ(shown.precision, QStringLiteral("auto"));  // bf16 where the CPU computes it natively
    EXPECT_EQ(shown.preload, defaults.preload);
    EXPECT_EQ(shown.warmupBatchSizes, defaults.warmupBatchSizes);
    EXPECT_EQ(shown.tileSize, defaults.tileSize);
    EXPECT_EQ(dialog.language(), QString());  // the system's
}

TEST(SettingsDialog, EditsAreStoredAndReloadEqual) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    EngineSettings panel;
    panel.tileSize = 256;  // as the Restore panel stores it
    panel.save();
    SettingsDialog dialog;
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));

    dialog.deviceBox()->setCurrentIndex(dialog.deviceBox()->findData(QStringLiteral("cuda")));
    dialog.threadsBox()->setValue(6);
    dialog.precisionBox()->setCurrentIndex(dialog.precisionBox()->findData(QStringLiteral("bf16")));
    itemFor(dialog.preloadList(), QStringLiteral("ParseNet-latest"))->setCheckState(Qt::Unchecked);
    itemFor(dialog.preloadList(), QStringLiteral("GPEN-BFR-1024"))->setCheckState(Qt::Checked);
    dialog.maxModelsBox()->setValue(7);
    dialog.memoryBudgetBox()->setValue(8192);
    dialog.idleReleaseBox()->setValue(25);
    dialog.warmupBatchSizesEdit()->clear();
    QTest::keyClicks(dialog.warmupBatchSizesEdit(), QStringLiteral("1, 2, 8"));
    dialog.modelsDirEdit()->setText(QStringLiteral("/srv/gpen"));
    dialog.languageBox()->setCurrentIndex(dialog.languageBox()->findData(QStringLiteral("en")));
    const EngineSettings edited = dialog.engineSettings();
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);

    const EngineSettings loaded = EngineSettings::load();
    EXPECT_EQ(loaded.device, QStringLiteral("cuda"));
    EXPECT_EQ(loaded.threads, 6);
    EXPECT_EQ(loaded.precision, QStringLiteral("bf16"));
    EXPECT_TRUE(loaded.preload.contains(QStringLiteral("GPEN-BFR-1024")));
    EXPECT_FALSE(loaded.preload.contains(QStringLiteral("ParseNet-latest")));
    EXPECT_EQ(loaded.preload, edited.preload);
    EXPECT_EQ(loaded.maxModels, 7);
    EXPECT_EQ(loaded.memoryBudgetMb, 8192);
    EXPECT_EQ(loaded.idleReleaseMinutes, 25);
    EXPECT_EQ(loaded.warmupBatchSizes, (QList<int>{1, 2, 8}));
    EXPECT_EQ(loaded.tileSize, 256) << "the stored tile size (the Restore panel's) is kept";
    EXPECT_EQ(loaded.modelsDir, QStringLiteral("/srv/gpen"));
    EXPECT_EQ(gpen::ui::Translations::storedLanguage(), QStringLiteral("en"));

    // A second dialog shows exactly what the first stored.
    SettingsDialog again;
    const EngineSettings shown = again.engineSettings();
    EXPECT_EQ(shown.device, loaded.device);
    EXPECT_EQ(shown.threads, loaded.threads);
    EXPECT_EQ(shown.preload, loaded.preload);
    EXPECT_EQ(shown.maxModels, loaded.maxModels);
    EXPECT_EQ(shown.memoryBudgetMb, loaded.memoryBudgetMb);
    EXPECT_EQ(shown.idleReleaseMinutes, loaded.idleReleaseMinutes);
    EXPECT_EQ(shown.warmupBatchSizes, loaded.warmupBatchSizes);
    EXPECT_EQ(shown.tileSize, loaded.tileSize);
    EXPECT_EQ(shown.modelsDir, loaded.modelsDir);
    EXPECT_EQ(again.language(), QStringLiteral("en"));
}

TEST(SettingsDialog, CancelStoresNothing) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    SettingsDialog dialog;
    dialog.threadsBox()->setValue(9);
    dialog.reject();
    EXPECT_FALSE(QSettings().contains(QStringLiteral("engine/threads")));
    EXPECT_EQ(EngineSettings::load().threads, EngineSettings().threads);
}

TEST(SettingsDialog, SaysWhenEngineChangesWaitForTheNextLaunch) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    const SettingsDialog idle(false);
    const SettingsDialog busy(true);
    const auto* idleNote = idle.findChild<QLabel*>(QStringLiteral("settingsNote"));
    const auto* busyNote = busy.findChild<QLabel*>(QStringLiteral("settingsNote"));
    ASSERT_NE(idleNote, nullptr);
    ASSERT_NE(busyNote, nullptr);
    EXPECT_TRUE(busyNote->text().contains(QStringLiteral("next launch")));
    EXPECT_FALSE(idleNote->text().contains(QStringLiteral("next launch")));
    EXPECT_TRUE(idleNote->text().contains(QStringLiteral("next start")));  // the language
}

TEST(SettingsDialog, TheMainPageIsShortAndTheEngineDetailsAreUnderAdvanced) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    SettingsDialog dialog;
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    // Device, performance, models folder, language, theme: visible. The rest folded away.
    for (QWidget* w : std::initializer_list<QWidget*>{dialog.deviceBox(), dialog.presetBox(),
                                                      dialog.modelsDirEdit(), dialog.languageBox(),
                                                      dialog.themeBox()}) {
        EXPECT_TRUE(w->isVisible()) << w->metaObject()->className();
    }
    EXPECT_FALSE(dialog.advancedSection()->isVisible());
    EXPECT_FALSE(dialog.threadsBox()->isVisible());
    EXPECT_FALSE(dialog.preloadList()->isVisible());
    dialog.advancedToggle()->click();
    EXPECT_TRUE(dialog.preloadList()->isVisible());
    EXPECT_TRUE(dialog.warmupBatchSizesEdit()->isVisible());
    // No tile size here: restores use the Restore panel's.
    for (const QLabel* label : dialog.findChildren<QLabel*>()) {
        EXPECT_FALSE(label->text().contains(QStringLiteral("ile size")))
            << label->text().toStdString();
        // Every mnemonic has its buddy: no label shows a literal "&".
        if (label->text().contains(QLatin1Char('&'))) {
            EXPECT_NE(label->buddy(), nullptr) << label->text().toStdString();
        }
    }
}

TEST(SettingsDialog, APresetSetsTheEngineDetailsAndEditsMakeItCustom) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    SettingsDialog dialog;
    EXPECT_EQ(dialog.presetBox()->currentIndex(), 0);  // the defaults are "Balanced"
    dialog.presetBox()->setCurrentIndex(1);            // Low memory
    EXPECT_EQ(dialog.maxModelsBox()->value(), 2);
    EXPECT_EQ(dialog.memoryBudgetBox()->value(), 1536);
    dialog.memoryBudgetBox()->setValue(2048);
    EXPECT_EQ(dialog.presetBox()->currentIndex(), dialog.presetBox()->count() - 1);  // Custom
    dialog.accept();
    EXPECT_EQ(EngineSettings::load().memoryBudgetMb, 2048);
    SettingsDialog again;
    EXPECT_EQ(again.presetBox()->currentIndex(), again.presetBox()->count() - 1);
}

// Largest photo: on the main page, with the memory a photo that large needs, stored on OK.
TEST(SettingsDialog, TheLargestPhotoSaysWhatItCostsAndIsStored) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    SettingsDialog dialog;
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    EXPECT_TRUE(dialog.maxMegapixelsBox()->isVisible());
    EXPECT_EQ(dialog.maxMegapixelsBox()->value(), gpen::ui::PhotoLimits::kDefaultMegapixels);
    EXPECT_EQ(dialog.maxMegapixelsMemoryLabel()->text(),
              QStringLiteral("about 1.6 GB of memory for one photo this large"));
    dialog.maxMegapixelsBox()->setValue(400);
    EXPECT_EQ(dialog.maxMegapixelsMemoryLabel()->text(),
              QStringLiteral("about 6.4 GB of memory for one photo this large"));
    dialog.accept();
    EXPECT_EQ(gpen::ui::PhotoLimits::storedMaxMegapixels(), 400);
}

}  // namespace

namespace {

// OK on an untouched dialog gives back the stored settings exactly, the preload's order too (it
// is the order the models load in), also where it is not the list's order: a theme change then
// leaves the engine running.
TEST(SettingsDialog, AnUntouchedDialogKeepsThePreloadOrder) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    EngineSettings stored;
    stored.preload = {QStringLiteral("my-gpen"), QStringLiteral("dlib"),
                      QStringLiteral("GPEN-BFR-512")};
    stored.save();
    gpen::ui::SettingsDialog dialog;
    EXPECT_EQ(dialog.engineSettings().preload, stored.preload);
    EXPECT_TRUE(dialog.engineSettings() == EngineSettings::load());
}

}  // namespace
