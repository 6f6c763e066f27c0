// gpen-studio: the desktop application. Wiring only: command line, settings, window, engine.

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <cstdio>

#include "ui/engine_controller.h"
#include "ui/engine_settings.h"
#include "ui/main_window.h"
#include "ui/model_status_bar.h"
#include "ui/translations.h"

int main(int argc, char** argv) {
    QElapsedTimer sinceLaunch;
    sinceLaunch.start();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gpen-studio"));
    QApplication::setOrganizationName(QStringLiteral("GPEN Studio"));
    QApplication::setApplicationDisplayName(QStringLiteral("GPEN Studio"));
    QApplication::setApplicationVersion(QStringLiteral(GPEN_STUDIO_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gpen-studio.svg")));
    // Before any widget is built (widgets translate their texts then), from Settings' language:
    // "" follows the system's locale.
    gpen::ui::Translations::install(&app, gpen::ui::Translations::storedLanguage());

    QCommandLineParser cli;
    cli.setApplicationDescription(QApplication::translate("main", "Restore faces in old photographs"));
    cli.addHelpOption();
    cli.addVersionOption();
    const QCommandLineOption modelsDir(QStringLiteral("models-dir"),
                                       QApplication::translate("main", "Look for model files in <dir> first."),
                                       QStringLiteral("dir"));
    const QCommandLineOption device(QStringLiteral("device"),
                                    QApplication::translate("main", "cpu, cuda, cuda:N or auto."), QStringLiteral("device"));
    const QCommandLineOption quitWhenReady(
        QStringLiteral("quit-when-ready"),
        QApplication::translate("main", "Exit once the preloaded models are ready, printing the times as JSON."));
    cli.addOptions({modelsDir, device, quitWhenReady});
    cli.addPositionalArgument(QStringLiteral("files"), QApplication::translate("main", "Photos or folders to open."));
    cli.process(app);

    gpen::ui::EngineSettings settings = gpen::ui::EngineSettings::load();
    if (cli.isSet(modelsDir)) settings.modelsDir = cli.value(modelsDir);
    if (cli.isSet(device)) settings.device = cli.value(device);

    gpen::ui::EngineController engine;
    gpen::ui::MainWindow window(&engine);
    window.modelStatusBar()->setAlwaysShown(settings.preload);
    window.show();
    const qint64 shownMs = sinceLaunch.elapsed();
    // The window is up: now the engine thread starts and preloads in the background.
    engine.start(settings);
    if (!cli.positionalArguments().isEmpty()) {
        window.openPaths(cli.positionalArguments());
    }

    if (cli.isSet(quitWhenReady)) {
        auto report = [&] {
            QJsonObject models;
            for (const auto& s : engine.statuses()) {
                const QString id = QString::fromStdString(s.id);
                if (!settings.preload.contains(id)) continue;
                QJsonObject m{{QStringLiteral("state"), QString::fromUtf8(gpen::modelStateName(s.state))},
                              {QStringLiteral("read_ms"), s.timings.readMs},
                              {QStringLiteral("build_ms"), s.timings.buildMs + s.timings.deviceMs},
                              {QStringLiteral("warm_ms"), s.timings.warmMs}};
                if (!s.error.empty()) m.insert(QStringLiteral("error"), QString::fromStdString(s.error));
                models.insert(id, m);
            }
            const QJsonObject out{{QStringLiteral("window_shown_ms"), shownMs},
                                  {QStringLiteral("ready_ms"), sinceLaunch.elapsed()},
                                  {QStringLiteral("models"), models}};
            std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
            std::fflush(stdout);
            QApplication::quit();
        };
        QObject::connect(&engine, &gpen::ui::EngineController::preloadSettledChanged, &app, report);
        if (engine.preloadSettled()) QTimer::singleShot(0, &app, report);
    }
    return QApplication::exec();
}
