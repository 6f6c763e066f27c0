// SPDX-License-Identifier: Apache-2.0
#pragma once

// The options `restore` and `batch` share (and `detect` the detection part of): registered once,
// so both accept the same words with the same limits.

#include <string>

#include "cli/command_line.h"
#include "gpen/engine/tile_defaults.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/restore_job.h"

namespace gpen::cli {

// --detector --threshold --min-face --select
struct DetectOptions {
    std::string detector = "auto";
    double threshold = 0.9;
    double minFace = 0.0;
    std::string select = "all";

    void addTo(CLI::App& command);
    FaceDetectParams params() const;
};

struct RestoreOptions {
    std::string faceModel = std::string(kAutoFaceModel);
    std::string task = "restore";
    DetectOptions detect;
    int srScale = 1;
    std::string background = "auto";
    int tile = kDefaultTileSize;
    int tileOverlap = kDefaultTileOverlap;
    double alpha = 1.0;
    int faceBatch = 4;
    int quality = 95;
    int maxMegapixels = static_cast<int>(ImageReadParams{}.maxPixels / 1'000'000);
    bool noKeepGray = false;
    bool noMetadata = false;
    bool matchTone = false;
    bool tintRest = false;
    bool noIdentity = false;
    // --find-damage [SENSITIVITY]: given with or without a value.
    std::vector<double> findDamage;
    CLI::Option* findDamageOption = nullptr;  // its count says whether it was given

    void addTo(CLI::App& command);
    // RestoreParams (progress and cancel left unset), with the checks across options.
    Expected<RestoreParams> params() const;
    // The decoder's limits (--max-megapixels).
    ImageReadParams readParams() const;
};

}  // namespace gpen::cli
