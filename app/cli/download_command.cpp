// gpen-cli models --download NAME: the model manager's Download from the command line. The file
// comes from the catalog's official link (or $GPEN_MODELS_URL, a folder the file name is appended
// to), into <user models>/.<file>.part, resumed with a Range request when that exists; then it is
// validated and moved into place by importModel, as the GUI's Import does.

#include <curl/curl.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli/commands.h"
#include "gpen/engine/model_locator.h"
#include "gpen/pipeline/pipeline_models.h"

namespace gpen::cli {
namespace {

namespace fs = std::filesystem;

struct Transfer {
    std::ofstream* out = nullptr;
    std::string name;
    curl_off_t offset = 0;  // bytes already in the .part before this request
    double lastShown = -1;
};

std::size_t onData(char* data, std::size_t size, std::size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    t->out->write(data, static_cast<std::streamsize>(size * count));
    return t->out->good() ? size * count : 0;
}

int onProgress(void* user, curl_off_t total, curl_off_t now, curl_off_t, curl_off_t) {
    auto* t = static_cast<Transfer*>(user);
    const double done = static_cast<double>(t->offset + now) / 1e6;
    if (done - t->lastShown < 0.5 && now != total) return 0;  // about every half megabyte
    t->lastShown = done;
    if (total > 0) {
        const double all = static_cast<double>(t->offset + total) / 1e6;
        std::fprintf(stderr, "\r%s  %.1f / %.1f MB  %3d%%   ", t->name.c_str(), done, all, static_cast<int>(100.0 * done / all));
    } else {
        std::fprintf(stderr, "\r%s  %.1f MB   ", t->name.c_str(), done);
    }
    std::fflush(stderr);
    return 0;
}

std::string sourceUrl(const ModelEntry& e) {
    std::string base = std::getenv("GPEN_MODELS_URL") ? std::getenv("GPEN_MODELS_URL") : "";
    if (base.empty()) return e.downloadUrl;
    if (base.back() != '/') base += '/';
    return base + e.fileName;
}

bool isDirect(const std::string& url) {
    return url.size() > 4 && (url.ends_with(".pth") || url.ends_with(".pt"));
}

}  // namespace

int downloadModel(const std::string& name) {
    const ModelCatalog catalog = ModelCatalog::released();
    const ModelEntry* e = catalog.find(name);
    if (!e) return fail("no model named " + name + " (gpen-cli models lists them)");
    if (e->builtIn || e->fileName.empty()) return fail(e->id + " is built in: nothing to download");
    const std::string url = sourceUrl(*e);
    if (!isDirect(url)) {
        return fail(e->id + " is published at " + url + " (" + e->sourceFileName +
                    "): download it there, then import it with the app");
    }
    const fs::path dir = userModelsDir();
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return fail(dir.string() + ": cannot create the folder: " + ec.message());
    const fs::path part = dir / ("." + e->fileName + ".part");
    Transfer t;
    t.name = e->fileName;
    t.offset = fs::exists(part, ec) ? static_cast<curl_off_t>(fs::file_size(part, ec)) : 0;
    std::fprintf(stderr, "%s: %s%s\n", e->id.c_str(), url.c_str(), t.offset > 0 ? " (resuming)" : "");
    if (!e->licence.empty()) std::fprintf(stderr, "licence: %s\n", e->licence.c_str());

    CURL* curl = curl_easy_init();
    if (!curl) return fail("cannot start a download (libcurl)");
    std::ofstream out(part, std::ios::binary | std::ios::app);
    if (!out) {
        curl_easy_cleanup(curl);
        return fail(part.string() + ": cannot write");
    }
    t.out = &out;
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_FAILONERROR, 1L);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "GPEN-Studio");
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, onData);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &t);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, onProgress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &t);
    // A stalled server (under 1 byte/s for a minute) ends the try; the .part stays for a resume.
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, 60L);
    if (t.offset > 0) curl_easy_setopt(curl, CURLOPT_RESUME_FROM_LARGE, t.offset);
    char message[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, message);
    const CURLcode rc = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_cleanup(curl);
    out.close();
    std::fprintf(stderr, "\n");
    if (rc != CURLE_OK) {
        const std::string why = message[0] ? message : curl_easy_strerror(rc);
        return fail(url + ": " + why + " (the partial file " + part.string() + " is kept; run again to resume)");
    }
    if (t.offset > 0 && status == 200) {
        // The server ignored the Range request: what came after the .part is the whole file again.
        fs::remove(part, ec);
        return fail(url + ": the server cannot resume; run again to download from the start");
    }
    auto imported = importModel(part, catalog, pipelineModelLoaders(), {.asModelId = e->id, .overwrite = true});
    fs::remove(part, ec);  // a file that failed validation is not kept either: it would resume wrong
    if (!imported) return fail(imported.error().message);
    std::printf("%s: installed %s (%s)\n", imported->id.c_str(), imported->file.string().c_str(), imported->architecture.c_str());
    return 0;
}

}  // namespace gpen::cli
