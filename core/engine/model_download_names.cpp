// SPDX-License-Identifier: Apache-2.0
// The download's names alone in their file: gpen-studio's model manager shows them without
// linking the transfer itself (libcurl, the digest).

#include "gpen/engine/model_download.h"

namespace gpen {
namespace fs = std::filesystem;

std::string modelDownloadUrl(const ModelEntry& entry, const std::string& mirror) {
    if (entry.builtIn || entry.fileName.empty()) return {};
    if (mirror.empty()) return entry.downloadUrl;
    return mirror.back() == '/' ? mirror + entry.fileName : mirror + "/" + entry.fileName;
}

bool isDirectDownload(const std::string& url) {
    const std::string path = url.substr(0, url.find_first_of("?#"));
    return path.ends_with(".pth") || path.ends_with(".pt");
}

fs::path downloadPartPath(const fs::path& folder, const std::string& fileName) {
    return (folder.empty() ? userModelsDir() : folder) / ("." + fileName + ".part");
}

}  // namespace gpen
