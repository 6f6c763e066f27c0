// SPDX-License-Identifier: Apache-2.0
#pragma once

// One photo's way through the product: decode -> the models resolved once -> restorePhoto ->
// encode in the input's layout with its metadata and a processing note that names the networks
// that really ran -> one atomic write. `gpen-cli restore`, the batch runner and the GUI's engine
// all run RestoreJobs; nothing else composes the pipeline's stages, so one input with one set of
// settings gives the same pixels and the same notes from every front end.
//
// A job is a movable value, and its three stages may run on different threads one after another
// (the batch runner decodes, restores and encodes on three): never two stages of one job at once.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/engine/model_cache.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/restore_pipeline.h"
#include "gpen/pipeline/write_restored.h"

namespace gpen {

// RestoreParams::faceModel meaning "the preferred face model (GPEN-BFR-512) when installed, else
// the first installed one in catalog order, else none (upscale only)": what every front end asks
// for when the user named no model.
inline constexpr std::string_view kAutoFaceModel = "auto";
inline constexpr std::string_view kPreferredFaceModel = "GPEN-BFR-512";

// The networks a restore will run, by catalog id: chosen once, by resolveModels(), for every
// front end. An empty id means that stage runs without a network.
struct ResolvedModels {
    std::string faceModel;   // empty: no face restoration (upscale only)
    std::string detector;    // "RetinaFace-R50" or "dlib"; empty without a face model
    std::string parser;      // empty: the soft rectangle mask
    std::string background;  // empty at scale 1
    std::string identity;    // the descriptor that scores faces (faceres); empty: not scored
    std::vector<std::string> notes;  // the fallbacks taken, for the user (kNoteDlibFallback, ...)
};

// Resolves `params` against what the cache has installed:
//   faceModel  kAutoFaceModel as above; "" none; any other id as it is (a model that is not
//              installed fails when it is acquired, naming it)
//   detector   "auto": RetinaFace-R50 unless it is not installed or failed to load, else dlib
//              (with kNoteDlibFallback); "retinaface" -> RetinaFace-R50; "dlib"
//   parser     used when installed, else the rectangle mask
//   background scale > 1: `background` when it names an upscaler (an error when it names something
//              else); "auto": realesrnet_x<scale> when installed, else realesrgan-x4fast (x4,
//              resized) for 2, 3, 4 and 8; an error when neither exists
Expected<ResolvedModels> resolveModels(const ModelCache& cache, const RestoreParams& params);
// The face model part alone, for a task whose front end picks no model (the map editor's
// Seg2face): kAutoFaceModel -> the task's preferred model if installed, else any installed model
// of that task; an error saying what to install when there is none, or when `requested` is a
// released model of another task.
Expected<std::string> resolveFaceModel(const ModelCache& cache, FaceTask task,
                                       const std::string& requested = std::string(kAutoFaceModel));
// The detector part alone, for `gpen-cli detect`: the id and, when a fallback was taken, its note.
std::string resolveDetector(const ModelCache& cache, const std::string& detector,
                            std::vector<std::string>* notes = nullptr);

// "GPEN Studio 0.1.0; face model GPEN-BFR-512; detector dlib; mask ParseNet-latest; strength 1;
// background x2 realesrgan-x4fast": the networks that ran, enough to redo the restoration.
std::string processingNote(const ResolvedModels& models, const RestoreParams& params,
                           const RestoreResult& result);

struct RestoreJobParams {
    RestoreParams restore;  // its progress and stop token are used as they are
    ImageReadParams read;
    WriteRestoredParams write;  // an empty processingNote is filled from what ran
    // Set: these models, as they are (a batch resolves once for all its files); else resolved
    // by restore().
    std::optional<ResolvedModels> models;
};

struct RestoreJobTimings {
    double decodeMs = 0;
    double restoreMs = 0;
    double encodeMs = 0;
};

class RestoreJob {
  public:
    // A photo on disk: decode() reads it, write() copies its metadata.
    RestoreJob(std::filesystem::path input, RestoreJobParams params);
    // A photo decoded already (the GUI decoded it to show it); `source` is the file it came from
    // (its metadata is copied on write), empty when there is none.
    RestoreJob(DecodedImage image, std::filesystem::path source, RestoreJobParams params);

    // Each stage runs once, in this order; a stage whose predecessor did not succeed is an error.
    // Errors name the file; a cancelled job returns ErrorCode::Cancelled and writes nothing.
    Expected<void> decode();  // nothing to do for a decoded photo
    Expected<void> restore(ModelCache& cache);
    Expected<void> write(const std::filesystem::path& out);
    // decode -> restore -> write.
    Expected<void> run(ModelCache& cache, const std::filesystem::path& out);

    // Replaces the restore's progress callback (a batch sets one per file on its inference thread).
    void setProgress(ProgressFn progress) { m_params.restore.progress = std::move(progress); }

    const RestoreJobParams& params() const { return m_params; }
    const ResolvedModels& models() const { return m_models; }
    const RestoreResult& result() const { return m_result; }
    RestoreResult& result() { return m_result; }
    const RestoreJobTimings& timings() const { return m_timings; }
    // What the user should know, in order: the decoder's warnings (damaged data decoded around),
    // then the pipeline's (fallbacks taken, faces skipped, the upscaler that ran).
    std::vector<std::string> notes() const;
    // The note written into the output: params' when given, else processingNote() of what ran.
    std::string processingNote() const;
    // The restored photo again with each face at its own strength (0 rejects it: the background
    // shows), composed from the kept faces without running any network: the GUI's sliders.
    Expected<cv::Mat> recompose(const std::vector<double>& strengths) const;
    // The faces' identity scores again at these strengths (one small forward for all faces; the
    // inputs' descriptors are kept): what the GUI's strength sliders show. An error when the
    // restore scored no faces (RestoreResult::identityUsed empty).
    Expected<std::vector<double>> rescore(ModelCache& cache, const std::vector<double>& strengths);

  private:
    Error named(Error e) const;

    std::filesystem::path m_source;
    RestoreJobParams m_params;
    DecodedImage m_input;
    bool m_decoded = false;
    bool m_restored = false;
    ResolvedModels m_models;
    RestoreResult m_result;
    RestoreJobTimings m_timings;
};

}  // namespace gpen
