// SPDX-License-Identifier: Apache-2.0
// The interface languages: Simplified Chinese and German from the embedded translations, Qt's
// own strings alongside, core's English errors led by a sentence in the user's language.

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTranslator>

#include <gtest/gtest.h>

#include "gpen/batch/batch_report.h"
#include "gpen/pipeline/progress.h"
#include "gpen/pipeline/restore_pipeline.h"
#include "temp_settings.h"
#include "ui/common/core_text.h"
#include "ui/common/translations.h"
#include "ui/main_window.h"
#include "ui/settings/settings_dialog.h"
#include "ui_test_app.h"

namespace {

using gpen::ui::Translations;

// Installs a language for one test and removes it again, so the other tests see English.
class ScopedLanguage {
  public:
    explicit ScopedLanguage(const QString& language)
        : m_installed(Translations::install(&gpen::test::uiApp(), language)) {}
    ~ScopedLanguage() {
        for (QTranslator* t : m_installed) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
    }
    ScopedLanguage(const ScopedLanguage&) = delete;
    ScopedLanguage& operator=(const ScopedLanguage&) = delete;
    const QList<QTranslator*>& installed() const { return m_installed; }

  private:
    QList<QTranslator*> m_installed;
};

QString cancelButtonText() {
    QDialogButtonBox box(QDialogButtonBox::Cancel);
    return box.button(QDialogButtonBox::Cancel)->text();
}

TEST(Translations, SimplifiedChineseTranslatesTheWindowAndQtsOwnButtons) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    const QString englishCancel = cancelButtonText();
    {
        const ScopedLanguage chinese(QStringLiteral("zh_CN"));
        // Ours (:/i18n) and Qt's qtbase_zh_CN (Debian qt6-translations-l10n).
        ASSERT_EQ(chinese.installed().size(), 2)
            << "gpen-studio_zh_CN.qm or qtbase_zh_CN.qm not found";
        gpen::ui::MainWindow window;
        const QList<QAction*> menus = window.menuBar()->actions();
        ASSERT_GE(menus.size(), 2);
        EXPECT_EQ(menus.at(0)->text(), QStringLiteral("文件(&F)"));
        EXPECT_EQ(menus.at(1)->text(), QStringLiteral("编辑(&E)"));
        EXPECT_EQ(menus.at(2)->text(), QStringLiteral("视图(&V)"));
        EXPECT_EQ(menus.at(3)->text(), QStringLiteral("照片(&P)"));
        EXPECT_EQ(window.findChild<QAction*>(QStringLiteral("saveAsAction"))->text(),
                  QStringLiteral("结果另存为(&A)…"));
        EXPECT_EQ(cancelButtonText(), QStringLiteral("取消"));
    }
    EXPECT_EQ(cancelButtonText(), englishCancel);
}

// What a widget needs at least, built in the language installed now.
template <class Widget>
QSize minimumFor() {
    Widget w;
    w.ensurePolished();
    return w.minimumSizeHint().expandedTo(w.minimumSize());
}

// Chinese labels never force a window or dialog larger than a 1024x700 screen, or than English
// does where English already needs more.
TEST(Translations, ChineseNeedsNoMoreRoomThanEnglishOrTheSmallScreen) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    const QSize smallScreen(1024, 700);
    const QSize englishWindow = minimumFor<gpen::ui::MainWindow>();
    const QSize englishSettings = minimumFor<gpen::ui::SettingsDialog>();
    const ScopedLanguage chinese(QStringLiteral("zh_CN"));
    ASSERT_FALSE(chinese.installed().isEmpty());
    const QSize window = minimumFor<gpen::ui::MainWindow>();
    const QSize settings = minimumFor<gpen::ui::SettingsDialog>();
    const QSize windowLimit = englishWindow.expandedTo(smallScreen);
    const QSize settingsLimit = englishSettings.expandedTo(smallScreen);
    EXPECT_TRUE(window.width() <= windowLimit.width() && window.height() <= windowLimit.height())
        << window.width() << "x" << window.height();
    EXPECT_TRUE(settings.width() <= settingsLimit.width() &&
                settings.height() <= settingsLimit.height())
        << settings.width() << "x" << settings.height();
}

TEST(Translations, GermanBringsQtsGermanButtons) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    const ScopedLanguage german(QStringLiteral("de"));
    ASSERT_EQ(german.installed().size(), 2) << "gpen-studio_de.qm or qtbase_de.qm not found";
    EXPECT_EQ(cancelButtonText(), QStringLiteral("Abbrechen"));
}

