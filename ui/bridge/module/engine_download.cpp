// SPDX-License-Identifier: Apache-2.0
#include "ui/bridge/module/engine_download.h"

#include <QCoreApplication>

#include "gpen/engine/model_download.h"
#include "ui/common/core_text.h"

namespace gpen::ui {

void runDownloadJob(ModelCache& cache, const DownloadRequest& request, const EngineEvents& events) {
    const quint64 id = request.jobId;
    try {
        const ModelCatalog catalog = cache.catalog();
        const ModelEntry* entry = catalog.find(request.modelId.toStdString());
        if (!entry) {
            events.jobEvent(JobFailure{
                id, QCoreApplication::translate("gpen::ui::EngineWorker", "No model named %1")
                        .arg(request.modelId)});
            return;
        }
        ModelDownloadParams params;
        params.mirror = request.mirror.toStdString();
        params.stop = request.stop;
        params.progress = [&events, id](const DownloadProgress& p) {
            events.jobEvent(DownloadProgressView{id, p.bytes, p.total});
        };
        // Under the released name, replacing a broken file of that name: the user asked for this.
        auto imported = downloadModel(*entry, params, [&](const std::filesystem::path& part) {
            return cache.importModel(part, {.asModelId = entry->id, .overwrite = true});
        });
        if (imported) {
            events.jobEvent(DownloadOutcome{id, QString::fromStdString(imported->id),
                                            QString::fromStdString(imported->file.string())});
        } else if (imported.error().code == ErrorCode::Cancelled) {
            events.jobEvent(JobCancelled{id});
        } else {
            events.jobEvent(JobFailure{id, CoreText::error(imported.error())});
        }
    } catch (const std::exception& e) {
        events.jobEvent(JobFailure{id, QString::fromUtf8(e.what())});
    }
}

}  // namespace gpen::ui
