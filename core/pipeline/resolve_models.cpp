// SPDX-License-Identifier: Apache-2.0
// Which networks a restore runs: the one resolver every front end goes through (restore_job.h).

#include "gpen/engine/embedded_identity.h"
#include "gpen/engine/embedded_upscaler.h"
#include "gpen/pipeline/restore_job.h"

namespace gpen {
namespace {

bool installed(const ModelCache& cache, const std::string& id) {
    return cache.status(id).state != ModelState::NotInstalled;
}

// realesrnet_x<scale> (a released file) wins, then Real-ESRGAN's compact GAN for the scales the
// app offers (x4, resized: down for 2 and 3, up for 8).
std::string backgroundFor(const ModelCache& cache, int scale) {
    const bool fourfold = scale == 2 || scale == 3 || scale == 4 || scale == 8;
    for (const std::string& id : {"realesrnet_x" + std::to_string(scale),
                                  fourfold ? std::string(kRealEsrganFast) : std::string()}) {
        if (id.empty()) continue;
        if (installed(cache, id)) return id;
    }
    return {};
}

// The released model of each task that "auto" prefers.
std::string preferredFor(FaceTask task) {
    switch (task) {
        case FaceTask::Restore:
            return std::string(kPreferredFaceModel);
        case FaceTask::Colorize:
            return "GPEN-Colorization-1024";
        case FaceTask::Inpaint:
            return "GPEN-Inpainting-1024";
        case FaceTask::Seg2face:
            return "GPEN-Seg2face-512";
    }
    return std::string(kPreferredFaceModel);
}

std::string autoFaceModel(const ModelCache& cache, FaceTask task) {
    if (installed(cache, preferredFor(task))) return preferredFor(task);
    for (const auto& s : cache.statuses()) {
        if (s.kind == ModelKind::GpenFace && s.task == task && s.state != ModelState::NotInstalled)
            return s.id;
    }
    return {};
}

// A released model does its own task only; a file the catalog does not know may be asked for any.
Expected<void> checkTask(const ModelCache& cache, const std::string& id, FaceTask task) {
    const ModelStatus s = cache.status(id);
    if (s.kind != ModelKind::GpenFace || s.task == task || !ModelCatalog::released().find(id))
        return {};
    return makeError(ErrorCode::InvalidArgument,
                     id + " " + faceTaskVerb(s.task) + ", it cannot " + faceTaskName(task) +
                         " them: choose a model for " + faceTaskName(task) + " (" +
                         preferredFor(task) + "), or the task " + faceTaskName(s.task));
}

}  // namespace

std::string resolveDetector(const ModelCache& cache, const std::string& detector,
                            std::vector<std::string>* notes) {
    if (detector == "retinaface") return "RetinaFace-R50";
    if (detector != "auto") return detector;
    const auto state = cache.status("RetinaFace-R50").state;
    if (state != ModelState::NotInstalled && state != ModelState::Failed) return "RetinaFace-R50";
    if (notes) notes->emplace_back(kNoteDlibFallback);
    return "dlib";
}

Expected<std::string> resolveFaceModel(const ModelCache& cache, FaceTask task,
                                       const std::string& requested) {
    const std::string id = requested == kAutoFaceModel ? autoFaceModel(cache, task) : requested;
    if (id.empty()) {
        // Upscaling alone is no answer to "colorize" or "repair": say what would do it.
        return makeError(ErrorCode::InvalidArgument, std::string("to ") + faceTaskName(task) +
                                                         " faces, install " + preferredFor(task) +
                                                         " (gpen-cli models --download " +
                                                         preferredFor(task) + ")");
    }
    if (auto ok = checkTask(cache, id, task); !ok) return tl::unexpected(ok.error());
    return id;
}

Expected<ResolvedModels> resolveModels(const ModelCache& cache, const RestoreParams& params) {
    ResolvedModels m;
    if (params.backgroundScale > 1) {
        m.background = params.background == "auto" ? backgroundFor(cache, params.backgroundScale)
                                                   : params.background;
        const std::string scale = std::to_string(params.backgroundScale);
        if (params.background != "auto") {
            const ModelStatus s = cache.status(params.background);
            if (s.kind != ModelKind::Background) {
                return makeError(ErrorCode::InvalidArgument,
                                 "background: " + params.background + " is not an upscaler");
            }
        }
        if (m.background.empty()) {
            return makeError(ErrorCode::InvalidArgument, "background: no upscaler for x" + scale +
                                                             " is installed (realesrnet_x" + scale +
                                                             " or " + kRealEsrganFast + ")");
        }
        m.notes.push_back(std::string(kNoteBackgroundPrefix) + scale + " by " + m.background);
    }
    if (params.task == FaceTask::Seg2face) {
        return makeError(ErrorCode::InvalidArgument, std::string(kSeg2faceNotForPhotos));
    }
    const std::string chosen =
        params.faceModel == kAutoFaceModel ? autoFaceModel(cache, params.task) : params.faceModel;
    if (chosen.empty() && params.task == FaceTask::Restore) {
        m.notes.emplace_back(kNoteNoFaceModel);
        return m;
    }
    auto face = resolveFaceModel(cache, params.task, chosen);
    if (!face) return tl::unexpected(face.error());
    m.faceModel = std::move(*face);
    m.detector = resolveDetector(cache, params.detector, &m.notes);
    // Inpainting pastes over the damage only: no parsing mask.
    if (params.task != FaceTask::Inpaint && !params.parser.empty() &&
        installed(cache, params.parser))
        m.parser = params.parser;
    if (params.identity && installed(cache, kIdentityModelId)) m.identity = kIdentityModelId;
    return m;
}

}  // namespace gpen
