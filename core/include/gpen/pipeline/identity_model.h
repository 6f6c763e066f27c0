#pragma once

// The identity score: does a restored face still show the same person? The cosine of a face
// recognition descriptor (faceres, embedded_identity.h) of the face that went in and of the face
// that came out. GPEN aligns faces to the ArcFace template, so the recognition crop is the centre
// two thirds of any aligned face: no second alignment.

#include <memory>
#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/engine/loaded_model.h"
#include "gpen/engine/model_loader_registry.h"

namespace gpen {

class FaceDescriptorNet;

// Where a score falls. The bands are calibrated on the Solvay photo's faces (docs/identity.md):
// the same face re-shot (shifted, JPEG q30) scores above 0.85; two different people average 0.48.
inline constexpr double kIdentityConsistent = 0.70;  // at or above: the same person
inline constexpr double kIdentityChanged = 0.50;     // below: someone else; between: look again
enum class IdentityBand { Consistent, Check, Changed };
IdentityBand identityBand(double score);
const char* identityBandName(IdentityBand band);  // "consistent", "check", "changed"

// The cosine of two descriptors (of any scale), in [-1, 1]; 0 when either is all zeros.
double descriptorCosine(const std::vector<float>& a, const std::vector<float>& b);

class IdentityModel final : public LoadedModel {
public:
    explicit IdentityModel(std::unique_ptr<FaceDescriptorNet> net);
    ~IdentityModel() override;
    ModelKind kind() const override { return ModelKind::Identity; }
    std::string architecture() const override;
    std::uint64_t weightBytes() const override;
    Expected<void> runOnZeros(const WarmupPlan& plan, int batch) const override;
    // One L2-normalised descriptor per face. Faces: GPEN-aligned, 8-bit BGR or gray, square, any
    // size; each is cropped to its centre two thirds and resized to the network's input. All go
    // through the network as one batch.
    Expected<std::vector<std::vector<float>>> describe(const std::vector<cv::Mat>& alignedFaces,
                                                       const CancelToken* cancel = nullptr) const;
    // The recognition crop of one aligned face, as describe() feeds it (8-bit BGR, input size).
    cv::Mat recognitionCrop(const cv::Mat& alignedFace) const;

private:
    std::unique_ptr<FaceDescriptorNet> m_net;
};

// The loader of kTfjsDescriptorNetwork entries (faceres.json and its weights).
ModelLoaderSpec identityLoaderSpec();

}  // namespace gpen
