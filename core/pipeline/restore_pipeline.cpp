// SPDX-License-Identifier: Apache-2.0
#include "gpen/pipeline/restore_pipeline.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

#include <opencv2/imgproc.hpp>

#include "gpen/base/log.h"
#include "gpen/engine/gpen_face_model.h"
#include "gpen/face/colour_match.h"
#include "gpen/face/damage_mask.h"
#include "gpen/face/paste_back.h"
#include "gpen/face/paste_mask.h"
#include "gpen/nn/runtime.h"
#include "gpen/pipeline/face_restorer.h"
#include "gpen/pipeline/identity_model.h"
#include "gpen/pipeline/restore_job.h"
#include "pipeline/luma.h"
#include "pipeline/print_repair.h"

namespace gpen {
namespace {

using Clock = std::chrono::steady_clock;

class StageTimer {
  public:
    explicit StageTimer(std::vector<StageTiming>& out) : m_out(out) {}
    void finish(const std::string& stage) {
        const auto now = Clock::now();
        m_out.push_back({stage, std::chrono::duration<double, std::milli>(now - m_start).count()});
        m_start = now;
    }

  private:
    std::vector<StageTiming>& m_out;
    Clock::time_point m_start = Clock::now();
};

Error inStage(Error e, const std::string& stage) {
    if (e.code != ErrorCode::Cancelled) e.message = stage + ": " + e.message;
    return e;
}

bool cancelled(const RestoreParams& p) {
    return p.stop.stop_requested();
}

void report(const RestoreParams& p, const std::string& stage, int done, int total,
            std::string note = {}) {
    if (p.progress) p.progress({stage, done, total, std::move(note)});
}

// A colorized photo takes its luma from the canvas wherever a face was pasted: the network adds
// colour only, and the detail is the photo's own, not a crop warped there and back. Pixels no
// face touched stay bit-exact.
cv::Mat withCanvasLuma(const cv::Mat& composed, const cv::Mat& canvas) {
    const cv::Mat recoloured = withLumaOf(canvas, composed);
    // Any channel changed counts (a gray of the difference would round a small blue-only change
    // to 0 and leave that pixel's luma off).
    cv::Mat diff, touched;
    cv::absdiff(composed, canvas, diff);
    cv::transform(diff, touched, cv::Matx13f(1, 1, 1));
    cv::Mat out = composed.clone();
    recoloured.copyTo(out, touched > 0);
    return out;
}

}  // namespace

bool isGrayscale(const cv::Mat& bgr8, int tolerance) {
    if (bgr8.channels() == 1) return true;
    for (int y = 0; y < bgr8.rows; ++y) {
        const auto* row = bgr8.ptr<cv::Vec3b>(y);
        for (int x = 0; x < bgr8.cols; ++x) {
            const int b = row[x][0], g = row[x][1], rr = row[x][2];
            if (std::abs(b - g) > tolerance || std::abs(g - rr) > tolerance ||
                std::abs(b - rr) > tolerance)
                return false;
        }
    }
    return true;
}

Expected<cv::Mat> blendedFace(const RestoreResult& result, std::size_t index, double strength) {
    const RestoredFace& f = result.faces.at(index);
    cv::Mat face = f.restored;
    // The reference's smoothing of small restored faces; the other heads' outputs go as they are.
    if (result.task == FaceTask::Restore && isSmallFace(f.detection.box)) {
        auto smooth = smoothSmallFace(face);
        if (!smooth) return tl::unexpected(smooth.error());
        face = *smooth;
    }
    cv::Mat aligned = f.aligned;
    if (aligned.size() != face.size())
        cv::resize(aligned, aligned, face.size(), 0, 0, cv::INTER_LINEAR);
    auto blended = blendStrength(face, aligned, strength);
    if (!blended) return tl::unexpected(blended.error());
    if (result.grayscale) *blended = grayAsBgr(*blended);  // a gray photo gets gray faces
    return *blended;
}

Expected<cv::Mat> composeRestoredFaces(const RestoreResult& result,
                                       const std::vector<double>& strengths) {
    auto paste = PasteBack::create(result.background.size(), 3);
    if (!paste) return tl::unexpected(paste.error());
    for (std::size_t i = 0; i < result.faces.size(); ++i) {
        const double s = i < strengths.size() ? strengths[i] : 1.0;
        if (s <= 0) continue;
        const RestoredFace& f = result.faces[i];
        auto blended = blendedFace(result, i, s);
        if (!blended) return tl::unexpected(blended.error());
        if (blended->size() != cv::Size(f.alignment.cropSize, f.alignment.cropSize)) {
            cv::resize(*blended, *blended, cv::Size(f.alignment.cropSize, f.alignment.cropSize), 0,
                       0, cv::INTER_LINEAR);
        }
        if (auto ok = paste->addFace(*blended, f.mask, f.alignment); !ok)
            return tl::unexpected(ok.error());
    }
    auto out = paste->compose(result.background);
    if (!out) return tl::unexpected(out.error());
    if (result.task == FaceTask::Colorize) return withCanvasLuma(*out, result.background);
    return *out;
}

Expected<RestoreResult> restorePhoto(ModelCache& cache, const cv::Mat& photo,
                                     const RestoreParams& params, const ResolvedModels* models) {
    if (photo.empty() || photo.type() != CV_8UC3) {
        return makeError(ErrorCode::InvalidArgument, "restore: expected an 8-bit BGR photo");
    }
    if (auto ok = validateTileParams(params.tiles); params.backgroundScale > 1 && !ok)
        return tl::unexpected(ok.error());
    ResolvedModels resolvedHere;
    if (!models) {
        auto resolved = resolveModels(cache, params);
        if (!resolved) return tl::unexpected(resolved.error());
        resolvedHere = std::move(*resolved);
        models = &resolvedHere;
    }
    if (params.task == FaceTask::Seg2face) {
        return makeError(ErrorCode::InvalidArgument, std::string(kSeg2faceNotForPhotos));
    }
    if (params.task == FaceTask::Inpaint && params.damageMask.empty() && !params.findDamage) {
        return makeError(ErrorCode::InvalidArgument,
                         "inpainting needs a damage mask: white where the photo is damaged");
    }
    RestoreResult r;
    r.notes = models->notes;
    r.task = params.task;
    StageTimer timer(r.timings);
    // Colourising is the point: its faces are pasted in colour (the photo around them stays as it
    // is).
    r.grayscale = params.task != FaceTask::Colorize && params.keepGrayscale && isGrayscale(photo);
    // The faces of `image` (the photo, or the repaired photo: the same size), in its coordinates.
    const auto detectFaces = [&](const cv::Mat& image) -> Expected<std::vector<DetectedFace>> {
        report(params, "detection", 0, 1);
        r.detectorUsed = models->detector;
        auto detector = cache.acquireAs<FaceDetectorModel>(models->detector);
        if (!detector) return tl::unexpected(inStage(detector.error(), "detection"));
        FaceDetectParams detection = params.detection;
        detection.minFaceSize /= std::max(1, params.backgroundScale);
        detection.stop = params.stop;
        auto faces = (*detector)->detect(image, detection);
        if (!faces) return tl::unexpected(inStage(faces.error(), "detection"));
        report(params, "detection", 1, 1);
        return faces;
    };
    try {
        // 0. The print's damage, filled before anything else looks at the photo. The finder is
        // told where the faces' eyes and mouths are, which it leaves alone.
        cv::Mat input = photo;
        std::optional<std::vector<DetectedFace>> detected;
        if (!params.damageMask.empty() || params.findDamage) {
            if (params.findDamage && !models->faceModel.empty()) {
                auto faces = detectFaces(photo);
                if (!faces) return tl::unexpected(faces.error());
                detected = std::move(*faces);
            }
            auto repaired = pipeline::repairPrint(photo, params,
                                                  detected.value_or(std::vector<DetectedFace>{}));
            if (!repaired) return tl::unexpected(inStage(repaired.error(), "repair"));
            input = repaired->image;
            r.repair = repaired->summary;
            r.repairedMask = repaired->mask;
            r.notes.insert(r.notes.end(), repaired->notes.begin(), repaired->notes.end());
            timer.finish("repair");
            if (cancelled(params)) return makeError(ErrorCode::Cancelled, "Cancelled");
        }

        // 1. Background: upscaled by RRDBNet, or the input as it is. Faces are cropped from the
        // input resized to the output size, as the reference does.
        cv::Mat img = input;
        if (params.backgroundScale > 1) {
            const std::string& id = models->background;
            r.backgroundUsed = id;
            report(params, "background", 0, 0, std::string(kProgressLoadingPrefix) + id);
            auto bg = cache.acquireAs<BackgroundModel>(id);
            if (!bg) return tl::unexpected(inStage(bg.error(), "background"));
            auto up = (*bg)->upscale(input, params.tiles, params.progress, params.stop);
            if (!up) return tl::unexpected(inStage(up.error(), "background"));
            r.background = *up;
            // An x4 network at another scale: its output resized (area-averaged down, cubic up).
            const cv::Size wanted(input.cols * params.backgroundScale,
                                  input.rows * params.backgroundScale);
            if (r.background.size() != wanted) {
                cv::resize(r.background, r.background, wanted, 0, 0,
                           wanted.width < r.background.cols ? cv::INTER_AREA : cv::INTER_CUBIC);
            }
            cv::resize(input, img, r.background.size(), 0, 0, cv::INTER_LINEAR);
        } else {
            r.background = input.clone();
        }
        // An upscaler may tint a gray photo: its canvas is made gray. The input itself is left
        // as it is (a near-gray scan keeps its exact values outside the faces).
        if (r.grayscale && params.backgroundScale > 1) r.background = grayAsBgr(r.background);
        timer.finish("background");
        if (cancelled(params)) return makeError(ErrorCode::Cancelled, "Cancelled");

        if (models->faceModel.empty()) {
            // Upscale only: no face model is installed, or none was asked for (the resolver's
            // note).
            r.image = r.background.clone();
            r.maskSource = "none";
            for (const auto& n : r.notes) log(LogLevel::Info, n);
            return r;
        }

        // 2. Detection (done already when the finder needed the faces: the repair does not move
        // them).
        if (!detected) {
            auto faces = detectFaces(input);
            if (!faces) return tl::unexpected(faces.error());
            detected = std::move(*faces);
        }
        std::vector<DetectedFace>* faces = &*detected;
        // On the input itself, not on its resized copy (a quarter or a sixteenth of the pixels at
        // x2 / x4); boxes and landmarks are then scaled to the output.
        const double sx = static_cast<double>(img.cols) / input.cols;
        const double sy = static_cast<double>(img.rows) / input.rows;
        for (auto& f : *faces) {
            f.box = cv::Rect2d(f.box.x * sx, f.box.y * sy, f.box.width * sx, f.box.height * sy);
            for (auto& point : f.landmarks) point = cv::Point2d(point.x * sx, point.y * sy);
        }
        timer.finish("detection");

        // 3. Alignment and restoration, in batches; cancel checked between batches.
        auto gpen = cache.acquireAs<GpenFaceModel>(models->faceModel);
        if (!gpen) return tl::unexpected(inStage(gpen.error(), "faces"));
        const int size = (*gpen)->faceSize();
        for (std::size_t i = 0; i < faces->size(); ++i) {
            // A face the detector gave bad landmarks (coinciding, not finite) cannot be aligned:
            // it is skipped with a note, and the photo's other faces are still restored.
            const DetectedFace& f = (*faces)[i];
            auto alignment = computeFaceAlignment(f.landmarks, size);
            Expected<cv::Mat> crop = alignment
                                         ? warpFaceToCrop(img, *alignment)
                                         : Expected<cv::Mat>(tl::unexpected(alignment.error()));
            if (!crop) {
                r.notes.push_back("face " + std::to_string(i + 1) +
                                  " skipped: " + crop.error().message);
                continue;
            }
            r.faces.push_back({f, *alignment, *crop, {}, {}});
        }
        // Inpainting: the damage in each crop, painted white for the network (the crop kept as it
        // was for the strength blend); the repaired face is pasted over the damage only.
        std::vector<cv::Mat> cropDamage;
        // The repair filled the whole mask already; the network repaints the faces' part of it.
        if (params.task == FaceTask::Inpaint) {
            const cv::Mat& marked = r.repairedMask.empty() ? params.damageMask : r.repairedMask;
            auto damage = marked.empty() ? Expected<cv::Mat>(cv::Mat::zeros(img.size(), CV_8U))
                                         : normaliseDamageMask(marked, img.size());
            if (!damage) return tl::unexpected(inStage(damage.error(), "damage mask"));
            for (const auto& f : r.faces) cropDamage.push_back(damageInCrop(*damage, f.alignment));
        }
        timer.finish("alignment");
        const int total = static_cast<int>(r.faces.size());
        const int batch = std::max(1, params.faceBatch);
        report(params, "faces", 0, total);
        for (int begin = 0; begin < total; begin += batch) {
            if (cancelled(params)) return makeError(ErrorCode::Cancelled, "Cancelled");
            const int end = std::min(total, begin + batch);
            std::vector<cv::Mat> crops;
            for (int i = begin; i < end; ++i) {
                const auto k = static_cast<std::size_t>(i);
                crops.push_back(cropDamage.empty()
                                    ? r.faces[k].aligned
                                    : paintDamageWhite(r.faces[k].aligned, cropDamage[k]));
            }
            // A colorized face keeps its crop's luma at every size: the network adds colour only.
            auto restored = runFaceTask((*gpen)->generator(), params.task, crops, params.stop,
                                        /*keepLuma=*/params.task == FaceTask::Colorize);
            if (!restored) return tl::unexpected(inStage(restored.error(), "faces"));
            for (int i = begin; i < end; ++i)
                r.faces[static_cast<std::size_t>(i)].restored =
                    (*restored)[static_cast<std::size_t>(i - begin)];
            report(params, "faces", end, total);
        }
        // GPEN's activations, which the runtime keeps for its next forward, go back to the
        // system once, before the parser needs its own. Not after each batch: the first forward
        // after a trim faults them in again, and the photo's peak was no lower for it
        // (docs/MEASUREMENTS.md, "Trimming").
        releaseFreedMemory();
        timer.finish("faces");

        // 4. Masks: ParseNet's face classes of each restored face, post-processed as the
        // reference does, when the parser is installed; else the soft rectangle.
        std::shared_ptr<const ParserModel> parser;
        if (!models->parser.empty() && !r.faces.empty() && cropDamage.empty()) {
            auto acquired = cache.acquireAs<ParserModel>(models->parser);
            if (acquired) {
                parser = *acquired;
            } else {
                r.notes.push_back(acquired.error().message + std::string(kNoteRectangleMaskSuffix));
            }
        }
        r.maskSource = parser ? models->parser : "rectangle";
        if (!cropDamage.empty()) {
            // Inpainting: the repaired face goes over the damage only (grown by about two photo
            // pixels, feathered); everywhere else the photo stays exactly as it was.
            r.maskSource = "damage";
            for (std::size_t k = 0; k < r.faces.size(); ++k) {
                const cv::Matx23d& m = r.faces[k].alignment.toCrop;
                const double cropPerPixel =
                    std::sqrt(std::abs(m(0, 0) * m(1, 1) - m(0, 1) * m(1, 0)));
                r.faces[k].mask =
                    inpaintPasteMask(cropDamage[k], std::max(1, cvRound(2.0 * cropPerPixel)));
            }
        } else if (parser) {
            report(params, "mask", 0, total);
            // In the faces' batches: one ParseNet forward for several faces.
            for (int begin = 0; begin < total; begin += batch) {
                if (cancelled(params)) return makeError(ErrorCode::Cancelled, "Cancelled");
                const int end = std::min(total, begin + batch);
                std::vector<cv::Mat> restored;
                for (int i = begin; i < end; ++i)
                    restored.push_back(r.faces[static_cast<std::size_t>(i)].restored);
                auto parsing = parser->parse(restored);
                if (!parsing) return tl::unexpected(inStage(parsing.error(), "mask"));
                for (int i = begin; i < end; ++i) {
                    auto m =
                        parsingPasteMask((*parsing)[static_cast<std::size_t>(i - begin)], size);
                    if (!m) return tl::unexpected(inStage(m.error(), "mask"));
                    r.faces[static_cast<std::size_t>(i)].mask = *m;
                }
                report(params, "mask", end, total);
            }
            releaseFreedMemory();  // as after the faces
        } else {
            auto mask = rectanglePasteMask(size);
            if (!mask) return tl::unexpected(inStage(mask.error(), "mask"));
            for (auto& f : r.faces) f.mask = *mask;
        }
        timer.finish("mask");

        if (params.matchTone) {
            for (auto& f : r.faces) {
                cv::Mat reference = f.aligned, weights = f.mask;
                if (reference.size() != f.restored.size())
                    cv::resize(reference, reference, f.restored.size(), 0, 0, cv::INTER_LINEAR);
                if (weights.size() != f.restored.size())
                    cv::resize(weights, weights, f.restored.size(), 0, 0, cv::INTER_LINEAR);
                auto matched = matchFaceTone(f.restored, reference, weights);
                if (!matched) return tl::unexpected(inStage(matched.error(), "tone"));
                f.restored = *matched;
            }
            timer.finish("tone");
        }

        // A toned print rather than a gray one around the coloured faces: the canvas takes their
        // average chroma (its own luma kept), and the faces are pasted over it as always.
        if (params.task == FaceTask::Colorize && params.tintRest && !r.faces.empty()) {
            std::vector<cv::Mat> coloured, masks;
            for (const auto& f : r.faces) {
                coloured.push_back(f.restored);
                masks.push_back(f.mask);
            }
            r.background = tintedWith(r.background, meanChroma(coloured, masks));
        }

        // Each face scored against the face that went in, at the asked strength. The score is
        // advice: a descriptor that fails to load is noted and the restore goes on.
        if (!models->identity.empty() && !r.faces.empty()) {
            if (cancelled(params)) return makeError(ErrorCode::Cancelled, "Cancelled");
            auto identity = cache.acquireAs<IdentityModel>(models->identity);
            if (!identity) {
                r.notes.push_back(std::string(kNoteIdentityUnavailablePrefix) +
                                  identity.error().message);
            } else {
                auto scored = scoreIdentity(**identity, r,
                                            std::vector<double>(r.faces.size(), params.strength),
                                            params.stop);
                if (!scored) return tl::unexpected(inStage(scored.error(), "identity"));
                r.identityUsed = models->identity;
            }
            timer.finish("identity");
        }

        // 5. Paste-back at the asked strength.
        auto composed =
            composeRestoredFaces(r, std::vector<double>(r.faces.size(), params.strength));
        if (!composed) return tl::unexpected(inStage(composed.error(), "paste-back"));
        r.image = *composed;
        if (params.task == FaceTask::Colorize && !r.faces.empty()) {
            r.notes.emplace_back(params.tintRest ? kNoteRestTinted : kNoteRestStaysGray);
        }
        timer.finish("paste-back");
        for (const auto& n : r.notes) log(LogLevel::Info, n);
        return r;
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Internal, "restore: " + e.msg);
    } catch (const std::bad_alloc&) {
        return makeError(ErrorCode::OutOfMemory, "restore: out of memory");
    }
}

}  // namespace gpen
