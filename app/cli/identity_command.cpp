// gpen-cli identity: the identity score of aligned faces (as `face` takes them, e.g. the files
// `restore --save-faces` writes) against a first one.

#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/engine_setup.h"
#include "cli/json_line.h"
#include "gpen/engine/embedded_identity.h"
#include "gpen/io/image_io.h"
#include "gpen/pipeline/identity_model.h"

namespace gpen::cli {

int identityCommand(const Words& words) {
    auto args = Args::parse(words, {"json"}, kEngineOptions);
    if (!args) return fail(args.error().message);
    const auto& files = args->positionals();
    if (files.size() < 2) return fail("usage: identity FACE.png OTHER.png... [--json]");
    auto cache = makeCliCache(*args);
    if (!cache) return fail(cache.error().message);
    (*cache)->rescan();
    if ((*cache)->status(kIdentityModelId).state == ModelState::NotInstalled) {
        return fail(std::string("the identity descriptor (") + kIdentityModelId +
                    ") is not installed: the build could not fetch it (cmake/GpenIdentity.cmake needs npm)");
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
    const bool json = args->flag("json");
    for (std::size_t i = 1; i < files.size(); ++i) {
        const double cosine = descriptorCosine((*descriptors)[0], (*descriptors)[i]);
        const char* band = identityBandName(identityBand(cosine));
        if (json) {
            nlohmann::json j = {{"face", files[0]}, {"other", files[i]}, {"cosine", cosine}, {"band", band}};
            std::cout << jsonLine(j) << "\n";
        } else {
            std::printf("%s: %.4f (%s)\n", files[i].c_str(), cosine, band);
        }
    }
    return 0;
}

}  // namespace gpen::cli
