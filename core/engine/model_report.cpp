// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/model_report.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

namespace gpen {
namespace {

using Wall = std::chrono::steady_clock;
// One line; bytes that are not UTF-8 (a Latin-1 folder name in a path) become U+FFFD instead of
// throwing.
std::string jsonText(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string fmt(double v, int decimals = 1) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

ModelStatus statusOf(const ModelEntry& e, const std::vector<ModelStatus>& statuses) {
    for (const auto& s : statuses) {
        if (s.id == e.id) {
            return s;
        }
    }
    ModelStatus s;
    s.id = e.id;
    s.kind = e.kind;
    s.task = e.task;
    s.architecture = e.architecture;
    return s;
}

std::string padded(std::string s, std::size_t width) {
    if (s.size() < width) {
        s.append(width - s.size(), ' ');
    }
    return s + " ";
}

std::string timingsText(const LoadTimings& t) {
    std::string s = "read " + fmt(t.readMs, 0) + " ms, build " + fmt(t.buildMs, 0) + " ms";
    if (t.deviceMs > 0) {
        s += ", to device " + fmt(t.deviceMs, 0) + " ms";
    }
    return s + ", warm " + fmt(t.warmMs, 0) + " ms (" + fmt(t.totalMs(), 0) + " ms in all)";
}

}  // namespace

std::string modelsToText(const ModelCatalog& catalog, const std::vector<ModelStatus>& statuses) {
    std::ostringstream out;
    for (const auto& e : catalog.entries()) {
        const ModelStatus s = statusOf(e, statuses);
        std::string state = modelStateName(s.state);
        if (s.state == ModelState::Loading) {
            state += " (" + std::string(loadPhaseName(s.phase)) + ")";
        } else if (s.state == ModelState::Evicted) {
            state += " (" + std::string(releaseReasonName(s.released)) + ")";
        }
        out << padded(e.id, 24) << padded(modelKindName(e.kind), 10) << padded(state, 24)
            << padded(e.expectedMegabytes > 0 ? fmt(e.expectedMegabytes) + " MB" : "-", 10)
            << e.network << (e.architecture.empty() ? "" : ": " + s.architecture) << "\n";
        if (!s.file.empty()) {
            out << "    file " << s.file.string() << " (" << modelOriginName(s.origin) << ", "
                << fmt(static_cast<double>(s.fileBytes) / 1e6) << " MB)\n";
        } else if (e.builtIn) {
            out << "    built in"
                << (e.systemFile.empty() ? "" : "; needs " + e.systemFile.string()) << "\n";
        }
        if (s.state == ModelState::NotInstalled && !e.downloadUrl.empty()) {
            out << "    download " << e.downloadUrl
                << (e.sourceFileName.empty()
                        ? ""
                        : " (file " + e.sourceFileName + ", save as " + e.fileName + ")")
                << "\n";
        }
        if (s.loads > 0) {
            out << "    loaded " << s.loads << "x, last: " << timingsText(s.timings);
            if (s.state == ModelState::Ready) {
                out << ", ~" << fmt(static_cast<double>(s.residentBytes) / 1e6, 0)
                    << " MB resident";
            }
            out << (s.pinned ? ", pinned" : "") << (s.inUse ? ", in use" : "") << "\n";
        }
        if (s.state == ModelState::Failed) {
            out << "    error: " << s.error << "\n";
        }
    }
    out << "Licence: " << kGpenLicenceNote << "\n";
    return out.str();
}

std::string modelsToJson(const ModelCatalog& catalog, const std::vector<ModelStatus>& statuses) {
    nlohmann::json models = nlohmann::json::array();
    for (const auto& e : catalog.entries()) {
        const ModelStatus s = statusOf(e, statuses);
        models.push_back({{"id", e.id},
                          {"kind", modelKindName(e.kind)},
                          {"state", modelStateName(s.state)},
                          {"phase", loadPhaseName(s.phase)},
                          {"network", e.network},
                          {"architecture", s.architecture},
                          {"precision", s.precision ? nlohmann::json(precisionName(*s.precision))
                                                    : nlohmann::json()},
                          {"file_name", e.fileName},
                          {"expected_mb", e.expectedMegabytes},
                          {"file", s.file.string()},
                          {"origin", modelOriginName(s.origin)},
                          {"file_bytes", s.fileBytes},
                          {"resident_bytes", s.residentBytes},
                          {"download_url", e.downloadUrl},
                          {"source_file_name", e.sourceFileName},
                          {"input", e.input},
                          {"licence", e.licence},
                          {"built_in", e.builtIn},
                          {"discovered", e.discovered},
                          {"pinned", s.pinned},
                          {"in_use", s.inUse},
                          {"loads", s.loads},
                          {"released", releaseReasonName(s.released)},
                          {"error", s.error},
                          {"timings",
                           {{"read_ms", s.timings.readMs},
                            {"build_ms", s.timings.buildMs},
                            {"device_ms", s.timings.deviceMs},
                            {"warm_ms", s.timings.warmMs},
                            {"total_ms", s.timings.totalMs()}}}});
    }
    return jsonText({{"models", models}, {"licence_note", kGpenLicenceNote}});
}

std::string modelsToText(const ModelCache& cache) {
    return modelsToText(cache.catalog(), cache.statuses());
}

std::string modelsToJson(const ModelCache& cache) {
    return modelsToJson(cache.catalog(), cache.statuses());
}

std::string ColdStartReport::toText() const {
    std::ostringstream s;
    s << id << ": " << architecture << " on " << device << "\n"
      << "  time to ready " << fmt(timeToReadyMs) << " ms: " << timingsText(timings) << "\n"
      << "  first request (batch " << batch << ") " << fmt(firstRequestMs) << " ms, steady "
      << fmt(steadyMs) << " ms (min " << fmt(minMs)
      << "): first / steady = " << fmt(firstToSteady(), 2) << "\n";
    return s.str();
}

std::string ColdStartReport::toJson() const {
    return jsonText({{"id", id},
                     {"architecture", architecture},
                     {"device", device},
                     {"batch", batch},
                     {"read_ms", timings.readMs},
                     {"build_ms", timings.buildMs},
                     {"device_ms", timings.deviceMs},
                     {"warm_ms", timings.warmMs},
                     {"time_to_ready_ms", timeToReadyMs},
                     {"first_request_ms", firstRequestMs},
                     {"steady_ms", steadyMs},
                     {"min_ms", minMs},
                     {"first_to_steady", std::round(firstToSteady() * 1000.0) / 1000.0}});
}

Expected<ColdStartReport> measureColdStart(ModelCache& cache, const std::string& id,
                                           const ColdStartParams& params) {
    if (params.runs < 1 || params.batch < 1) {
        return makeError(ErrorCode::InvalidArgument,
                         "cold start: runs and batch must be at least 1");
    }
    cache.release(id);
    auto t0 = Wall::now();
    auto model = cache.acquire(id);
    if (!model) {
        return tl::unexpected(model.error());
    }
    ColdStartReport r;
    r.timeToReadyMs = std::chrono::duration<double, std::milli>(Wall::now() - t0).count();
    const ModelStatus st = cache.status(id);
    r.id = st.id;
    r.architecture = (*model)->architecture();
    r.device = cache.device().toString();
    r.batch = params.batch;
    r.timings = st.timings;
    std::vector<double> times;
    for (int i = 0; i <= params.runs; ++i) {
        t0 = Wall::now();
        if (auto ran = (*model)->runOnZeros(cache.warmupPlan(), params.batch); !ran) {
            return tl::unexpected(ran.error());
        }
        const double ms = std::chrono::duration<double, std::milli>(Wall::now() - t0).count();
        if (i == 0) {
            r.firstRequestMs = ms;
        } else {
            times.push_back(ms);
        }
    }
    if (times.empty()) {
        return makeError(ErrorCode::Internal, "cold start: no timed requests");
    }
    std::sort(times.begin(), times.end());
    r.minMs = times[0];
    r.steadyMs = times.size() % 2 ? times[times.size() / 2]
                                  : 0.5 * (times[times.size() / 2 - 1] + times[times.size() / 2]);
    return r;
}

}  // namespace gpen
