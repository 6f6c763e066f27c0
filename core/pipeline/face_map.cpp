// SPDX-License-Identifier: Apache-2.0
#include <stop_token>

#include "gpen/pipeline/face_map.h"

#include "gpen/engine/gpen_face_model.h"
#include "gpen/engine/model_cache.h"
#include "gpen/face/face_alignment.h"
#include "gpen/face/parsing_palette.h"
#include "gpen/pipeline/face_restorer.h"
#include "gpen/pipeline/pipeline_models.h"
#include "gpen/pipeline/restore_job.h"

namespace gpen {
namespace {

double overlap(const cv::Rect2d& a, const cv::Rect2d& b) {
    return (a & b).area();
}

// The face the user pointed at (the most overlap with `near`), else the largest.
std::size_t chooseFace(const std::vector<DetectedFace>& faces,
                       const std::optional<cv::Rect2d>& near) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < faces.size(); ++i) {
        const auto key = [&](const DetectedFace& f) {
            return std::pair(near ? overlap(f.box, *near) : 0.0, f.box.area());
        };
        if (key(faces[i]) > key(faces[best])) best = i;
    }
    return best;
}

}  // namespace

Expected<PhotoFaceMap> parsingMapOfPhotoFace(ModelCache& cache, const cv::Mat& photoBgr8,
                                             std::optional<cv::Rect2d> near,
                                             const std::string& detector, std::stop_token stop) {
    PhotoFaceMap out;
    out.detector = resolveDetector(cache, detector);
    auto finder = cache.acquireAs<FaceDetectorModel>(out.detector);
    if (!finder) return tl::unexpected(finder.error());
    auto faces = (*finder)->detect(photoBgr8, {});
    if (!faces) return tl::unexpected(faces.error());
    if (faces->empty())
        return makeError(ErrorCode::InvalidArgument,
                         "no face found in the photo (" + out.detector + ")");
    if (stop.stop_requested()) return makeError(ErrorCode::Cancelled, "Cancelled");
    out.faceCount = static_cast<int>(faces->size());
    const DetectedFace& face = (*faces)[chooseFace(*faces, near)];
    out.box = face.box;
    auto alignment = computeFaceAlignment(face.landmarks, kFaceMapSize);
    if (!alignment) return tl::unexpected(alignment.error());
    auto aligned = warpFaceToCrop(photoBgr8, *alignment);
    if (!aligned) return tl::unexpected(aligned.error());
    out.aligned = std::move(*aligned);

    // Not installed: the cache's error says where to put it.
    auto parser = cache.acquireAs<ParserModel>(kFaceParserModel);
    if (!parser) return tl::unexpected(parser.error());
    auto classes = (*parser)->classes({out.aligned});
    if (!classes) return tl::unexpected(classes.error());
    out.map = drawParsingMap(classes->front());
    return out;
}

Expected<FaceFromMap> drawFaceFromMap(const GpenGenerator& generator, const cv::Mat& mapBgr8,
                                      std::stop_token stop) {
    SnappedParsingMap snapped = snapToParsingColours(mapBgr8);
    auto faces = runFaceTask(generator, FaceTask::Seg2face, {snapped.bgr8}, stop);
    if (!faces) return tl::unexpected(faces.error());
    return FaceFromMap{std::move(faces->front()), snapped.unknownShare, {}};
}

Expected<FaceFromMap> drawFaceFromMap(ModelCache& cache, const cv::Mat& mapBgr8,
                                      const std::string& model, std::stop_token stop) {
    auto id = resolveFaceModel(cache, FaceTask::Seg2face, model);
    if (!id) return tl::unexpected(id.error());
    auto loaded = cache.acquireAs<GpenFaceModel>(*id);
    if (!loaded) return tl::unexpected(loaded.error());
    auto face = drawFaceFromMap((*loaded)->generator(), mapBgr8, stop);
    if (face) face->model = *id;
    return face;
}

}  // namespace gpen
