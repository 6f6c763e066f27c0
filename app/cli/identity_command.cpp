// SPDX-License-Identifier: Apache-2.0
// gpen-cli identity: the identity score of aligned faces (as `face` takes them, e.g. the files
// `restore --save-faces` writes) against a first one.

#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/engine_setup.h"
#include "cli/json_line.h"
#include "gpen/engine/embedded_identity.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/identity_model.h"

namespace gpen::cli {

namespace {

struct IdentityOptions {
    std::vector<std::string> files;
    bool json = false;
    EngineOptions engine;
};

int identity(const IdentityOptions& o) {
    const auto& files = o.files;
    auto cache = makeCliCache(o.engine);
    if (!cache) return fail(cache.error().message);
    (*cache)->rescan();
    if ((*cache)->status(kIdentityModelId).state == ModelState::NotInstalled) {
        return fail(std::string("the identity descriptor (") + kIdentityModelId +
                    ") is not installed: the build could not fetch it (cmake/GpenIdentity.cmake "
                    "needs npm)");
    }
    auto model = (*cache)->acquireAs<IdentityModel>(kIdentityModelId);
    if (!model) return fail(model.error().message);
    std::vector<cv::Mat> faces;
    for (const auto& f : files) {
        auto image = readImageBgr8(f);
        if (!image) return fail(image.error().message);
        faces.push_back(*image);
    }
    auto descriptors = (*model)->describe(faces);
    if (!descriptors) return fail(descriptors.error().message);
    const bool json = o.json;
    for (std::size_t i = 1; i < files.size(); ++i) {
        const double cosine = descriptorCosine((*descriptors)[0], (*descriptors)[i]);
        const char* band = identityBandName(identityBand(cosine));
        if (json) {
            nlohmann::json j = {
                {"face", files[0]}, {"other", files[i]}, {"cosine", cosine}, {"band", band}};
            std::cout << jsonLine(j) << "\n";
        } else {
            std::printf("%s: %.4f (%s)\n", files[i].c_str(), cosine, band);
        }
    }
    return 0;
}

}  // namespace

void addIdentityCommand(CLI::App& root, Runner& runner) {
    auto o = std::make_shared<IdentityOptions>();
    CLI::App* command = root.add_subcommand("identity",
                                            "the identity score (cosine) of aligned faces against "
                                            "the first: 1 the same face, under 0.60 "
                                            "likely someone else");
    command
        ->add_option("FACES", o->files,
                     "FACE.png OTHER.png...: aligned faces, as restore --save-faces writes them")
        ->required()
        ->expected(2, -1);
    command->add_flag("--json", o->json, "one JSON line per comparison");
    addEngineOptions(*command, o->engine);
    runs(command, runner, o, identity);
}

}  // namespace gpen::cli
