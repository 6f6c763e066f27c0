// SPDX-License-Identifier: Apache-2.0
#include "gpen/pipeline/pipeline_models.h"

#include <algorithm>
#include <numeric>
#include <stop_token>

#include <opencv2/imgproc.hpp>

#include "gpen/engine/embedded_upscaler.h"
#include "gpen/engine/gpen_face_model.h"
#include "gpen/nn/parsenet.h"
#include "gpen/nn/retinaface.h"
#include "gpen/nn/retinaface_postprocess.h"
#include "gpen/nn/rrdbnet.h"
#include "gpen/nn/runtime.h"
#include "gpen/nn/srvgg_net.h"
#include "gpen/pipeline/face_restorer.h"
#include "gpen/pipeline/identity_model.h"
#include "pipeline/image_tensor.h"

namespace gpen {
namespace {

constexpr int kDetectLongSideLimit = 1500;
// dlib doubles a photo before its scan (faces down to 40 px instead of 80) only up to this long
// side: a 12-MP photo doubled is 48 MP of scanning for faces RetinaFace would not see either
// (it shrinks such a photo to 1000 px, where 80 px are 15).
constexpr int kDlibUpsampleLongSideLimit = 2500;
constexpr double kDetectShrinkTo = 1000.0;

std::uint64_t dictBytes(const StateDict& d) {
    return d.byteSize();
}

std::vector<DetectedFace> applySelection(std::vector<DetectedFace> faces, const FaceDetectParams& p,
                                         cv::Size image) {
    faces.erase(std::remove_if(faces.begin(), faces.end(),
                               [&](const DetectedFace& f) {
                                   return std::min(f.box.width, f.box.height) < p.minFaceSize;
                               }),
                faces.end());
    if (faces.size() > 1 && p.selection != FaceSelection::All) {
        const cv::Point2d centre(image.width / 2.0, image.height / 2.0);
        auto key = [&](const DetectedFace& f) {
            if (p.selection == FaceSelection::Largest) return -f.box.area();
            const cv::Point2d c(f.box.x + f.box.width / 2, f.box.y + f.box.height / 2);
            return cv::norm(c - centre);
        };
        const auto best =
            std::min_element(faces.begin(), faces.end(),
                             [&](const auto& a, const auto& b) { return key(a) < key(b); });
        faces = {*best};
    }
    return faces;
}

}  // namespace

RetinaFaceDetectorModel::RetinaFaceDetectorModel(std::unique_ptr<RetinaFace> net,
                                                 std::uint64_t weightBytes)
    : m_net(std::move(net)), m_weightBytes(weightBytes) {}
RetinaFaceDetectorModel::~RetinaFaceDetectorModel() = default;

std::string RetinaFaceDetectorModel::architecture() const {
    return m_net->architecture().describe();
}

Expected<void> RetinaFaceDetectorModel::runOnZeros(const WarmupPlan&, int) const {
    // A typical photo's detection size: the reference shrinks large photos to 1000 px.
    auto r = m_net->forward(FloatTensor({1, 3, 750, 1000}));
    if (!r) return tl::unexpected(r.error());
    return {};
}

Expected<std::vector<DetectedFace>> RetinaFaceDetectorModel::detect(
    const cv::Mat& bgr8, const FaceDetectParams& params) const {
    cv::Mat img = bgr8;
    double ss = 1.0;
    if (std::max(img.rows, img.cols) > kDetectLongSideLimit) {
        ss = kDetectShrinkTo / std::max(img.rows, img.cols);
        cv::resize(bgr8, img, cv::Size(), ss, ss, cv::INTER_LINEAR);
    }
    auto heads = m_net->forward(bgrToMeanSubtractedTensor(img, {104.0F, 117.0F, 123.0F}));
    if (!heads) return tl::unexpected(heads.error());
    const FloatTensor priors = retinaFacePriors(img.rows, img.cols);
    auto boxes = decodeRetinaFaceBoxes(heads->loc, priors);
    auto landms = decodeRetinaFaceLandmarks(heads->landms, priors);
    if (!boxes) return tl::unexpected(boxes.error());
    if (!landms) return tl::unexpected(landms.error());
    DetectionParams dp;
    dp.scoreThreshold = params.scoreThreshold;
    auto dets = selectFaceDetections(*boxes, *landms, heads->conf, img.cols, img.rows, dp);
    if (!dets) return tl::unexpected(dets.error());
    std::vector<DetectedFace> faces;
    for (const auto& d : *dets) {
        DetectedFace f;
        f.box = cv::Rect2d(d.box[0] / ss, d.box[1] / ss, (d.box[2] - d.box[0]) / ss,
                           (d.box[3] - d.box[1]) / ss);
        f.score = d.score;
        for (std::size_t k = 0; k < 5; ++k) {
            f.landmarks[k] = cv::Point2d(d.landmarks[2 * k] / ss, d.landmarks[2 * k + 1] / ss);
        }
        faces.push_back(f);
    }
    return applySelection(std::move(faces), params, bgr8.size());
}

Expected<std::vector<DetectedFace>> DlibDetectorModel::detect(
    const cv::Mat& bgr8, const FaceDetectParams& params) const {
    DlibDetectParams dp;
    dp.minFaceSize = params.minFaceSize;
    dp.selection = params.selection;
    dp.upsampleSteps = std::max(bgr8.rows, bgr8.cols) > kDlibUpsampleLongSideLimit ? 0 : 1;
    dp.stop = params.stop;
    return m_detector.detect(bgr8, dp);
}

BackgroundModel::BackgroundModel(std::unique_ptr<RrdbNet> net) : m_net(std::move(net)) {
    m_weightBytes = m_net->weightBytes();
}
BackgroundModel::BackgroundModel(std::unique_ptr<SrvggNet> net) : m_srvgg(std::move(net)) {
    m_weightBytes = m_srvgg->weightBytes();
}
BackgroundModel::~BackgroundModel() = default;

std::string BackgroundModel::architecture() const {
    return m_srvgg ? m_srvgg->architecture().describe() : m_net->architecture().describe();
}
int BackgroundModel::scale() const {
    return m_srvgg ? m_srvgg->architecture().scale : m_net->architecture().scale;
}

Expected<FloatTensor> BackgroundModel::forward(const FloatTensor& tile,
                                               std::stop_token stop) const {
    return m_srvgg ? m_srvgg->forward(tile, stop) : m_net->forward(tile, stop);
}

Expected<void> BackgroundModel::runOnZeros(const WarmupPlan& plan, int) const {
    const int side = plan.tileSize + 2 * plan.tilePadding;
    auto r = forward(FloatTensor({1, 3, side, side}), plan.stop);
    if (!r) return tl::unexpected(r.error());
    return {};
}

Expected<cv::Mat> BackgroundModel::upscale(const cv::Mat& bgr8, const TileParams& tiles,
                                           const ProgressFn& progress, std::stop_token stop) const {
    TiledRunParams p;
    p.tiles = tiles;
    p.scale = scale();
    p.progress = progress;
    p.stop = stop;
    auto r = runTiled(
        bgrToRgbUnitTensor(bgr8), [this, stop](const FloatTensor& t) { return forward(t, stop); },
        p);
    if (!r) return tl::unexpected(r.error());
    return rgbUnitTensorToBgr(r->output);
}

ParserModel::ParserModel(std::unique_ptr<ParseNet> net)
    : m_net(std::move(net)), m_weightBytes(m_net->weightBytes()) {}
ParserModel::~ParserModel() = default;

std::string ParserModel::architecture() const {
    return m_net->architecture().describe();
}

Expected<void> ParserModel::runOnZeros(const WarmupPlan&, int batch) const {
    const int s = m_net->architecture().inSize;
    auto r = m_net->forward(FloatTensor({batch, 3, s, s}));
    if (!r) return tl::unexpected(r.error());
    return {};
}

Expected<std::vector<cv::Mat>> ParserModel::parse(const std::vector<cv::Mat>& facesBgr8) const {
    return parseTo(facesBgr8, {kPasteMaskClassValues.begin(), kPasteMaskClassValues.end()});
}

Expected<std::vector<cv::Mat>> ParserModel::classes(const std::vector<cv::Mat>& facesBgr8) const {
    std::vector<std::uint8_t> identity(kPasteMaskClassValues.size());
    std::iota(identity.begin(), identity.end(), std::uint8_t{0});
    return parseTo(facesBgr8, identity);
}

Expected<std::vector<cv::Mat>> ParserModel::parseTo(
    const std::vector<cv::Mat>& facesBgr8, const std::vector<std::uint8_t>& classValues) const {
    // On the CPU one face per forward, which is how the network computes them there anyway: the
    // logits of a whole batch, 19 channels of 512 x 512 floats a face, would be held at once.
    // On CUDA the batch runs as one.
    const std::size_t step =
        m_net->device().kind == DeviceKind::Cpu ? 1 : std::max<std::size_t>(1, facesBgr8.size());
    std::vector<cv::Mat> result;
    for (std::size_t begin = 0; begin < facesBgr8.size(); begin += step) {
        const std::vector<cv::Mat> part(facesBgr8.begin() + static_cast<std::ptrdiff_t>(begin),
                                        facesBgr8.begin() + static_cast<std::ptrdiff_t>(std::min(
                                                                facesBgr8.size(), begin + step)));
        // The reference parses the restored face with GPEN's own normalisation ([-1, 1] RGB).
        auto out = m_net->forward(facesToGpenInput(part, m_net->architecture().inSize));
        if (!out) return tl::unexpected(out.error());
        auto masks = parseLogitsToMask(out->maskLogits, classValues);
        if (!masks) return tl::unexpected(masks.error());
        for (auto& m : *masks) {
            result.push_back(cv::Mat(m.height, m.width, CV_8UC1, m.values.data()).clone());
        }
    }
    return result;
}

ModelLoaderRegistry pipelineModelLoaders(const GpenLoadParams& gpen) {
    ModelLoaderRegistry registry = ModelLoaderRegistry::withBuiltIns();
    registry.add(ModelKind::GpenFace, gpenFaceLoaderSpec(gpen));

    ModelLoaderSpec detector;
    detector.readsCheckpoint = true;
    detector.validate = [](const StateDict& w, const ModelEntry*,
                           const std::string& source) -> Expected<std::string> {
        auto arch = inferRetinaFaceArchitecture(w, source);
        if (!arch) return tl::unexpected(arch.error());
        return arch->describe();
    };
    detector.load = [](const ModelLoadInput& in) -> Expected<std::shared_ptr<const LoadedModel>> {
        in.report(LoadPhase::Building);
        if (in.entry.network == "dlib") {
            DlibDetectorParams dp;
            if (!in.file.empty()) dp.shapePredictorPath = in.file;
            auto dlib = DlibFaceDetector::create(dp);
            if (!dlib) return tl::unexpected(dlib.error());
            return std::shared_ptr<const LoadedModel>(
                std::make_shared<DlibDetectorModel>(std::move(*dlib)));
        }
        auto net = RetinaFace::create(in.weights, in.source(),
                                      {.device = in.device, .precision = in.precision});
        if (!net) return tl::unexpected(net.error());
        auto model =
            std::make_shared<RetinaFaceDetectorModel>(std::move(*net), dictBytes(in.weights));
        return std::shared_ptr<const LoadedModel>(std::move(model));
    };
    registry.add(ModelKind::Detector, detector);

    ModelLoaderSpec background;
    // A released upscaler's file must have the entry's scale (realesrnet_x2: x2).
    const auto expectedScale = [](const ModelEntry* e) {
        return e && e->network == "RRDBNet" ? e->scale : 0;
    };
    background.validate = [expectedScale](const StateDict& w, const ModelEntry* entry,
                                          const std::string& source) -> Expected<std::string> {
        auto arch = inferRrdbArchitecture(w, source, expectedScale(entry));
        if (!arch) return tl::unexpected(arch.error());
        return arch->describe();
    };
    background.load =
        [expectedScale](const ModelLoadInput& in) -> Expected<std::shared_ptr<const LoadedModel>> {
        in.report(LoadPhase::Building);
        if (in.entry.network == kNcnnSrvggNetwork || in.entry.network == kNcnnRrdbNetwork) {
            auto ncnn = readNcnnModel(in.file);
            if (!ncnn) return tl::unexpected(ncnn.error());
            if (in.entry.network == kNcnnSrvggNetwork) {
                auto net = SrvggNet::fromNcnn(*ncnn, in.source(),
                                              {.device = in.device, .precision = in.precision});
                if (!net) return tl::unexpected(net.error());
                return std::shared_ptr<const LoadedModel>(
                    std::make_shared<BackgroundModel>(std::move(*net)));
            }
            auto dict = rrdbStateDictFromNcnn(*ncnn, in.source());
            if (!dict) return tl::unexpected(dict.error());
            auto net = RrdbNet::create(*dict, in.source(),
                                       {.device = in.device, .precision = in.precision});
            if (!net) return tl::unexpected(net.error());
            return std::shared_ptr<const LoadedModel>(
                std::make_shared<BackgroundModel>(std::move(*net)));
        }
        auto net = RrdbNet::create(in.weights, in.source(),
                                   {.device = in.device,
                                    .expectedScale = expectedScale(&in.entry),
                                    .precision = in.precision});
        if (!net) return tl::unexpected(net.error());
        return std::shared_ptr<const LoadedModel>(
            std::make_shared<BackgroundModel>(std::move(*net)));
    };
    registry.add(ModelKind::Background, background);

    ModelLoaderSpec parser;
    parser.validate = [](const StateDict& w, const ModelEntry*,
                         const std::string& source) -> Expected<std::string> {
        auto arch = inferParseNetArchitecture(w, source);
        if (!arch) return tl::unexpected(arch.error());
        return arch->describe();
    };
    parser.load = [](const ModelLoadInput& in) -> Expected<std::shared_ptr<const LoadedModel>> {
        in.report(LoadPhase::Building);
        auto net = ParseNet::create(in.weights, in.source(),
                                    {.device = in.device, .precision = in.precision});
        if (!net) return tl::unexpected(net.error());
        return std::shared_ptr<const LoadedModel>(std::make_shared<ParserModel>(std::move(*net)));
    };
    registry.add(ModelKind::Parser, parser);
    registry.add(ModelKind::Identity, identityLoaderSpec());
    return registry;
}

}  // namespace gpen
