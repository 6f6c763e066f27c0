// SPDX-License-Identifier: Apache-2.0
// gpen-cli models --download NAME: the model manager's Download from the command line, on core's
// downloader (gpen/engine/model_download.h). The file comes from the catalog's official link (or
// $GPEN_MODELS_URL, a folder the file name is appended to); a .part left by an earlier try is
// resumed.

#include <cstdio>
#include <cstdlib>
#include <string>

#include "cli/commands.h"
#include "gpen/engine/model_download.h"
#include "gpen/engine/model_locator.h"
#include "gpen/pipeline/pipeline_models.h"

namespace gpen::cli {
namespace {

// About every half megabyte on stderr, one line redrawn.
class ProgressLine {
  public:
    explicit ProgressLine(std::string name) : m_name(std::move(name)) {}
    void update(const DownloadProgress& p) {
        const double done = static_cast<double>(p.bytes) / 1e6;
        if (done - m_shown < 0.5 && p.bytes != p.total) return;
        m_shown = done;
        if (p.total > 0) {
            const double all = static_cast<double>(p.total) / 1e6;
            std::fprintf(stderr, "\r%s  %.1f / %.1f MB  %3d%%   ", m_name.c_str(), done, all,
                         static_cast<int>(100.0 * done / all));
        } else {
            std::fprintf(stderr, "\r%s  %.1f MB   ", m_name.c_str(), done);
        }
        std::fflush(stderr);
    }

  private:
    std::string m_name;
    double m_shown = -1;
};

}  // namespace

int downloadModel(const std::string& name) {
    const ModelCatalog catalog = ModelCatalog::released();
    const ModelEntry* e = catalog.find(name);
    if (!e) return fail("no model named " + name + " (gpen-cli models lists them)");
    ModelDownloadParams params;
    if (const char* mirror = std::getenv("GPEN_MODELS_URL")) params.mirror = mirror;
    const std::string url = modelDownloadUrl(*e, params.mirror);
    if (!url.empty() && isDirectDownload(url)) {
        const bool resuming = std::filesystem::exists(downloadPartPath(params.folder, e->fileName));
        std::fprintf(stderr, "%s: %s%s\n", e->id.c_str(), url.c_str(),
                     resuming ? " (resuming)" : "");
        if (!e->licence.empty()) std::fprintf(stderr, "licence: %s\n", e->licence.c_str());
    }
    ProgressLine line(e->fileName);
    params.progress = [&line](const DownloadProgress& p) { line.update(p); };
    const auto loaders = pipelineModelLoaders();
    auto imported = gpen::downloadModel(*e, params, [&](const std::filesystem::path& part) {
        return importModel(part, catalog, loaders, {.asModelId = e->id, .overwrite = true});
    });
    std::fprintf(stderr, "\n");
    // Core's message says when the partial file is kept for a retry.
    if (!imported) return fail(imported.error().message);
    std::printf("%s: installed %s (%s)\n", imported->id.c_str(), imported->file.string().c_str(),
                imported->architecture.c_str());
    return 0;
}

}  // namespace gpen::cli
