// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/gpen_face_model.h"

#include <algorithm>
#include <cstdlib>
#include <exception>

#include "nn/gpen_spec.h"

namespace gpen {
namespace {

// The prepared copy of every entry (the loaded tensors are not kept), plus the polyphase split
// of the upsampling convolutions' weights (as many values again), plus what the Winograd kernels
// hold beyond that.
std::uint64_t estimateWeightBytes(const GpenGenerator& generator) {
    std::uint64_t loaded = 0;
    std::uint64_t upsampling = 0;
    for (const auto& info : generator.entries()) {
        loaded += static_cast<std::uint64_t>(shapeNumel(info.shape)) * sizeof(float);
        const std::string prefix = "generator.convs.";
        if (info.name.rfind(prefix, 0) == 0 && info.name.size() > prefix.size() &&
            info.name.find(".conv.weight") != std::string::npos) {
            const int layer = std::atoi(info.name.c_str() + prefix.size());
            if (layer % 2 == 0) {
                upsampling += static_cast<std::uint64_t>(shapeNumel(info.shape)) * sizeof(float);
            }
        }
    }
    return loaded + upsampling + generator.extraKernelBytes();
}

// What a catalogued GPEN entry requires of its file; nothing for an unknown file.
std::optional<GpenExpectation> gpenExpectation(const ModelEntry* entry) {
    if (!entry || !entry->gpen) return std::nullopt;
    return GpenExpectation{entry->id, *entry->gpen};
}

}  // namespace

GpenFaceModel::GpenFaceModel(std::unique_ptr<GpenGenerator> generator)
    : m_generator(std::move(generator)), m_weightBytes(estimateWeightBytes(*m_generator)) {}

std::string GpenFaceModel::architecture() const {
    return m_generator->architecture().describe();
}

std::uint64_t GpenFaceModel::workBytes(const WarmupPlan& plan) const {
    const GpenArchitecture& a = m_generator->architecture();
    int batch = 1;
    for (const int b : plan.faceBatchSizes) {
        batch = std::max(batch, b);
    }
    const auto n = static_cast<std::uint64_t>(batch);
    std::uint64_t values = 0;
    for (int e = 0; e < nn::gpenEncoderStages(a); ++e) {
        const auto s = static_cast<std::uint64_t>(a.inSize >> e);
        values += n * static_cast<std::uint64_t>(nn::gpenChannels(a, a.inSize >> e)) * s * s;
    }
    const auto out = static_cast<std::uint64_t>(a.outSize);
    values += 4 * n * static_cast<std::uint64_t>(nn::gpenChannels(a, a.outSize)) * out *
              out;  // conv, concat, act
    values +=
        n * 3 * (static_cast<std::uint64_t>(a.inSize) * a.inSize + out * out);  // input, output
    return values * sizeof(float);
}

Expected<void> GpenFaceModel::runOnZeros(const WarmupPlan& plan, int batch) const {
    const int size = faceSize();
    const FloatTensor zeros({std::max(1, batch), 3, size, size});
    auto out = m_generator->forward(zeros, plan.stop);
    if (!out) {
        return tl::unexpected(out.error());
    }
    return {};
}

Expected<std::string> validateGpenWeights(const StateDict& weights, const ModelEntry* entry,
                                          const std::string& source) {
    auto arch = inferGpenArchitecture(weights, source, gpenExpectation(entry));
    if (!arch) {
        return tl::unexpected(arch.error());
    }
    return arch->describe();
}

ModelLoaderSpec gpenFaceLoaderSpec(const GpenLoadParams& base) {
    ModelLoaderSpec spec;
    spec.validate = validateGpenWeights;
    spec.load = [base](const ModelLoadInput& in) -> Expected<std::shared_ptr<const LoadedModel>> {
        GpenLoadParams params = base;
        params.device = in.device;
        params.precision = in.precision;
        // A catalogued entry must hold its own architecture (a 256 file named GPEN-BFR-512.pth):
        // create() checks that, then every tensor, once, before it builds anything.
        params.expected = gpenExpectation(&in.entry);
        auto generator = GpenGenerator::create(in.weights, in.source(), params);
        if (!generator) {
            return tl::unexpected(generator.error());
        }
        try {
            return std::shared_ptr<const LoadedModel>(
                std::make_shared<const GpenFaceModel>(std::move(*generator)));
        } catch (const std::bad_alloc&) {
            return makeError(ErrorCode::OutOfMemory, in.source() + ": out of memory");
        }
    };
    return spec;
}

}  // namespace gpen
