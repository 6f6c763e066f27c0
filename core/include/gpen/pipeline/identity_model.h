// SPDX-License-Identifier: Apache-2.0
#pragma once

// The identity score: does a restored face still show the same person? The cosine of a face
// recognition descriptor (faceres, embedded_identity.h) of the face that went in and of the face
// that came out. GPEN aligns faces to the ArcFace template, so the recognition crop is the centre
// two thirds of any aligned face: no second alignment.

#include <memory>
#include <stop_token>
#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/engine/loaded_model.h"
#include "gpen/engine/model_loader_registry.h"
#include "gpen/pipeline/identity_bands.h"

namespace gpen {

class FaceDescriptorNet;

class IdentityModel final : public LoadedModel {
  public:
    explicit IdentityModel(std::unique_ptr<FaceDescriptorNet> net);
    ~IdentityModel() override;
    ModelKind kind() const override { return ModelKind::Identity; }
    std::string architecture() const override;
    // The descriptor is built in float32 whatever the cache asks: its score is compared with a
    // fixed threshold.
    std::optional<Precision> computesIn(Precision) const override { return Precision::Fp32; }
    std::uint64_t weightBytes() const override;
    Expected<void> runOnZeros(const WarmupPlan& plan, int batch) const override;
    // One L2-normalised descriptor per face. Faces: GPEN-aligned, 8-bit BGR or gray, square, any
    // size; each is cropped to its centre two thirds and resized to the network's input. They go
    // through the network kDescribeBatch at a time.
    static constexpr std::size_t kDescribeBatch = 8;
    Expected<std::vector<std::vector<float>>> describe(const std::vector<cv::Mat>& alignedFaces,
                                                       std::stop_token stop = {}) const;
    // The recognition crop of one aligned face, as describe() feeds it (8-bit BGR, input size).
    cv::Mat recognitionCrop(const cv::Mat& alignedFace) const;

  private:
    std::unique_ptr<FaceDescriptorNet> m_net;
};

struct RestoreResult;

// Scores `result`'s faces at `strengths` (one per face): RestoredFace::identity, the cosine of
// the face that went in (its descriptor computed once, kept in inputDescriptor) and the face as
// pasted at that strength (blendedFace). Returns the scores.
Expected<std::vector<double>> scoreIdentity(const IdentityModel& model, RestoreResult& result,
                                            const std::vector<double>& strengths,
                                            std::stop_token stop = {});

// The loader of kTfjsDescriptorNetwork entries (faceres.json and its weights).
ModelLoaderSpec identityLoaderSpec();

}  // namespace gpen
