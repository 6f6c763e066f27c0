// SPDX-License-Identifier: Apache-2.0
// gpen-fill-checkpoint CASE OUT.pth: writes a fixture case's fill-rule weights as a real
// checkpoint file (torch.save's zip format), e.g. GPEN-BFR-512-fill as GPEN-BFR-512.pth. The
// released weights cannot be downloaded here; files of their exact architecture and size are
// what benchmarks of loading, preloading and whole-photo timings need. A tool, not a test.

#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>

#include "support/checkpoint_file.h"
#include "support/fill_rule.h"
#include "support/fixtures.h"

// "realesrnet-keys/realesrnet_x2": the released background upsampler's entries (that case lists
// them per file) filled by "fill-rule bn", for benchmarks at the released size.
nlohmann::json releasedKeysCase(const std::string& name) {
    const auto slash = name.find('/');
    const auto* c =
        slash == std::string::npos ? nullptr : gpen::test::findCase(name.substr(0, slash));
    if (!c || !c->contains("keys") || !c->at("keys").is_object() ||
        !c->at("keys").contains(name.substr(slash + 1))) {
        return {};
    }
    return {{"weights", "fill-rule bn"}, {"keys", c->at("keys").at(name.substr(slash + 1))}};
}

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(
            stderr,
            "usage: gpen-fill-checkpoint CASE OUT.pth   (CASE: GPEN-BFR-512-fill, parsenet-fill, "
            "realesrnet-keys/realesrnet_x2, ...)\n");
        return 2;
    }
    nlohmann::json fill = releasedKeysCase(argv[1]);
    if (fill.is_null()) {
        const auto* c = gpen::test::findCase(argv[1]);
        if (!c || !c->contains("weights") ||
            c->at("weights").get<std::string>().rfind("fill-rule", 0) != 0) {
            std::fprintf(stderr, "%s: no fill-rule case of that name in %s\n", argv[1],
                         gpen::test::fixturesDir().c_str());
            return 1;
        }
        fill = *c;
    }
    try {
        // Absolute: a bare file name has an empty parent folder, which the writer cannot create.
        gpen::test::writeStateDictCheckpoint(std::filesystem::absolute(argv[2]),
                                             gpen::test::fillCaseWeights(fill));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", argv[2], e.what());
        return 1;
    }
    return 0;
}
