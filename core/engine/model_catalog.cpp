// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/model_catalog.h"

#include <algorithm>
#include <tuple>

#include "gpen/base/ascii.h"
#include "gpen/engine/embedded_identity.h"
#include "gpen/engine/embedded_upscaler.h"

namespace gpen {
namespace {

GpenArchitecture gpenArch(int size, int channelMultiplier, double narrow) {
    GpenArchitecture a;
    a.inSize = a.outSize = size;
    a.channelMultiplier = channelMultiplier;
    a.narrow = narrow;
    return a;
}

ModelEntry gpenEntry(const std::string& id, int size, int cm, double narrow, double megabytes,
                     std::string input) {
    ModelEntry e;
    e.id = id;
    e.fileName = id + ".pth";
    e.kind = ModelKind::GpenFace;
    e.network = "FullGenerator";
    e.gpen = gpenArch(size, cm, narrow);
    e.architecture = e.gpen->describe();
    e.expectedMegabytes = megabytes;
    e.downloadUrl = std::string(kReferenceModelsUrl) + e.fileName;
    e.input = std::move(input);
    e.licence = kGpenLicenceNote;
    return e;
}

ModelEntry referenceEntry(const std::string& id, ModelKind kind, std::string network,
                          std::string architecture, double megabytes, std::string input) {
    ModelEntry e;
    e.id = id;
    e.fileName = id + ".pth";
    e.kind = kind;
    e.network = std::move(network);
    e.architecture = std::move(architecture);
    e.expectedMegabytes = megabytes;
    e.downloadUrl = std::string(kReferenceModelsUrl) + e.fileName;
    e.input = std::move(input);
    return e;
}

}  // namespace

const char* modelKindName(ModelKind kind) {
    switch (kind) {
        case ModelKind::GpenFace:
            return "face";
        case ModelKind::Detector:
            return "detector";
        case ModelKind::Parser:
            return "parser";
        case ModelKind::Background:
            return "background";
        case ModelKind::Identity:
            return "identity";
    }
    return "?";
}

const char* modelOriginName(ModelOrigin origin) {
    switch (origin) {
        case ModelOrigin::None:
            return "none";
        case ModelOrigin::CommandLine:
            return "command line";
        case ModelOrigin::Environment:
            return "$GPEN_MODELS_DIR";
        case ModelOrigin::UserData:
            return "user data";
        case ModelOrigin::Installed:
            return "installed";
        case ModelOrigin::System:
            return "system";
    }
    return "?";
}

ModelCatalog ModelCatalog::released() {
    ModelCatalog c;
    const std::string face = "aligned face, RGB in [-1, 1]";
    c.add(gpenEntry("GPEN-BFR-512", 512, 2, 1.0, 284.0, face));
    c.add(gpenEntry("GPEN-BFR-256", 256, 1, 0.5, 75.5, face));
    for (const auto& [size, source, megabytes] :
         {std::tuple{1024, "pytorch_model.pt", 284.8},
          std::tuple{2048, "pytorch_model-2048.pt", 285.2}}) {
        ModelEntry e = gpenEntry("GPEN-BFR-" + std::to_string(size), size, 2, 1.0, megabytes, face);
        e.downloadUrl = kModelScopeHiresUrl;
        e.sourceFileName = source;
        c.add(std::move(e));
    }
    const auto head = [](ModelEntry e, FaceTask task) {
        e.task = task;
        return e;
    };
    c.add(head(gpenEntry("GPEN-Colorization-1024", 1024, 2, 1.0, 284.8,
                         "aligned gray face (3 equal channels); output luminance replaced by the "
                         "input's (YUV) when "
                         "sizes differ"),
               FaceTask::Colorize));
    c.add(head(gpenEntry("GPEN-Inpainting-1024", 1024, 2, 1.0, 284.8,
                         "aligned face with the damaged strokes painted white"),
               FaceTask::Inpaint));
    c.add(head(
        gpenEntry("GPEN-Seg2face-512", 512, 2, 1.0, 284.0,
                  "a parsing map image; no [-1, 1] normalisation (input /255 only, output x255)"),
        FaceTask::Seg2face));
    c.add(referenceEntry(
        "RetinaFace-R50", ModelKind::Detector, "RetinaFace",
        "ResNet-50 body, FPN, SSH, 2 anchors per cell; min sizes [[16,32],[64,128],[256,512]], "
        "steps [8,16,32], variances [0.1,0.2]",
        109.4, "whole image, BGR minus (104, 117, 123)"));
    c.add(referenceEntry(
        "ParseNet-latest", ModelKind::Parser, "ParseNet",
        "in/out 512, min feature 32, base 64 channels, 19 classes, batch norm, LeakyReLU", 85.3,
        face));
    for (const int scale : {1, 2, 4}) {
        ModelEntry e =
            referenceEntry("realesrnet_x" + std::to_string(scale), ModelKind::Background, "RRDBNet",
                           "32 features, 23 blocks, growth 32, x" + std::to_string(scale) +
                               (scale < 4 ? ", pixel-unshuffle " + std::to_string(4 / scale) : ""),
                           38.4, "RGB in [0, 1]");
        e.nestedKey = "params_ema";
        e.scale = scale;
        c.add(std::move(e));
    }
    for (auto& e : realEsrganEntries()) c.add(std::move(e));
    c.add(identityEntry());
    ModelEntry dlib;
    dlib.id = "dlib";
    dlib.kind = ModelKind::Detector;
    dlib.network = "dlib";
    dlib.architecture = "HOG frontal face detector (built into dlib) + 68-point shape predictor";
    dlib.builtIn = true;
    dlib.systemFile = "/usr/share/dlib/shape_predictor_68_face_landmarks.dat";
    dlib.input =
        "whole image; the fallback when RetinaFace-R50 is not installed (Debian package "
        "libdlib-data)";
    c.add(std::move(dlib));
    return c;
}

void ModelCatalog::add(ModelEntry entry) {
    const auto it = std::find_if(m_entries.begin(), m_entries.end(),
                                 [&](const ModelEntry& e) { return e.id == entry.id; });
    if (it != m_entries.end()) {
        *it = std::move(entry);
    } else {
        m_entries.push_back(std::move(entry));
    }
}

const ModelEntry* ModelCatalog::find(const std::string& id) const {
    for (const auto& e : m_entries) {
        if (e.id == id) {
            return &e;
        }
    }
    for (const auto& e : m_entries) {
        if (equalsIgnoringAsciiCase(e.id, id)) {
            return &e;
        }
    }
    return nullptr;
}

const ModelEntry* ModelCatalog::findByFileName(const std::string& fileName) const {
    for (const auto& e : m_entries) {
        if (!e.fileName.empty() && e.fileName == fileName) {
            return &e;
        }
    }
    return nullptr;
}

}  // namespace gpen
