// SPDX-License-Identifier: Apache-2.0
// gpen-cli detect: the faces one photo holds, as the restore would find them.

#include <iostream>

#include <nlohmann/json.hpp>
#include <opencv2/imgproc.hpp>

#include "cli/commands.h"
#include "cli/engine_setup.h"
#include "cli/face_json.h"
#include "cli/json_line.h"
#include "cli/restore_options.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/restore_job.h"

namespace gpen::cli {
namespace {

struct DetectCommandOptions {
    std::string in;
    DetectOptions detect;
    std::string draw;
    bool json = false;
    EngineOptions engine;
};

int detect(const DetectCommandOptions& o) {
    auto image = readImageBgr8(o.in);
    if (!image) return fail(image.error().message);
    auto cache = makeCliCache(o.engine);
    if (!cache) return fail(cache.error().message);
    (*cache)->rescan();
    const std::string detector = resolveDetector(**cache, o.detect.detector);
    auto model = (*cache)->acquireAs<FaceDetectorModel>(detector);
    if (!model) return fail(model.error().message);
    auto faces = (*model)->detect(*image, o.detect.params());
    if (!faces) return fail(faces.error().message);
    if (!o.draw.empty()) {
        cv::Mat canvas = image->clone();
        for (const auto& f : *faces) {
            cv::rectangle(canvas, f.box, cv::Scalar(0, 255, 0), 2);
            for (const auto& pt : f.landmarks) cv::circle(canvas, pt, 2, cv::Scalar(0, 0, 255), -1);
        }
        if (auto ok = writeImageAtomic(o.draw, canvas); !ok) return fail(ok.error().message);
    }
    if (o.json) {
        nlohmann::json j = {{"detector", detector}, {"faces", nlohmann::json::array()}};
        for (const auto& f : *faces) j["faces"].push_back(faceJson(f));
        std::cout << jsonLine(j) << "\n";
    } else {
        std::cout << faces->size() << " faces (" << detector << ")\n";
        for (const auto& f : *faces) {
            std::cout << "  box " << static_cast<int>(f.box.x) << "," << static_cast<int>(f.box.y)
                      << " " << static_cast<int>(f.box.width) << "x"
                      << static_cast<int>(f.box.height) << "  score " << f.score << "\n";
        }
    }
    return 0;
}

}  // namespace

void addDetectCommand(CLI::App& root, Runner& runner) {
    auto o = std::make_shared<DetectCommandOptions>();
    CLI::App* command =
        root.add_subcommand("detect", "find the faces of a photo: boxes, scores, landmarks");
    command->add_option("IN", o->in, "the photo")->required();
    o->detect.addTo(*command);
    command->add_option("--draw", o->draw,
                        "a copy of the photo with the boxes and landmarks drawn");
    command->add_flag("--json", o->json, "one JSON line");
    addEngineOptions(*command, o->engine);
    runs(command, runner, o, detect);
}

}  // namespace gpen::cli
