#include <cstdio>
#include <iostream>

#include <opencv2/core.hpp>

#include "cli/args.h"
#include "cli/commands.h"
#include "gpen/face/damage_detect.h"
#include "gpen/io/image_io.h"

namespace gpen::cli {

// damage IN MASK.png [--sensitivity S]: a suggested damage mask for `restore --task inpaint`.
// damage --simulate painted|scratches [--seed N] IN DAMAGED.png MASK.png: damage drawn at random
// (pure white) on a photo, and its mask, to try the repair on.
int damageCommand(const Words& words) {
    auto args = Args::parse(words, {}, {"sensitivity", "simulate", "seed", "max-megapixels"});
    if (!args) return fail(args.error().message);
    const auto& files = args->positionals();
    const auto simulate = args->value("simulate");
    if (simulate ? files.size() != 3 : files.size() != 2) {
        return fail("usage: damage IN MASK.png [--sensitivity 0..1]\n"
                    "       damage --simulate painted|scratches [--seed N] IN DAMAGED.png MASK.png");
    }
    auto image = readImageBgr8(files[0]);
    if (!image) return fail(image.error().message);
    if (simulate) {
        if (*simulate != "painted" && *simulate != "scratches") return fail("--simulate must be painted or scratches");
        auto seed = args->intValue("seed", 1, 0, 1'000'000'000);
        if (!seed) return fail(seed.error().message);
        const cv::Mat mask = simulateDamage(image->size(), *simulate == "painted" ? SimulatedDamage::PaintedStrokes
                                                                                  : SimulatedDamage::Scratches,
                                            static_cast<std::uint32_t>(*seed));
        image->setTo(cv::Scalar::all(255), mask);
        if (auto ok = writeImageAtomic(files[1], *image); !ok) return fail(ok.error().message);
        if (auto ok = writeImageAtomic(files[2], mask); !ok) return fail(ok.error().message);
        return 0;
    }
    auto sensitivity = args->doubleValue("sensitivity", 0.5, 0.0, 1.0);
    if (!sensitivity) return fail(sensitivity.error().message);
    auto mask = detectDamage(*image, {.sensitivity = *sensitivity});
    if (!mask) return fail(mask.error().message);
    if (auto ok = writeImageAtomic(files[1], *mask); !ok) return fail(ok.error().message);
    const double share = 100.0 * cv::countNonZero(*mask) / static_cast<double>(mask->total());
    std::cout << files[1] << ": " << share << " % of the photo marked as damaged (a suggestion: check it before "
              << "restore --task inpaint --mask " << files[1] << ")\n";
    return 0;
}

}  // namespace gpen::cli
