// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/model_download.h"

#include <curl/curl.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <optional>
#include <regex>

#include "gpen/base/byte_text.h"
#include "gpen/base/sha256.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;

// One transfer: the .part it appends to, what the server said about the range, and progress.
struct Transfer {
    const ModelDownloadParams* params = nullptr;
    fs::path part;
    std::int64_t offset = 0;  // bytes of the .part this request continues from
    std::string contentRange;
    CURL* curl = nullptr;
    std::FILE* out = nullptr;
    std::optional<Error> refused;  // why the body was not taken (wrong range, a write that failed)
    bool wrongRange = false;
    std::int64_t written = 0;
    std::int64_t total = -1;
    std::chrono::steady_clock::time_point lastReport{};

    // Why the .part could not be written, from errno: a full disk is NoSpace.
    void failedToWrite(int error) {
        if (refused) return;
        refused = Error{error == ENOSPC ? ErrorCode::NoSpace : ErrorCode::Io,
                        "cannot write " + part.string() + ": " + std::strerror(error)};
    }

    // The first bytes of the body: the answer's status decides where they go.
    bool open() {
        long status = 0;
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
        curl_off_t length = -1;
        curl_easy_getinfo(curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
        if (status == 206) {
            // "bytes 1000-4999/5000": the server must continue where the .part ends.
            static const std::regex range(R"(bytes\s+(\d+)-(\d+)/(\d+|\*))", std::regex::icase);
            std::smatch m;
            if (!std::regex_search(contentRange, m, range) || std::stoll(m[1].str()) != offset) {
                refused = Error{
                    ErrorCode::Network,
                    "the server resumed at the wrong place (Content-Range: " + contentRange + ")"};
                wrongRange = true;
                return false;
            }
            total = m[3].str() == "*" ? -1 : std::stoll(m[3].str());
            out = std::fopen(part.c_str(), "ab");
        } else {
            // The whole file (a first try, a server that ignores Range, a file:// mirror).
            offset = 0;
            total = length >= 0 ? static_cast<std::int64_t>(length) : -1;
            out = std::fopen(part.c_str(), "wb");
        }
        if (!out) {
            failedToWrite(errno);
            return false;
        }
        return true;
    }

    bool write(const char* data, std::size_t size) {
        if (!out && !open()) return false;
        if (std::fwrite(data, 1, size, out) != size) {
            failedToWrite(errno);
            return false;
        }
        written += static_cast<std::int64_t>(size);
        return true;
    }

    // False when the file could not be completed on disk (a full disk shows here too).
    bool close() {
        if (!out) return true;
        const bool ok = std::fflush(out) == 0 && std::fclose(out) == 0;
        const int why = errno;
        out = nullptr;
        if (!ok) failedToWrite(why);
        return ok;
    }

    void report(bool last) {
        if (!params->progress) return;
        const auto now = std::chrono::steady_clock::now();
        if (!last && now - lastReport < std::chrono::milliseconds(100)) return;
        lastReport = now;
        params->progress({offset + written, total});
    }
};

extern "C" std::size_t onHeader(char* data, std::size_t size, std::size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const std::string line(data, size * count);
    if (line.size() > 14 && strncasecmp(line.c_str(), "Content-Range:", 14) == 0) {
        t->contentRange = line.substr(14);
    } else if (line.starts_with("HTTP/")) {
        t->contentRange.clear();  // a new answer (after a redirect)
    }
    return size * count;
}

extern "C" std::size_t onBody(char* data, std::size_t size, std::size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    return t->write(data, size * count) ? size * count : 0;
}

// Also the cancel: libcurl calls it at least once a second, stalled or not.
extern "C" int onProgress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    auto* t = static_cast<Transfer*>(user);
    if (t->params->stop.stop_requested()) return 1;
    t->report(false);
    return 0;
}

std::int64_t fileSize(const fs::path& p) {
    std::error_code ec;
    const auto size = fs::file_size(p, ec);
    return ec ? 0 : static_cast<std::int64_t>(size);
}

struct Fetched {
    std::optional<Error> error;
    long status = 0;
    std::int64_t total = -1;
    bool wrongRange = false;  // a 206 that does not continue where the .part ends
};

