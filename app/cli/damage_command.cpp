// SPDX-License-Identifier: Apache-2.0
#include <cstdio>
#include <iostream>

#include <opencv2/core.hpp>

#include "cli/commands.h"
#include "gpen/face/damage_detect.h"
#include "gpen/io/image_io.h"

namespace gpen::cli {

namespace {

struct DamageOptions {
    std::vector<std::string> files;
    double sensitivity = 0.5;
    std::string simulate;
    int seed = 1;
};

// damage IN MASK.png [--sensitivity S]: a suggested damage mask for `restore --mask`.
// damage --simulate painted|scratches|dust|cracks [--seed N] IN DAMAGED.png MASK.png: damage drawn
// at random on a photo, and its mask, to try the repair on.
int damage(const DamageOptions& o) {
    const auto& files = o.files;
    const bool simulate = !o.simulate.empty();
    if (simulate ? files.size() != 3 : files.size() != 2) {
        return fail(simulate ? "damage --simulate needs IN DAMAGED.png MASK.png"
                             : "damage needs IN MASK.png");
    }
    auto image = readImageBgr8(files[0]);
    if (!image) return fail(image.error().message);
    if (simulate) {
        const SimulatedDamage kind = o.simulate == "painted"     ? SimulatedDamage::PaintedStrokes
                                     : o.simulate == "scratches" ? SimulatedDamage::Scratches
                                     : o.simulate == "dust"      ? SimulatedDamage::Dust
                                                                 : SimulatedDamage::Cracks;
        const auto seed = static_cast<std::uint32_t>(o.seed);
        const cv::Mat mask = simulateDamage(image->size(), kind, seed);
        // Paint and scratches pure white (GPEN-Inpainting's marks); dust and cracks as they
        // look on a print.
        if (kind == SimulatedDamage::Dust || kind == SimulatedDamage::Cracks)
            drawSimulatedDamage(*image, mask, kind, seed);
        else
            image->setTo(cv::Scalar::all(255), mask);
        if (auto ok = writeImageAtomic(files[1], *image); !ok) return fail(ok.error().message);
        if (auto ok = writeImageAtomic(files[2], mask); !ok) return fail(ok.error().message);
        return 0;
    }
    auto mask = detectDamage(*image, {.sensitivity = o.sensitivity});
    if (!mask) return fail(mask.error().message);
    if (auto ok = writeImageAtomic(files[1], *mask); !ok) return fail(ok.error().message);
    const double share = 100.0 * cv::countNonZero(*mask) / static_cast<double>(mask->total());
    std::cout << files[1] << ": " << share
              << " % of the photo marked as damaged (a suggestion: check it before "
              << "restore --mask " << files[1] << ")\n";
    return 0;
}

}  // namespace

void addDamageCommand(CLI::App& root, Runner& runner) {
    auto o = std::make_shared<DamageOptions>();
    CLI::App* command = root.add_subcommand("damage",
                                            "suggest a damage mask (IN MASK.png; white = damaged), "
                                            "or simulate damage (--simulate: IN DAMAGED.png "
                                            "MASK.png)");
    command
        ->add_option("FILES", o->files, "IN MASK.png, or with --simulate IN DAMAGED.png MASK.png")
        ->required()
        ->expected(2, 3);
    command->add_option("--sensitivity", o->sensitivity, "how readily a spot counts as damage")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    command->add_option("--simulate", o->simulate, "draw damage of this kind on the photo")
        ->check(CLI::IsMember({"painted", "scratches", "dust", "cracks"}));
    command->add_option("--seed", o->seed, "the simulated damage's random seed")
        ->check(CLI::Range(0, 1'000'000'000))
        ->capture_default_str();
    runs(command, runner, o, damage);
}

}  // namespace gpen::cli
