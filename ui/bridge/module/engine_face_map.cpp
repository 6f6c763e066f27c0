// SPDX-License-Identifier: Apache-2.0
#include "ui/bridge/module/engine_face_map.h"

#include "gpen/io/image_io.h"
#include "gpen/pipeline/face_map.h"
#include "ui/common/core_text.h"
#include "ui/common/image_convert.h"

namespace gpen::ui {
namespace {

// A job's one answer when core said no: a cancel is no failure.
void fail(const EngineEvents& events, quint64 id, const Error& error) {
    if (error.code == ErrorCode::Cancelled) {
        events.jobEvent(JobCancelled{id});
    } else {
        events.jobEvent(JobFailure{id, CoreText::error(error)});
    }
}

QImage rgbOf(const cv::Mat& bgr) {
    return fromBgrMat(bgr).convertToFormat(QImage::Format_RGB888);
}

}  // namespace

void runFaceMapJob(ModelCache& cache, const FaceMapRequest& request, const EngineEvents& events) {
    try {
        std::optional<cv::Rect2d> near;
        if (!request.near.isEmpty()) {
            const QRect& r = request.near;
            near = cv::Rect2d(r.x(), r.y(), r.width(), r.height());
        }
        auto map = parsingMapOfPhotoFace(cache, request.decoded->bgr8, near,
                                         request.detector.toStdString(), request.stop);
        if (!map) return fail(events, request.jobId, map.error());
        const cv::Rect box = map->box;
        events.jobEvent(FaceMapOutcome{request.jobId, rgbOf(map->aligned), rgbOf(map->map),
                                       QRect(box.x, box.y, box.width, box.height), map->faceCount});
    } catch (const std::exception& e) {
        events.jobEvent(JobFailure{request.jobId, QString::fromStdString(e.what())});
    }
}

void runFaceFromMapJob(ModelCache& cache, const FaceFromMapRequest& request,
                       const EngineEvents& events) {
    try {
        auto face = drawFaceFromMap(cache, toBgrMat(request.map), request.model.toStdString(),
                                    request.stop);
        if (!face) return fail(events, request.jobId, face.error());
        events.jobEvent(FaceFromMapOutcome{request.jobId, rgbOf(face->face), face->unknownShare,
                                           QString::fromStdString(face->model)});
    } catch (const std::exception& e) {
        events.jobEvent(JobFailure{request.jobId, QString::fromStdString(e.what())});
    }
}

}  // namespace gpen::ui
