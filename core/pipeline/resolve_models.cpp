// Which networks a restore runs: the one resolver every front end goes through (restore_job.h).

#include "gpen/engine/embedded_upscaler.h"
#include "gpen/pipeline/restore_job.h"

namespace gpen {
namespace {

bool installed(const ModelCache& cache, const std::string& id) {
    return cache.status(id).state != ModelState::NotInstalled;
}

// realesrnet_x<scale> (a released file) wins over the embedded network of that scale.
std::string backgroundFor(const ModelCache& cache, int scale) {
    for (const std::string& id : {"realesrnet_x" + std::to_string(scale), embeddedUpscalerId(scale)}) {
        if (installed(cache, id)) return id;
    }
    return {};
}

std::string autoFaceModel(const ModelCache& cache) {
    if (installed(cache, std::string(kPreferredFaceModel))) return std::string(kPreferredFaceModel);
    for (const auto& s : cache.statuses()) {
        if (s.kind == ModelKind::GpenFace && s.state != ModelState::NotInstalled) return s.id;
    }
    return {};
}

}  // namespace

std::vector<std::string> ResolvedModels::ids() const {
    std::vector<std::string> out;
    for (const std::string* id : {&faceModel, &detector, &parser, &background}) {
        if (!id->empty()) out.push_back(*id);
    }
    return out;
}

std::string resolveDetector(const ModelCache& cache, const std::string& detector, std::vector<std::string>* notes) {
    if (detector == "retinaface") return "RetinaFace-R50";
    if (detector != "auto") return detector;
    const auto state = cache.status("RetinaFace-R50").state;
    if (state != ModelState::NotInstalled && state != ModelState::Failed) return "RetinaFace-R50";
    if (notes) notes->emplace_back(kNoteDlibFallback);
    return "dlib";
}

Expected<ResolvedModels> resolveModels(const ModelCache& cache, const RestoreParams& params) {
    ResolvedModels m;
    if (params.backgroundScale > 1) {
        m.background = backgroundFor(cache, params.backgroundScale);
        const std::string scale = std::to_string(params.backgroundScale);
        if (m.background.empty()) {
            return makeError(ErrorCode::InvalidArgument, "background: no upscaler for x" + scale +
                                                             " is installed (realesrnet_x" + scale + " or the embedded network)");
        }
        m.notes.push_back(std::string(kNoteBackgroundPrefix) + scale + " by " + m.background);
    }
    m.faceModel = params.faceModel == kAutoFaceModel ? autoFaceModel(cache) : params.faceModel;
    if (m.faceModel.empty()) {
        m.notes.emplace_back(kNoteNoFaceModel);
        return m;
    }
    m.detector = resolveDetector(cache, params.detector, &m.notes);
    if (!params.parser.empty() && installed(cache, params.parser)) m.parser = params.parser;
    return m;
}

}  // namespace gpen