TEST(Translations, SettingsOfferEachLanguageInItsOwnScript) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    Translations::storeLanguage(QStringLiteral("zh_CN"));
    gpen::ui::SettingsDialog dialog;
    const int chinese = dialog.languageBox()->findData(QStringLiteral("zh_CN"));
    ASSERT_GE(chinese, 0);
    EXPECT_EQ(dialog.languageBox()->itemText(chinese), QStringLiteral("简体中文"));
    EXPECT_EQ(dialog.language(), QStringLiteral("zh_CN"));
    for (const QString& code : Translations::available()) {
        EXPECT_GE(dialog.languageBox()->findData(code), 0) << code.toStdString();
    }
}

TEST(Translations, CoreErrorsLeadWithASentenceInTheUsersLanguage) {
    gpen::test::uiApp();
    const gpen::Error damaged{gpen::ErrorCode::Malformed,
                              "/home/user/models/GPEN-BFR-512.pth: pickle ends inside a tuple"};
    // English: core's message says it all, and there is nothing more for Details.
    EXPECT_EQ(gpen::ui::CoreText::error(damaged), QString::fromStdString(damaged.message));
    EXPECT_TRUE(gpen::ui::CoreText::details(damaged).isEmpty());
    EXPECT_EQ(gpen::ui::CoreText::stage(QStringLiteral("faces")),
              QStringLiteral("Face restoration"));
    const ScopedLanguage chinese(QStringLiteral("zh_CN"));
    ASSERT_FALSE(chinese.installed().isEmpty());
    // Translated: the file's name, then our sentence; core's English (and the folders) only in
    // the details.
    EXPECT_EQ(gpen::ui::CoreText::error(damaged), QStringLiteral("GPEN-BFR-512.pth：文件已损坏。"));
    EXPECT_EQ(gpen::ui::CoreText::details(damaged), QString::fromStdString(damaged.message));
    EXPECT_EQ(gpen::ui::CoreText::error({gpen::ErrorCode::Io, "a.png: cannot open"}),
              QStringLiteral("a.png：无法读取或写入文件。"));
    // A message that names no file first is our sentence alone.
    EXPECT_EQ(gpen::ui::CoreText::error({gpen::ErrorCode::Io, "cannot open the output folder"}),
              QStringLiteral("无法读取或写入文件。"));
    EXPECT_EQ(gpen::ui::CoreText::stage(QStringLiteral("faces")), QStringLiteral("人脸修复"));
    EXPECT_EQ(gpen::ui::CoreText::stage(QStringLiteral("something new")),
              QStringLiteral("something new"));
    EXPECT_EQ(gpen::ui::CoreText::note(std::string(gpen::kNoteDlibFallback)),
              QStringLiteral("未安装 RetinaFace-R50：改用内置 dlib 检测器检测人脸"));
    EXPECT_EQ(gpen::ui::CoreText::note("/home/user/models/ParseNet-latest.pth: truncated" +
                                       std::string(gpen::kNoteRectangleMaskSuffix)),
              QStringLiteral("无法使用 ParseNet-latest.pth：人脸改用矩形蒙版融合"));
    EXPECT_EQ(gpen::ui::CoreText::note(std::string(gpen::kNoteIdentityUnavailablePrefix) +
                                       "arcface.onnx: not a model file"),
              QStringLiteral("身份核对不可用：无法使用 arcface.onnx"));
    // Notes that carry numbers: read back and put in the translation; one that does not read
    // stays core's.
    EXPECT_EQ(gpen::ui::CoreText::note(std::string(gpen::kNoteDamageRepairedPrefix) +
                                       "0.84 % of the photo in 132 areas"),
              QStringLiteral("已修复损伤：照片的 0.84 %，共 132 处"));
    EXPECT_EQ(gpen::ui::CoreText::note(std::string(gpen::kNoteFoundDamageRefusedPrefix) + "37.20" +
                                       std::string(gpen::kNoteFoundDamageRefusedSuffix)),
              QStringLiteral("未修复损伤：找到的区域占照片的 37.20 %，太多，不像是损伤"));
    // Progress notes, read back the same way.
    EXPECT_EQ(gpen::ui::CoreText::progressNote(std::string(gpen::kProgressLoadingPrefix) +
                                               "realesrgan-x4fast"),
              QStringLiteral("正在加载 Real-ESRGAN…"));
    EXPECT_EQ(gpen::ui::CoreText::progressNote("out of memory at tile 512: halved to 256 and "
                                               "started again"),
              QStringLiteral("内存不足，无法使用 512 px 的分块：改用 256 px 重新开始"));
    const std::string unread = std::string(gpen::kNoteDamageRepairedPrefix) + "most of it";
    EXPECT_EQ(gpen::ui::CoreText::note(unread), QString::fromStdString(unread));
}

