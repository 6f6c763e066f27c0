// SPDX-License-Identifier: Apache-2.0
#include "gpen/pipeline/identity_model.h"

#include <algorithm>
#include <cmath>
#include <stop_token>

#include <opencv2/imgproc.hpp>

#include "gpen/engine/embedded_identity.h"
#include "gpen/io/tfjs_graph_model.h"
#include "gpen/nn/face_descriptor_net.h"
#include "gpen/pipeline/restore_pipeline.h"

namespace gpen {

IdentityModel::IdentityModel(std::unique_ptr<FaceDescriptorNet> net) : m_net(std::move(net)) {}
IdentityModel::~IdentityModel() = default;

std::string IdentityModel::architecture() const {
    return m_net->describe();
}
std::uint64_t IdentityModel::weightBytes() const {
    return m_net->weightBytes();
}

Expected<void> IdentityModel::runOnZeros(const WarmupPlan& plan, int) const {
    // A restore describes each face twice (what went in, what came out), in batches of at most
    // kDescribeBatch.
    const int faces = plan.faceBatchSizes.empty() ? 1
                                                  : *std::max_element(plan.faceBatchSizes.begin(),
                                                                      plan.faceBatchSizes.end());
    const int batch = std::min(2 * faces, static_cast<int>(kDescribeBatch));
    const int s = m_net->inputSize();
    auto r = m_net->forward(FloatTensor({batch, 3, s, s}), plan.stop);
    if (!r) return tl::unexpected(r.error());
    return {};
}

cv::Mat IdentityModel::recognitionCrop(const cv::Mat& alignedFace) const {
    cv::Mat face = alignedFace;
    if (face.channels() == 1) cv::cvtColor(face, face, cv::COLOR_GRAY2BGR);
    const int s = std::min(face.cols, face.rows);
    const int x = static_cast<int>(std::lround(s / 6.0));
    const int w = std::max(1, static_cast<int>(std::lround(s * 2.0 / 3.0)));
    cv::Mat crop = face(cv::Rect(x, x, std::min(w, face.cols - x), std::min(w, face.rows - x)));
    const int n = m_net->inputSize();
    cv::Mat out;
    cv::resize(crop, out, cv::Size(n, n), 0, 0, crop.cols > n ? cv::INTER_AREA : cv::INTER_CUBIC);
    return out;
}

Expected<std::vector<std::vector<float>>> IdentityModel::describe(
    const std::vector<cv::Mat>& alignedFaces, std::stop_token stop) const {
    const int n = m_net->inputSize();
    const auto plane = static_cast<std::size_t>(n) * n;
    const auto d = static_cast<std::size_t>(m_net->descriptorSize());
    std::vector<std::vector<float>> descriptors;
    // In batches of kDescribeBatch: a group photo's faces, twice over (in and out), in one batch
    // would hold every face's activations at once.
    for (std::size_t begin = 0; begin < alignedFaces.size(); begin += kDescribeBatch) {
        const std::size_t count = std::min(kDescribeBatch, alignedFaces.size() - begin);
        FloatTensor input({static_cast<std::int64_t>(count), 3, n, n});
        for (std::size_t i = 0; i < count; ++i) {
            const cv::Mat& f = alignedFaces[begin + i];
            if (f.empty() || f.depth() != CV_8U || (f.channels() != 3 && f.channels() != 1)) {
                return makeError(ErrorCode::InvalidArgument, "identity: expected 8-bit faces");
            }
            const cv::Mat crop = recognitionCrop(f);
            float* dst = input.data.data() + i * 3 * plane;
            for (int y = 0; y < n; ++y) {
                const auto* row = crop.ptr<cv::Vec3b>(y);
                for (int x = 0; x < n; ++x) {
                    const std::size_t at = static_cast<std::size_t>(y) * n + x;
                    dst[at] = row[x][2];  // RGB planes from BGR pixels
                    dst[plane + at] = row[x][1];
                    dst[2 * plane + at] = row[x][0];
                }
            }
        }
        auto out = m_net->forward(input, stop);
        if (!out) return tl::unexpected(out.error());
        for (std::size_t i = 0; i < count; ++i) {
            std::vector<float> v(out->data.begin() + static_cast<std::ptrdiff_t>(i * d),
                                 out->data.begin() + static_cast<std::ptrdiff_t>((i + 1) * d));
            double norm = 0;
            for (float x : v) norm += double(x) * x;
            if (norm > 0) {
                const auto inv = static_cast<float>(1.0 / std::sqrt(norm));
                for (float& x : v) x *= inv;
            }
            descriptors.push_back(std::move(v));
        }
    }
    return descriptors;
}

Expected<std::vector<double>> scoreIdentity(const IdentityModel& model, RestoreResult& result,
                                            const std::vector<double>& strengths,
                                            std::stop_token stop) {
    std::vector<cv::Mat> faces;
    std::vector<std::size_t> unknown;  // faces whose input has no descriptor yet
    for (std::size_t i = 0; i < result.faces.size(); ++i) {
        if (result.faces[i].inputDescriptor.empty()) {
            unknown.push_back(i);
            faces.push_back(result.faces[i].aligned);
        }
    }
    for (std::size_t i = 0; i < result.faces.size(); ++i) {
        auto blended = blendedFace(result, i, i < strengths.size() ? strengths[i] : 1.0);
        if (!blended) return tl::unexpected(blended.error());
        faces.push_back(*blended);
    }
    auto descriptors = model.describe(faces, stop);
    if (!descriptors) return tl::unexpected(descriptors.error());
    for (std::size_t k = 0; k < unknown.size(); ++k)
        result.faces[unknown[k]].inputDescriptor = std::move((*descriptors)[k]);
    std::vector<double> scores;
    for (std::size_t i = 0; i < result.faces.size(); ++i) {
        RestoredFace& f = result.faces[i];
        f.identity = descriptorCosine(f.inputDescriptor, (*descriptors)[unknown.size() + i]);
        scores.push_back(f.identity);
    }
    return scores;
}

ModelLoaderSpec identityLoaderSpec() {
    ModelLoaderSpec spec;
    spec.readsCheckpoint = false;  // a TF.js graph, read here
    spec.load = [](const ModelLoadInput& in) -> Expected<std::shared_ptr<const LoadedModel>> {
        in.report(LoadPhase::Building);
        auto graph = readTfjsGraphModel(in.file);
        if (!graph) return tl::unexpected(graph.error());
        auto net =
            FaceDescriptorNet::fromTfjs(*graph, kIdentityDescriptorNode, in.source(), in.device);
        if (!net) return tl::unexpected(net.error());
        return std::shared_ptr<const LoadedModel>(std::make_shared<IdentityModel>(std::move(*net)));
    };
    return spec;
}

}  // namespace gpen
