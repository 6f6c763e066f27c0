// SPDX-License-Identifier: Apache-2.0
#pragma once

// The cache-loadable models of the restore pipeline beyond the GPEN face model: face detectors
// (RetinaFace-R50 and the built-in dlib detector) and the background upscaler (RRDBNet, or
// Real-ESRGAN's SRVGGNetCompact). They live here rather than in core/engine because they need
// OpenCV (and dlib), which the engine library does not link. Each is immutable after loading and
// safe to call from several threads.

#include <memory>
#include <stop_token>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/engine/loaded_model.h"
#include "gpen/engine/model_loader_registry.h"
#include "gpen/face/detected_face.h"
#include "gpen/face/dlib_face_detector.h"
#include "gpen/pipeline/tiled_upscale.h"

namespace gpen {

class ParseNet;
class RetinaFace;
class RrdbNet;
class SrvggNet;

struct FaceDetectParams {
    float scoreThreshold = 0.9F;  // RetinaFace: faces scoring above are kept (dlib: its own scale)
    double minFaceSize = 0;       // boxes whose shorter side is smaller are dropped
    FaceSelection selection = FaceSelection::All;
    // Checked while detecting (dlib: between its pyramid levels).
    std::stop_token stop;
};

class FaceDetectorModel : public LoadedModel {
  public:
    ModelKind kind() const override { return ModelKind::Detector; }
    // Faces in `bgr8`'s pixel coordinates, strongest first.
    virtual Expected<std::vector<DetectedFace>> detect(const cv::Mat& bgr8,
                                                       const FaceDetectParams& params) const = 0;
};

class RetinaFaceDetectorModel final : public FaceDetectorModel {
  public:
    // `weightBytes`: what the network holds (its checkpoint's size: it keeps one prepared copy).
    RetinaFaceDetectorModel(std::unique_ptr<RetinaFace> net, std::uint64_t weightBytes);
    ~RetinaFaceDetectorModel() override;
    std::string architecture() const override;
    std::uint64_t weightBytes() const override { return m_weightBytes; }
    Expected<void> runOnZeros(const WarmupPlan& plan, int batch) const override;
    // As the reference: an image whose long side exceeds 1500 px is detected on a copy shrunk
    // to 1000 px; BGR minus (104, 117, 123); NMS 0.4, top-k 5000, keep 750.
    Expected<std::vector<DetectedFace>> detect(const cv::Mat& bgr8,
                                               const FaceDetectParams& params) const override;

  private:
    std::unique_ptr<RetinaFace> m_net;
    std::uint64_t m_weightBytes = 0;
};

class DlibDetectorModel final : public FaceDetectorModel {
  public:
    explicit DlibDetectorModel(DlibFaceDetector detector) : m_detector(std::move(detector)) {}
    std::string architecture() const override {
        return "dlib HOG frontal detector + 68-point shape predictor";
    }
    std::uint64_t weightBytes() const override {
        return 100U << 20;
    }  // the predictor's size in memory
    std::optional<Precision> computesIn(Precision) const override { return std::nullopt; }
    Expected<std::vector<DetectedFace>> detect(const cv::Mat& bgr8,
                                               const FaceDetectParams& params) const override;

  private:
    DlibFaceDetector m_detector;
};

// A released RRDBNet file or Real-ESRGAN's networks (NCNN files) behind one tiled path. upscale()
// gives the network's own scale.
class BackgroundModel final : public LoadedModel {
  public:
    explicit BackgroundModel(std::unique_ptr<RrdbNet> net);
    // Real-ESRGAN's compact network (realesrgan-x4fast).
    explicit BackgroundModel(std::unique_ptr<SrvggNet> net);
    ~BackgroundModel() override;
    ModelKind kind() const override { return ModelKind::Background; }
    std::string architecture() const override;
    std::uint64_t weightBytes() const override { return m_weightBytes; }
    Expected<void> runOnZeros(const WarmupPlan& plan, int batch) const override;
    int scale() const;
    // The whole photo, tile by tile with feathered overlaps (8-bit BGR in and out).
    Expected<cv::Mat> upscale(const cv::Mat& bgr8, const TileParams& tiles,
                              const ProgressFn& progress, std::stop_token stop) const;

  private:
    // One tile, RGB in [0, 1] in and out (not clamped).
    Expected<FloatTensor> forward(const FloatTensor& tile, std::stop_token stop = {}) const;

    std::unique_ptr<RrdbNet> m_net;
    std::unique_ptr<SrvggNet> m_srvgg;  // set instead of m_net for Real-ESRGAN's compact network
    std::uint64_t m_weightBytes = 0;
};

class ParserModel final : public LoadedModel {
  public:
    explicit ParserModel(std::unique_ptr<ParseNet> net);
    ~ParserModel() override;
    ModelKind kind() const override { return ModelKind::Parser; }
    std::string architecture() const override;
    std::uint64_t weightBytes() const override { return m_weightBytes; }
    Expected<void> runOnZeros(const WarmupPlan& plan, int batch) const override;
    // The 0/255 paste classes (MODELS.md: all but background, hat and cloth) of each restored
    // face, at the parser's size (8-bit, one channel).
    Expected<std::vector<cv::Mat>> parse(const std::vector<cv::Mat>& facesBgr8) const;
    // The class number (0..18, parsing_palette.h) of every pixel of each face, at the parser's
    // size (8-bit, one channel): what a parsing map is drawn from.
    Expected<std::vector<cv::Mat>> classes(const std::vector<cv::Mat>& facesBgr8) const;

  private:
    Expected<std::vector<cv::Mat>> parseTo(const std::vector<cv::Mat>& facesBgr8,
                                           const std::vector<std::uint8_t>& classValues) const;

    std::unique_ptr<ParseNet> m_net;
    std::uint64_t m_weightBytes = 0;
};

// The engine's loaders (GPEN) plus the detector and background loaders above.
ModelLoaderRegistry pipelineModelLoaders(const GpenLoadParams& gpen = {});

}  // namespace gpen
