// SPDX-License-Identifier: Apache-2.0
#pragma once

// The GPEN face restorer as a cache model, and its loader (registered for ModelKind::GpenFace).

#include <memory>
#include <string>

#include "gpen/engine/loaded_model.h"
#include "gpen/engine/model_loader_registry.h"
#include "gpen/nn/gpen_generator.h"

namespace gpen {

class GpenFaceModel final : public LoadedModel {
  public:
    explicit GpenFaceModel(std::unique_ptr<GpenGenerator> generator);

    const GpenGenerator& generator() const { return *m_generator; }
    int faceSize() const { return m_generator->architecture().inSize; }

    ModelKind kind() const override { return ModelKind::GpenFace; }
    std::string architecture() const override;
    // The generator keeps the loaded entries and their prepared (scaled, polyphase) copies.
    std::uint64_t weightBytes() const override { return m_weightBytes; }
    // Peak activations of one forward at the largest face batch: the encoder's features (the
    // decoder's noise) plus a few maps of the largest decoder level.
    std::uint64_t workBytes(const WarmupPlan& plan) const override;
    // A forward of `batch` zero faces of the model's input size.
    Expected<void> runOnZeros(const WarmupPlan& plan, int batch) const override;

  private:
    std::unique_ptr<GpenGenerator> m_generator;
    std::uint64_t m_weightBytes = 0;
};

// The GpenFace loader: GpenGenerator::create on the input's device with `base`'s kernels and
// seed; its validator infers the architecture and, for a catalogued entry, requires the entry's.
ModelLoaderSpec gpenFaceLoaderSpec(const GpenLoadParams& base = {});

// Import's and discovery's check: the weights are a GPEN generator (the entry's, when given).
Expected<std::string> validateGpenWeights(const StateDict& weights, const ModelEntry* entry,
                                          const std::string& source);

}  // namespace gpen
