// SPDX-License-Identifier: Apache-2.0
// gpen-studio: the desktop application. Wiring only: command line, settings, window, engine.

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QMessageBox>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include <time.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "ui/bridge/engine_controller.h"
#include "ui/bridge/engine_settings.h"
#include "ui/common/theme.h"
#include "ui/common/translations.h"
#include "ui/guarded_application.h"
#include "ui/main_window.h"
#include "ui/models/model_status_indicator.h"
#include "ui/single_instance.h"

namespace {

// Milliseconds since the kernel started this process (/proc/self/stat's starttime, field 22, in
// clock ticks since boot, against CLOCK_BOOTTIME): unlike a timer started in main() it includes
// the dynamic loader's work, shared libraries' static initialisers above all. -1 if unreadable.
double msSinceProcessStart() {
    std::ifstream in("/proc/self/stat");
    const std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto commEnd = stat.rfind(')');  // the command name may hold spaces and parentheses
    if (commEnd == std::string::npos) return -1;
    std::istringstream fields(stat.substr(commEnd + 1));
    std::string field;
    for (int i = 3; i <= 22 && (fields >> field); ++i) {
    }
    timespec now{};
    const long ticks = sysconf(_SC_CLK_TCK);
    if (!fields || ticks <= 0 || clock_gettime(CLOCK_BOOTTIME, &now) != 0) return -1;
    const double startMs = std::stod(field) * 1000.0 / static_cast<double>(ticks);
    return static_cast<double>(now.tv_sec) * 1000.0 + static_cast<double>(now.tv_nsec) / 1e6 -
           startMs;
}

}  // namespace

int main(int argc, char** argv) {
    QElapsedTimer sinceLaunch;
    sinceLaunch.start();
    // --version needs no display: answered before QApplication connects to one.
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--version") == 0) {
            std::printf("gpen-studio %s\n", GPEN_STUDIO_VERSION);
            return 0;
        }
    }
    // Catches what a slot throws (notify), so no exception unwinds through the event loop.
    gpen::ui::GuardedApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gpen-studio"));
    QApplication::setOrganizationName(QStringLiteral("GPEN Studio"));
    QApplication::setApplicationDisplayName(QStringLiteral("GPEN Studio"));
    QApplication::setApplicationVersion(QStringLiteral(GPEN_STUDIO_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gpen-studio.svg")));
    // Before any widget is built (widgets translate their texts then), from Settings' language:
    // "" follows the system's locale.
    const QList<QTranslator*> translators =
        gpen::ui::Translations::install(&app, gpen::ui::Translations::storedLanguage());

    QCommandLineParser cli;
    cli.setApplicationDescription(
        QApplication::translate("main", "Restore faces in old photographs"));
    cli.addHelpOption();
    cli.addVersionOption();
    const QCommandLineOption modelsDir(
        QStringLiteral("models-dir"),
        QApplication::translate("main", "Look for model files in <dir> first."),
        QStringLiteral("dir"));
    const QCommandLineOption device(QStringLiteral("device"),
                                    QApplication::translate("main", "cpu, cuda, cuda:N or auto."),
                                    QStringLiteral("device"));
    const QCommandLineOption quitWhenReady(
        QStringLiteral("quit-when-ready"),
        QApplication::translate(
            "main", "Exit once the preloaded models are ready, printing the times as JSON."));
    cli.addOptions({modelsDir, device, quitWhenReady});
    cli.addPositionalArgument(QStringLiteral("files"),
                              QApplication::translate("main", "Photos or folders to open."));
    cli.process(app);

    // One window per user: a second launch hands its files to the running one and exits (a
    // benchmarking --quit-when-ready run always starts its own).
    gpen::ui::SingleInstance instance(gpen::ui::SingleInstance::defaultKey());
    if (!cli.isSet(quitWhenReady)) {
        if (instance.handOff(cli.positionalArguments())) return 0;
        instance.listen();
    }
    gpen::ui::Theme::apply(gpen::ui::Theme::stored());

    const gpen::ui::EngineSettings settings = gpen::ui::EngineSettings::load();

    gpen::ui::EngineController engine;
    // The command line wins over the stored settings, also after the Settings dialog restarts
    // the engine.
    engine.setCommandLineOverrides(cli.value(modelsDir), cli.value(device));
    gpen::ui::MainWindow window(&engine);
    window.modelStatusIndicator()->setAlwaysShown(settings.preload);
    QObject::connect(&instance, &gpen::ui::SingleInstance::filesReceived, &window,
                     &gpen::ui::MainWindow::openFromAnotherLaunch);
    QObject::connect(&app, &gpen::ui::GuardedApplication::exceptionCaught, &window,
                     [&window](const QString& m) { window.showError(m); });
    window.show();
    const qint64 shownMs = sinceLaunch.elapsed();
    // Only the --quit-when-ready report needs it; reading /proc costs microseconds.
    const double shownSinceStartMs = cli.isSet(quitWhenReady) ? msSinceProcessStart() : -1;
    // The window is up: now the engine thread starts and preloads in the background.
    engine.start(settings);
    if (!cli.positionalArguments().isEmpty()) {
        window.openPaths(cli.positionalArguments());
    }
    // A language no installed font can draw: said once, in English, over the window.
    if (!cli.isSet(quitWhenReady) && !translators.isEmpty()) {
        const QString notice =
            gpen::ui::Translations::missingFontNoticeOnce(translators.front()->language());
        if (!notice.isEmpty()) {
            auto* box = new QMessageBox(QMessageBox::Warning, QStringLiteral("GPEN Studio"), notice,
                                        QMessageBox::Ok, &window);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
    }

    if (cli.isSet(quitWhenReady)) {
        auto report = [&] {
            nlohmann::json models = nlohmann::json::object();
            for (const auto& s : engine.statuses()) {
                if (!settings.preload.contains(QString::fromStdString(s.id))) continue;
                nlohmann::json m = {{"state", gpen::modelStateName(s.state)},
                                    {"read_ms", s.timings.readMs},
                                    {"build_ms", s.timings.buildMs + s.timings.deviceMs},
                                    {"warm_ms", s.timings.warmMs}};
                if (!s.error.empty()) m["error"] = s.error;
                models[s.id] = std::move(m);
            }
            const nlohmann::json out = {
                {"window_shown_ms", shownMs},
                // From exec, loader included; the start time has 10 ms ticks.
                {"process_start_to_window_ms", shownSinceStartMs},
                {"ready_ms", sinceLaunch.elapsed()},
                {"models", models}};
            std::printf("%s\n",
                        out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
            std::fflush(stdout);
            QApplication::quit();
        };
        QObject::connect(&engine, &gpen::ui::EngineController::preloadSettledChanged, &app, report);
        if (engine.preloadSettled()) QTimer::singleShot(0, &app, report);
    }
    const int rc = QApplication::exec();
    // The window is gone. A second launch now starts its own instance instead of handing its files
    // to this one. The engine's jobs are cancelled; a batch gets a moment to finish the file it is
    // writing, nothing else is waited for (a preload's phase or a forward would run on to its end).
    // The process then ends without tearing down the loaded networks and Qt's and libtorch's
    // globals (docs/MEASUREMENTS.md, "Quitting"): everything worth keeping is on disk, settings are
    // written as they change, and what an ending cuts short is what a crash would (atomic writes,
    // the journal).
    instance.close();
    engine.stopForExit(engine.batchRunning() ? 600 : 0);
    std::fflush(nullptr);
    std::_Exit(rc);
}