// One request for `url` into `part`, continuing from the .part's bytes when `resume`. A Range
// request rather than libcurl's resume, which fails on a server that answers with the whole file;
// that answer restarts the .part from byte 0 instead.
Fetched fetch(const std::string& url, const fs::path& part, bool resume,
              const ModelDownloadParams& params) {
    static std::once_flag initialised;
    std::call_once(initialised, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
    CURL* curl = curl_easy_init();
    if (!curl) return {Error{ErrorCode::Internal, "cannot start a download (libcurl)"}};
    Transfer t;
    t.params = &params;
    t.part = part;
    t.curl = curl;
    t.offset = resume ? fileSize(part) : 0;
    char message[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_FAILONERROR, 1L);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "GPEN-Studio");
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, onHeader);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &t);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, onBody);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &t);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, onProgress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &t);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, params.stallSeconds);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, message);
    const std::string range = std::to_string(t.offset) + "-";
    if (t.offset > 0) curl_easy_setopt(curl, CURLOPT_RANGE, range.c_str());
    t.report(true);
    const CURLcode rc = curl_easy_perform(curl);
    Fetched fetched;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &fetched.status);
    curl_easy_cleanup(curl);
    t.close();
    fetched.total = t.total;
    fetched.wrongRange = t.wrongRange;
    if (rc == CURLE_OK && t.written == 0 && fetched.status != 206) {
        std::error_code ec;
        fs::resize_file(part, 0, ec);  // an empty answer: what an earlier try left is not the file
    }
    if (t.refused) {
        fetched.error = t.refused;
    } else if (rc == CURLE_ABORTED_BY_CALLBACK) {
        fetched.error = Error{ErrorCode::Cancelled, "download cancelled"};
    } else if (rc == CURLE_HTTP_RETURNED_ERROR) {
        fetched.error = Error{ErrorCode::Network, "download failed from " + url +
                                                      ": the server answered HTTP " +
                                                      std::to_string(fetched.status)};
    } else if (rc != CURLE_OK) {
        const std::string why = message[0] ? message : curl_easy_strerror(rc);
        const std::int64_t have = fileSize(part);
        fetched.error = Error{
            ErrorCode::Network,
            have > 0
                ? "the download stopped after " + formatBytes(static_cast<std::uint64_t>(have)) +
                      (t.total > 0 ? " of " + formatBytes(static_cast<std::uint64_t>(t.total))
                                   : std::string()) +
                      ": " + why + "; a retry resumes from there"
                : "download failed from " + url + ": " + why};
    } else {
        t.report(true);
    }
    return fetched;
}

}  // namespace

Expected<ImportedModel> downloadModel(const ModelEntry& entry, const ModelDownloadParams& params,
                                      const ModelImportFn& import) {
    const std::string url = modelDownloadUrl(entry, params.mirror);
    const auto failed = [&](Error e) {
        return tl::unexpected(withContext(std::move(e), entry.fileName));
    };
    if (url.empty())
        return failed({ErrorCode::InvalidArgument, entry.id + " is built in: nothing to download"});
    if (!isDirectDownload(url)) {
        return failed({ErrorCode::InvalidArgument, entry.id + " is published at " + url + " (" +
                                                       entry.sourceFileName +
                                                       "): download it there, then import it"});
    }
    const fs::path part = downloadPartPath(params.folder, entry.fileName);
    std::error_code ec;
    fs::create_directories(part.parent_path(), ec);
    if (ec)
        return failed({ErrorCode::Io, "cannot create the folder " + part.parent_path().string() +
                                          ": " + ec.message()});
    const auto dropPart = [&] { fs::remove(part, ec); };

    // file:// has no ranges: a mirror on disk is always read whole.
    const bool canResume = !url.starts_with("file:");
    Fetched fetched = fetch(url, part, canResume, params);
    if (fetched.error && fetched.status == 416) {
        // The .part is no prefix the server can continue (complete, or longer than the file now
        // published): one fresh start.
        dropPart();
        fetched = fetch(url, part, false, params);
    }
    if (fetched.error) {
        if (fetched.wrongRange) dropPart();
        return failed(*fetched.error);
    }
    const std::int64_t size = fileSize(part);
    if (fetched.total > 0 && size < fetched.total) {
        return failed({ErrorCode::Network, "the download is incomplete (" + std::to_string(size) +
                                               " of " + std::to_string(fetched.total) +
                                               " bytes); a retry resumes from there"});
    }
    if (size == 0 || (fetched.total > 0 && size != fetched.total)) {
        dropPart();
        return failed(
            {ErrorCode::Network, "the download has " + std::to_string(size) + " bytes, expected " +
                                     std::to_string(fetched.total > 0 ? fetched.total : 1)});
    }
    if (!entry.sha256.empty()) {
        auto digest = sha256OfFile(part);
        if (!digest) return failed(digest.error());
        if (*digest != entry.sha256) {
            dropPart();
            return failed({ErrorCode::Checksum, "the downloaded file's SHA-256 is " + *digest +
                                                    ", the released file's is " + entry.sha256 +
                                                    "; it was not installed"});
        }
    }
    auto imported = import(part);
    dropPart();  // imported, or not a usable model: resuming it would only grow a bad file
    if (!imported) {
        Error e = imported.error();
        e.message = "the downloaded file is not a usable model: " + e.message;
        return failed(std::move(e));
    }
    return imported;
}

}  // namespace gpen
