// SPDX-License-Identifier: Apache-2.0
#pragma once

// Fetching a released model file: the one downloader behind gpen-cli's `models --download` and
// the app's model manager (libcurl, on the caller's thread: the app runs it on its engine thread).

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stop_token>
#include <string>

#include "gpen/base/expected.h"
#include "gpen/engine/model_catalog.h"
#include "gpen/engine/model_locator.h"

namespace gpen {

struct DownloadProgress {
    std::int64_t bytes = 0;   // in the .part so far (a resumed download starts at its offset)
    std::int64_t total = -1;  // the whole file; -1 while unknown
};
using DownloadProgressFn = std::function<void(const DownloadProgress&)>;

struct ModelDownloadParams {
    // A mirror: a folder the file name is appended to ($GPEN_MODELS_URL, the app's setting; a
    // file:// folder works too). Empty: the entry's official link.
    std::string mirror;
    std::filesystem::path folder;  // where the .part goes; empty: userModelsDir()
    DownloadProgressFn progress;   // on the downloading thread, at most ten times a second
    std::stop_token stop;          // ends the transfer within a second, with Cancelled
    long stallSeconds = 60;        // no byte for this long ends the try
};

// Where `entry`'s file is fetched from: the mirror's folder with the file name appended, else its
// official link. Empty for a built-in model (nothing to download).
std::string modelDownloadUrl(const ModelEntry& entry, const std::string& mirror);
// False when the URL is a web page rather than the file (GPEN-BFR-1024 and -2048 live on the
// ModelScope hub): the user fetches those in a browser and imports them.
bool isDirectDownload(const std::string& url);
// `<folder>/.<fileName>.part` (folder empty: userModelsDir()): the bytes of an unfinished download,
// which the next try resumes.
std::filesystem::path downloadPartPath(const std::filesystem::path& folder,
                                       const std::string& fileName);

// Validates the finished .part and installs it (the cache's or the locator's importModel).
using ModelImportFn = std::function<Expected<ImportedModel>(const std::filesystem::path& part)>;

// Downloads `entry`'s file into its .part, resuming one an earlier try left (a Range request; a
// server that answers with the whole file restarts it from byte 0, and one that refuses the range
// gets one fresh start), checks its size against what the server announced and its SHA-256
// against the catalog's digest where the catalog records one, then hands it to `import`, which
// validates it and copies it under its released name atomically. Nothing is written under the
// final name here, so a cut download never leaves half a model where the cache looks.
//
// The .part is kept when the transfer stops (a cut, a stall, a cancel, a full disk): the next try
// resumes it. It is removed once imported, and when its bytes are wrong (size, digest, not a
// model): resuming would only grow a bad file. Errors name the file: Network, Cancelled,
// Io/NoSpace, Checksum, or the import's own.
Expected<ImportedModel> downloadModel(const ModelEntry& entry, const ModelDownloadParams& params,
                                      const ModelImportFn& import);

}  // namespace gpen
