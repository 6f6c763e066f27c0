// SPDX-License-Identifier: Apache-2.0
#pragma once

// The released models the application knows by name: what each file is, which network it feeds,
// where users download it, how large it is. Plain data; no I/O.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gpen/engine/face_task.h"
#include "gpen/nn/gpen_generator.h"

namespace gpen {

// What a model does in the pipeline; the loader registry is keyed by it.
// Identity: the face descriptor behind the identity score.
enum class ModelKind { GpenFace, Detector, Parser, Background, Identity };
const char* modelKindName(
    ModelKind kind);  // "face", "detector", "parser", "background", "identity"

// Where a model's file was found (the discovery order, first wins).
enum class ModelOrigin { None, CommandLine, Environment, UserData, Installed, System };
const char* modelOriginName(ModelOrigin origin);  // "command line", "$GPEN_MODELS_DIR", ...

// Every reference link is this base followed by the file name.
inline constexpr const char* kReferenceModelsUrl =
    "https://public-vigen-video.oss-cn-shanghai.aliyuncs.com/robin/models/";
// GPEN-BFR-1024 and -2048 are published on the ModelScope hub instead.
inline constexpr const char* kModelScopeHiresUrl =
    "https://modelscope.cn/models/damo/cv_gpen_image-portrait-enhancement-hires";
inline constexpr const char* kGpenLicenceNote =
    "The reference authors released the GPEN weights for academic and non-commercial use.";

struct ModelEntry {
    std::string id;        // "GPEN-BFR-512": the name settings and the command line use
    std::string fileName;  // "GPEN-BFR-512.pth" in a models folder; empty for a built-in model
    ModelKind kind = ModelKind::GpenFace;
    FaceTask task = FaceTask::Restore;  // GPEN entries: what the model does to a face
    std::string network;       // "FullGenerator", "RetinaFace", "ParseNet", "RRDBNet", "dlib"
    std::string architecture;  // the configuration, for people
    std::optional<GpenArchitecture> gpen;  // GPEN entries: what the file must hold exactly
    double expectedMegabytes = 0;          // fp32 parameter bytes / 1e6; a file is a little larger
    std::string downloadUrl;               // where a user fetches it; empty for a built-in model
    std::string sourceFileName;  // the file's name at downloadUrl when it differs from fileName
    // The released file's SHA-256 (lowercase hex) where it is known; a download that does not
    // match is not installed. Empty: unknown (the size and the import's validation still apply).
    std::string sha256;
    std::string input;      // the input convention, for people
    std::string licence;    // shown next to the download
    std::string nestedKey;  // the state dict sits under this key; empty: the reader's default
    int scale = 1;          // background upscalers: output / input size
    std::filesystem::path systemFile;  // built-in: a data file the system ships, if any
    bool builtIn = false;              // comes with the system or the program: nothing to download
    bool discovered = false;           // not released: an unknown file recognised by inspection

    // The face size a GPEN entry takes (its inSize), 0 for other kinds.
    int faceSize() const { return gpen ? gpen->inSize : 0; }
};

// An ordered list of entries, looked up by id or file name. Not synchronised: the model cache
// keeps its own copy behind its lock.
class ModelCatalog {
  public:
    ModelCatalog() = default;        // empty (tests build their own)
    static ModelCatalog released();  // every released model, in the order people pick them

    void add(ModelEntry entry);  // replaces an entry with the same id
    // Exact id first, then ignoring case ("gpen-bfr-512").
    const ModelEntry* find(const std::string& id) const;
    const ModelEntry* findByFileName(const std::string& fileName) const;
    const std::vector<ModelEntry>& entries() const { return m_entries; }

  private:
    std::vector<ModelEntry> m_entries;
};

}  // namespace gpen
