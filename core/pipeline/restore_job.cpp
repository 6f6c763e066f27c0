// SPDX-License-Identifier: Apache-2.0
#include "gpen/pipeline/restore_job.h"

#include "gpen/pipeline/identity_model.h"

#include <chrono>
#include <sstream>

#include <opencv2/core.hpp>

namespace gpen {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point since) {
    return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

Expected<void> outOfOrder(const char* stage) {
    return makeError(ErrorCode::InvalidArgument,
                     std::string("restore job: ") + stage + " before the stage it needs");
}

}  // namespace

std::string processingNote(const ResolvedModels& models, const RestoreParams& params,
                           const RestoreResult& result) {
    std::ostringstream note;
    note << "GPEN Studio " << GPEN_STUDIO_VERSION << "; face model "
         << (models.faceModel.empty() ? "none" : models.faceModel);
    if (!result.detectorUsed.empty()) note << "; detector " << result.detectorUsed;
    if (!result.maskSource.empty() && !models.faceModel.empty())
        note << "; mask " << result.maskSource;
    if (!models.faceModel.empty()) note << "; strength " << params.strength;
    if (result.repair.source != DamageSource::None) {
        note << "; damage repaired (" << damageSourceName(result.repair.source) << ", "
             << result.repair.regions << " areas)";
    }
    if (!result.backgroundUsed.empty())
        note << "; background x" << params.backgroundScale << " " << result.backgroundUsed;
    return note.str();
}

RestoreJob::RestoreJob(std::filesystem::path input, RestoreJobParams params)
    : m_source(std::move(input)), m_params(std::move(params)) {}

RestoreJob::RestoreJob(DecodedImage image, std::filesystem::path source, RestoreJobParams params)
    : m_source(std::move(source)),
      m_params(std::move(params)),
      m_input(std::move(image)),
      m_decoded(true) {}

Error RestoreJob::named(Error e) const {
    if (e.code == ErrorCode::Cancelled || m_source.empty()) return e;
    const std::string name = m_source.filename().string();
    if (e.message.starts_with(name)) return e;  // the decoder and the encoder name it already
    return withContext(std::move(e), name);
}

Expected<void> RestoreJob::decode() {
    if (m_decoded) return {};
    const auto started = Clock::now();
    auto image = readImage(m_source, m_params.read);
    if (!image) return tl::unexpected(image.error());
    m_input = std::move(*image);
    m_decoded = true;
    m_timings.decodeMs = msSince(started);
    return {};
}

Expected<void> RestoreJob::restore(ModelCache& cache) {
    if (!m_decoded) return outOfOrder("restore");
    const auto started = Clock::now();
    if (m_params.models) {
        m_models = *m_params.models;
    } else {
        auto resolved = resolveModels(cache, m_params.restore);
        if (!resolved) return tl::unexpected(named(resolved.error()));
        m_models = std::move(*resolved);
    }
    Expected<RestoreResult> restored = makeError(ErrorCode::Internal, "not run");
    try {
        restored = restorePhoto(cache, m_input.bgr8, m_params.restore, &m_models);
    } catch (const std::exception& e) {  // a front end's thread must never end on one
        restored = makeError(ErrorCode::Internal, std::string("restoring failed: ") + e.what());
    }
    if (!restored) return tl::unexpected(named(restored.error()));
    m_result = std::move(*restored);
    m_restored = true;
    m_timings.restoreMs = msSince(started);
    return {};
}

Expected<void> RestoreJob::write(const std::filesystem::path& out) {
    if (!m_restored) return outOfOrder("write");
    const auto started = Clock::now();
    WriteRestoredParams write = m_params.write;
    write.processingNote = processingNote();
    write.copyMetadata = write.copyMetadata && !m_source.empty();
    Expected<void> ok;
    try {
        ok = writeRestored(m_input, m_source, m_result.image, out, write);
    } catch (const std::exception& e) {
        ok = makeError(ErrorCode::Internal,
                       out.filename().string() + ": encoding failed: " + e.what());
    }
    if (!ok) return ok;
    m_timings.encodeMs = msSince(started);
    return {};
}

Expected<void> RestoreJob::run(ModelCache& cache, const std::filesystem::path& out) {
    if (auto ok = decode(); !ok) return ok;
    if (auto ok = restore(cache); !ok) return ok;
    return write(out);
}

std::vector<std::string> RestoreJob::notes() const {
    std::vector<std::string> out = m_input.warnings;
    out.insert(out.end(), m_result.notes.begin(), m_result.notes.end());
    return out;
}

std::string RestoreJob::processingNote() const {
    if (!m_params.write.processingNote.empty()) return m_params.write.processingNote;
    return gpen::processingNote(m_models, m_params.restore, m_result);
}

Expected<cv::Mat> RestoreJob::recompose(const std::vector<double>& strengths) const {
    if (!m_restored)
        return makeError(ErrorCode::InvalidArgument, "restore job: recompose before restore");
    try {
        return composeRestoredFaces(m_result, strengths);
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Internal, "paste-back: " + e.msg);
    }
}

Expected<std::vector<double>> RestoreJob::rescore(ModelCache& cache,
                                                  const std::vector<double>& strengths) {
    if (!m_restored || m_result.identityUsed.empty()) {
        return makeError(ErrorCode::InvalidArgument, "restore job: no identity scores to update");
    }
    auto model = cache.acquireAs<IdentityModel>(m_result.identityUsed);
    if (!model) return tl::unexpected(model.error());
    try {
        return scoreIdentity(**model, m_result, strengths);
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Internal, "identity: " + e.msg);
    }
}

}  // namespace gpen
