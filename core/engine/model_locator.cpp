// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/model_locator.h"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "engine/environment.h"
#include "gpen/base/atomic_file.h"
#include "gpen/base/log.h"
#include "gpen/io/checkpoint.h"

namespace gpen {
namespace fs = std::filesystem;
namespace {

bool isCheckpointName(const fs::path& p) {
    const std::string ext = p.extension().string();
    return ext == ".pth" || ext == ".pt";
}

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::uint64_t fileSizeOr0(const fs::path& p) {
    std::error_code ec;
    const auto n = fs::file_size(p, ec);
    return ec ? 0 : static_cast<std::uint64_t>(n);
}

std::vector<fs::path> filesIn(const fs::path& dir) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code typeEc;
        if (it->is_regular_file(typeEc)) {
            out.push_back(it->path());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The entry offered for an unknown file that holds a GPEN generator: its stem as id (its full
// name when the stem is a catalogued id).
ModelEntry recognisedGpenEntry(const fs::path& file, const GpenArchitecture& arch,
                               const StateDict& weights, const ModelCatalog& catalog) {
    ModelEntry e;
    const std::string name = file.filename().string();
    e.id = catalog.find(file.stem().string()) ? name : file.stem().string();
    e.fileName = name;
    e.kind = ModelKind::GpenFace;
    e.network = "FullGenerator";
    e.gpen = arch;
    e.architecture = arch.describe();
    e.expectedMegabytes = static_cast<double>(weights.parameterCount()) * 4.0 / 1e6;
    e.input = "aligned face, RGB in [-1, 1]";
    e.licence = kGpenLicenceNote;
    e.discovered = true;
    return e;
}

// A GPEN generator entry for an unknown file, or the reason it is none.
Expected<ModelEntry> inspectUnknown(const fs::path& file, const ModelCatalog& catalog) {
    const std::string name = file.filename().string();
    if (endsWith(name, "-D.pth")) {
        return makeError(ErrorCode::UnsupportedArchitecture,
                         name + ": a discriminator (used in training only)");
    }
    // Names and shapes from the pickle alone: no storage of an unknown file is read at start-up.
    auto ckpt = readCheckpoint(file, {.readStorages = false});
    if (!ckpt) {
        return tl::unexpected(ckpt.error());
    }
    auto arch = inferGpenArchitecture(ckpt->tensors, name);
    if (!arch) {
        return tl::unexpected(arch.error());
    }
    return recognisedGpenEntry(file, *arch, ckpt->tensors, catalog);
}

}  // namespace

std::vector<SearchDir> modelSearchDirs(const ModelSearchParams& params) {
    std::vector<SearchDir> dirs;
    auto push = [&](const fs::path& p, ModelOrigin origin) {
        if (p.empty()) {
            return;
        }
        const bool seen =
            std::any_of(dirs.begin(), dirs.end(), [&](const SearchDir& d) { return d.path == p; });
        if (!seen) {
            dirs.push_back({p, origin});
        }
    };
    push(params.commandLineDir, ModelOrigin::CommandLine);
    if (params.useEnvironment) {
        // A ':'-separated list, like other search paths.
        const std::string env = environmentValue("GPEN_MODELS_DIR");
        for (std::size_t start = 0; start <= env.size();) {
            const std::size_t end = std::min(env.find(':', start), env.size());
            push(env.substr(start, end - start), ModelOrigin::Environment);
            start = end + 1;
        }
    }
    push(params.userDir.empty() ? userModelsDir() : params.userDir, ModelOrigin::UserData);
    push(params.installedDir, ModelOrigin::Installed);
    return dirs;
}

DiscoveryResult discoverModels(const ModelCatalog& catalog, const ModelSearchParams& params) {
    DiscoveryResult r;
    r.searched = modelSearchDirs(params);
    std::set<std::string> locatedIds;
    std::set<std::string> unknownNames;
    for (const auto& dir : r.searched) {
        for (const auto& file : filesIn(dir.path)) {
            const std::string name = file.filename().string();
            if (!name.empty() && name[0] == '.') {
                continue;  // an import in progress, or hidden
            }
            const ModelEntry* entry = catalog.findByFileName(name);
            if (entry) {
                if (locatedIds.insert(entry->id).second) {
                    r.located.push_back({entry->id, file, dir.origin, fileSizeOr0(file)});
                } else {
                    log(LogLevel::Debug,
                        "models: " + file.string() + " is shadowed by an earlier folder");
                }
                continue;
            }
            if (!params.inspectUnknown || !isCheckpointName(file) ||
                !unknownNames.insert(name).second) {
                continue;
            }
            auto recognised = inspectUnknown(file, catalog);
            if (!recognised) {
                r.rejected.push_back({file, recognised.error().message});
                log(LogLevel::Info, "models: ignoring " + recognised.error().message);
                continue;
            }
            log(LogLevel::Info, "models: " + file.string() + " is a " + recognised->architecture +
                                    ", offered as " + recognised->id);
            locatedIds.insert(recognised->id);
            r.located.push_back({recognised->id, file, dir.origin, fileSizeOr0(file)});
            r.recognised.push_back(std::move(*recognised));
        }
    }
    for (const auto& e : catalog.entries()) {
        std::error_code ec;
        if (e.builtIn && (e.systemFile.empty() || fs::exists(e.systemFile, ec))) {
            locatedIds.insert(e.id);
            r.located.push_back(
                {e.id, e.systemFile, ModelOrigin::System, fileSizeOr0(e.systemFile)});
        }
    }
    std::string summary = "models: " + std::to_string(r.located.size()) + " found in";
    for (const auto& d : r.searched) {
        summary += " " + d.path.string() + " (" + modelOriginName(d.origin) + ")";
    }
    log(LogLevel::Info, summary);
    return r;
}

Expected<ImportedModel> importModel(const fs::path& source, const ModelCatalog& catalog,
                                    const ModelLoaderRegistry& loaders,
                                    const ImportParams& params) {
    const std::string name = source.filename().string();
    const ModelEntry* entry = nullptr;
    if (!params.asModelId.empty()) {
        entry = catalog.find(params.asModelId);
        if (!entry) {
            return makeError(ErrorCode::InvalidArgument,
                             name + ": no model named " + params.asModelId);
        }
    } else {
        entry = catalog.findByFileName(name);
    }
    if (entry && entry->fileName.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         name + ": " + entry->id + " is built in and takes no file");
    }
    auto ckpt = readCheckpoint(source, {.nestedKey = entry ? entry->nestedKey : std::string()});
    if (!ckpt) {
        return tl::unexpected(ckpt.error());
    }
    ImportedModel result;
    if (entry) {
        const ModelLoaderSpec* spec = loaders.find(entry->kind);
        if (spec && spec->validate) {
            auto arch = spec->validate(ckpt->tensors, entry, name);
            if (!arch) {
                return tl::unexpected(arch.error());
            }
            result.architecture = *arch;
        } else {
            result.architecture =
                entry->architecture;  // no shape check for this kind yet: it reads
        }
        result.id = entry->id;
    } else {
        auto arch = inferGpenArchitecture(ckpt->tensors, name);
        if (!arch) {
            return makeError(ErrorCode::UnsupportedArchitecture,
                             name +
                                 ": not a model GPEN Studio knows (not in the catalog, and not a "
                                 "GPEN generator: " +
                                 arch.error().message + ")");
        }
        result.recognised = recognisedGpenEntry(source, *arch, ckpt->tensors, catalog);
        result.id = result.recognised->id;
        result.architecture = result.recognised->architecture;
    }

    const fs::path dir = params.userDir.empty() ? userModelsDir() : params.userDir;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        return makeError(ErrorCode::Io,
                         name + ": cannot create " + dir.string() + ": " + ec.message());
    }
    result.file = dir / (entry ? entry->fileName : name);
    if (fs::exists(result.file, ec)) {
        if (fs::equivalent(source, result.file, ec)) {
            return result;  // already in place
        }
        if (!params.overwrite) {
            return makeError(ErrorCode::Io, name + ": " + result.file.string() + " already exists");
        }
    }
    if (auto copied = copyFileAtomic(source, result.file); !copied) {
        return tl::unexpected(copied.error());
    }
    log(LogLevel::Info, "models: imported " + source.string() + " as " + result.id + " (" +
                            result.file.string() + ")");
    return result;
}

}  // namespace gpen
