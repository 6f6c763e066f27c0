// SPDX-License-Identifier: Apache-2.0
#pragma once

// Test helpers for the suites that run the whole pipeline: a model cache that looks only in a
// test's own folders, and small generated pictures. Header-only: the suites that include it
// link gpen_core (OpenCV, the pipeline's loaders).

#include <filesystem>
#include <memory>
#include <optional>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "gpen/engine/model_cache.h"
#include "gpen/pipeline/pipeline_models.h"
#include "support/fixtures.h"
#include "support/temp_models_dir.h"

namespace gpen::test {

// A started cache finding models in `models` only (no environment, no user or system folder),
// nothing preloaded. `catalog` empty: the released one.
inline std::unique_ptr<ModelCache> makePipelineCache(
    const TempModelsDir& dir, const std::filesystem::path& models,
    std::optional<ModelCatalog> catalog = std::nullopt) {
    ModelCacheParams p;
    if (catalog) p.catalog = std::move(*catalog);
    p.search.commandLineDir = models;
    p.search.useEnvironment = false;
    p.search.userDir = dir.dir("user");
    p.search.installedDir = dir.dir("installed");
    p.loaders = pipelineModelLoaders({});
    p.preload.clear();
    auto cache = std::make_unique<ModelCache>(std::move(p));
    cache->start();
    return cache;
}

// Three faces of the Solvay photograph's second and third rows (200 x 150, 8-bit BGR): the
// suites' small real photo. Empty when the sample photo is not there (the suite then skips).
inline cv::Mat solvayThreeFaces() {
    const std::filesystem::path solvay = sampleImagesDir() / "Solvay_conference_1927.png";
    const cv::Mat photo = cv::imread(solvay.string(), cv::IMREAD_COLOR);
    return photo.empty() ? cv::Mat() : photo(cv::Rect(680, 130, 200, 150)).clone();
}

// A `size` x `size` colour picture of seeded noise (no face in it), written to `path` in the
// format of its extension.
inline bool writeNoiseImage(const std::filesystem::path& path, int seed, int size = 40) {
    cv::Mat m(size, size, CV_8UC3);
    cv::RNG rng(static_cast<std::uint64_t>(seed));
    rng.fill(m, cv::RNG::UNIFORM, 0, 256);
    std::filesystem::create_directories(path.parent_path());
    return cv::imwrite(path.string(), m);
}

}  // namespace gpen::test
