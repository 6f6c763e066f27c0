// SPDX-License-Identifier: Apache-2.0
#pragma once

// The whole-photo restoration: background pass, face detection, alignment, GPEN, masks and
// paste-back. One pipeline for the GUI, the batch runner and the command line. Runs on the
// caller's thread; models come from the cache (loaded on first use, shared with other jobs).

#include <limits>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"
#include "gpen/engine/face_task.h"
#include "gpen/engine/model_cache.h"
#include "gpen/face/detected_face.h"
#include "gpen/face/face_alignment.h"
#include "gpen/pipeline/pipeline_models.h"
#include "gpen/pipeline/progress.h"
#include "gpen/pipeline/tiled_upscale.h"

namespace gpen {

struct RestoreParams {
    // A catalog id; "auto" (kAutoFaceModel): the installed default; empty: no face restoration
    // (upscale only). resolveModels() (restore_job.h) says which networks run.
    std::string faceModel = "GPEN-BFR-512";
    std::string detector =
        "auto";  // "auto" (RetinaFace-R50 when installed, else dlib), "retinaface", "dlib"
    std::string parser = "ParseNet-latest";  // used when installed; else the soft rectangle mask
    int backgroundScale = 1;  // 1: none; else realesrnet_xN or Real-ESRGAN (resolveModels)
    // The background network: "auto" (resolveModels' choice for the scale) or a Background model's
    // id (realesrgan-x4plus: best quality, slower); an x4 network is resized to the scale.
    std::string background = "auto";
    TileParams tiles;
    // What the face model does to each face (it must be the model's own task): Restore; Colorize
    // (a gray photo's faces coloured, their luma kept, the rest of the photo left gray); Inpaint
    // (the faces repaired where `damageMask` marks damage, nothing else changed). Seg2face takes
    // a parsing map, not a photo: refused here.
    FaceTask task = FaceTask::Restore;
    // White (> 127) where the photo is damaged, with any task; the photo's size (or its
    // proportions). The whole mask is filled before anything else runs (face/damage_repair.h);
    // Inpaint then repaints the faces' damage with GPEN-Inpainting over that fill.
    cv::Mat damageMask;
    // Find the damage too (face/damage_detect.h: dust, scratches, cracks; not the eyes and mouths
    // of the faces found) and repair it: a whole archive repaired without masks. A finder that
    // marks more than kMaxFoundDamageShare of a photo is not followed (a note says so).
    bool findDamage = false;
    double damageSensitivity = 0.5;  // 0..1: higher finds fainter damage, and more that is not
    double strength =
        1.0;            // blend of the restored face with the aligned input (the reference's alpha)
    int faceBatch = 4;  // faces per GPEN forward
    bool keepGrayscale = true;  // a gray photo (near-equal channels) comes out gray
    // Colorize: the rest of the photo (no whole-photo colorizer exists) toned with the faces'
    // average colour instead of staying gray.
    bool tintRest = false;
    bool matchTone = false;  // move each restored face's Lab mean and spread to its input's
    // Score each restored face against the face that went in (identity_model.h) when the
    // descriptor is installed: RestoredFace::identity.
    bool identity = true;
    FaceDetectParams detection;
    ProgressFn progress;
    std::stop_token stop;
};

struct RestoredFace {
    DetectedFace detection;   // in the output image's coordinates
    FaceAlignment alignment;  // to and from the face crop, output coordinates
    cv::Mat aligned;          // the crop as it went in (8-bit BGR, model input size)
    cv::Mat restored;         // GPEN's output at strength 1 (8-bit BGR, crop size)
    cv::Mat mask;             // the paste mask in crop coordinates (float, 0..1)
    // The identity score at the restore's strength: the cosine of the descriptors of `aligned`
    // and of the face as pasted (identity_model.h). NaN when not scored (no descriptor installed,
    // or identity off).
    double identity = std::numeric_limits<double>::quiet_NaN();
    std::vector<float> inputDescriptor;  // `aligned`'s, kept for re-scoring at other strengths
};

enum class DamageSource { None, Mask, Found, MaskAndFound };

// What the repair stage filled (RestoreResult::repair).
struct DamageRepairSummary {
    DamageSource source = DamageSource::None;
    int regions = 0;   // connected areas filled
    double share = 0;  // of the photo's pixels
};

// "mask", "found", "mask and found" ("none"): the report's and --json's words.
std::string_view damageSourceName(DamageSource source);

// The finder's marks are refused beyond this share of a photo.
inline constexpr double kMaxFoundDamageShare = 0.05;

struct StageTiming {
    std::string stage;
    double ms = 0;
};

// The notes a restore can carry (RestoreResult::notes), named so that a front end can say them
// in its own language: the first whole, the second after the parser's error message.
inline constexpr std::string_view kNoteDlibFallback =
    "RetinaFace-R50 is not installed: detecting faces with the built-in dlib detector";
inline constexpr std::string_view kNoteRectangleMaskSuffix = ": using the rectangle mask";
// "background upscaled x2 by realesrgan-x4fast" (RestoreResult::backgroundUsed says the same).
inline constexpr std::string_view kNoteBackgroundPrefix = "background upscaled x";
inline constexpr std::string_view kNoteNoFaceModel = "no face model used: faces left as they are";
// Why a photo is refused for Seg2face (by the resolver, and by restorePhoto for models resolved
// elsewhere).
inline constexpr std::string_view kSeg2faceNotForPhotos =
    "seg2face draws a face from a parsing map, not from a photo: use gpen-cli face --task seg2face";
inline constexpr std::string_view kNoteRestStaysGray =
    "faces colorized; the rest of the photo stays gray (no whole-photo colorizer is available)";
inline constexpr std::string_view kNoteRestTinted =
    "faces colorized; the rest of the photo toned with their average colour";
// "identity check unavailable: <why>" (the descriptor failed to load; faces are not scored).
inline constexpr std::string_view kNoteIdentityUnavailablePrefix = "identity check unavailable: ";
// "damage repaired: 0.84 % of the photo in 132 areas" (the share, then the count).
inline constexpr std::string_view kNoteDamageRepairedPrefix = "damage repaired: ";
inline constexpr std::string_view kNoteNoDamageFound = "no damage found";
// "damage not repaired: what was found covers 37.20 % of the photo, too much to be damage".
inline constexpr std::string_view kNoteFoundDamageRefusedPrefix =
    "damage not repaired: what was found covers ";
inline constexpr std::string_view kNoteFoundDamageRefusedSuffix =
    " % of the photo, too much to be damage";

struct RestoreResult {
    cv::Mat image;       // the restored photo, 8-bit BGR, input size x backgroundScale
    cv::Mat background;  // the canvas under the faces (upscaled or resized input)
    std::vector<RestoredFace> faces;
    std::vector<StageTiming> timings;
    FaceTask task = FaceTask::Restore;
    bool grayscale = false;
    std::string detectorUsed;
    std::string
        maskSource;  // "ParseNet-latest" or "rectangle" (a parser that failed to load: noted)
    std::string backgroundUsed;  // the upscaler's catalog id; empty when the scale is 1
    std::string identityUsed;    // the descriptor's catalog id; empty when faces were not scored
    std::vector<std::string> notes;  // what the user should know (fallbacks taken, tile halved)
    DamageRepairSummary repair;
    cv::Mat repairedMask;  // what the repair filled, 0/255 at the input's size; empty: nothing
};

struct ResolvedModels;

// The photo must be 8-bit BGR. `models`: the networks to run (resolveModels); null: resolved
// here. Errors name the stage and the model; a cancelled job returns ErrorCode::Cancelled. The
// front ends run RestoreJobs (restore_job.h), which call this.
Expected<RestoreResult> restorePhoto(ModelCache& cache, const cv::Mat& bgr8,
                                     const RestoreParams& params,
                                     const ResolvedModels* models = nullptr);

// Re-blends cached faces at per-face strengths (0 rejects a face: the background shows) without
// running any network: what the GUI's strength sliders call.
Expected<cv::Mat> composeRestoredFaces(const RestoreResult& result,
                                       const std::vector<double>& strengths);
// One face as composeRestoredFaces pastes it at `strength`, in the crop's frame at the face
// model's output size (8-bit BGR): what the identity score describes.
Expected<cv::Mat> blendedFace(const RestoreResult& result, std::size_t face, double strength);

// True when the three channels agree everywhere to within `tolerance` levels.
bool isGrayscale(const cv::Mat& bgr8, int tolerance = 2);

}  // namespace gpen