// What the user reads of `text` once the file's name and the names that are the same in every
// language (image formats, networks) are taken out.
QString withoutNames(QString text, const QString& fileName) {
    text.remove(fileName);
    static const QRegularExpression names(
        QStringLiteral("PNG|JPEG|TIFF|WebP|BMP|ParseNet|RetinaFace|GPEN|dlib"));
    return text.remove(names);
}

// Every error code, in German and in Chinese, and in a batch's rows: the file's name and a
// sentence of the language, no English word of core's message, no folder.
TEST(Translations, EveryCoreErrorReadsWhollyInGermanAndChinese) {
    gpen::test::uiApp();
    const QString fileName = QStringLiteral("scan 1.jpg");
    const std::string message = "/home/user/photos/scan 1.jpg: cannot decode because of reasons";
    const QStringList englishWords{QStringLiteral("cannot"), QStringLiteral("decode"),
                                   QStringLiteral("because"), QStringLiteral("reasons"),
                                   QStringLiteral("/home")};
    static const QRegularExpression latinLetter(QStringLiteral("[A-Za-z]"));
    for (const QString& language : {QStringLiteral("de"), QStringLiteral("zh_CN")}) {
        const ScopedLanguage scoped(language);
        ASSERT_FALSE(scoped.installed().isEmpty()) << language.toStdString();
        for (int c = 0; c <= static_cast<int>(gpen::ErrorCode::Internal); ++c) {
            const auto code = static_cast<gpen::ErrorCode>(c);
            const gpen::Error error{code, message};
            for (const QString& text : {gpen::ui::CoreText::error(error),
                                        gpen::ui::CoreText::batchReason(message, code)}) {
                SCOPED_TRACE(language.toStdString() + " " + gpen::errorCodeName(code) + ": " +
                             text.toStdString());
                EXPECT_TRUE(text.startsWith(fileName));
                for (const QString& word : englishWords) EXPECT_FALSE(text.contains(word));
                if (language == QLatin1String("zh_CN")) {
                    EXPECT_FALSE(withoutNames(text, fileName).contains(latinLetter));
                }
            }
            EXPECT_EQ(gpen::ui::CoreText::details(error), QString::fromStdString(message));
        }
        for (const std::string& reason :
             {std::string(gpen::kSkippedOutputExists), std::string(gpen::kCancelledWhileRunning),
              std::string(gpen::kCancelledBeforeStart)}) {
            const QString text =
                gpen::ui::CoreText::batchReason(reason, gpen::ErrorCode::Cancelled);
            SCOPED_TRACE(language.toStdString() + ": " + text.toStdString());
            EXPECT_NE(text, QString::fromStdString(reason));
            if (language == QLatin1String("zh_CN")) {
                EXPECT_FALSE(text.contains(latinLetter));
            }
        }
    }
}

}  // namespace

namespace {

// Chinese with no font that has Chinese characters: the user is told once, in English (which
// every font draws), what to install; German, or Chinese with such a font, needs nothing.
TEST(Translations, AChineseInterfaceWithoutAChineseFontIsSaidOnce) {
    gpen::test::uiApp();
    gpen::test::useTemporarySettings();
    using WS = QFontDatabase::WritingSystem;
    const QString notice = Translations::missingFontNotice(QStringLiteral("zh_CN"), {WS::Latin});
    EXPECT_TRUE(notice.contains(QStringLiteral("fonts-noto-cjk"))) << notice.toStdString();
    static const QRegularExpression nonAscii(QStringLiteral("[^\\x{0}-\\x{7f}→]"));
    EXPECT_FALSE(notice.contains(nonAscii)) << notice.toStdString();
    EXPECT_TRUE(
        Translations::missingFontNotice(QStringLiteral("zh_CN"), {WS::Latin, WS::SimplifiedChinese})
            .isEmpty());
    EXPECT_TRUE(Translations::missingFontNotice(QStringLiteral("de"), {WS::Latin}).isEmpty());
    // This machine's fonts: the package recommends one and the test set-up installs it.
    EXPECT_TRUE(QFontDatabase::writingSystems().contains(WS::SimplifiedChinese))
        << "no font with Chinese characters: install fonts-noto-cjk or fonts-wqy-microhei";
    EXPECT_TRUE(Translations::missingFontNoticeOnce(QStringLiteral("zh_CN")).isEmpty());
    // Once: the second launch without the font goes on without a word.
    EXPECT_FALSE(
        Translations::missingFontNoticeOnce(QStringLiteral("zh_CN"), {WS::Latin}).isEmpty());
    EXPECT_TRUE(
        Translations::missingFontNoticeOnce(QStringLiteral("zh_CN"), {WS::Latin}).isEmpty());
}

}  // namespace
