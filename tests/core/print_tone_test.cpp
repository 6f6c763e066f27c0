// SPDX-License-Identifier: Apache-2.0
// The print's tone, colour, noise and screen (print/): measured on the shared photos degraded by
// the seeded models of tests/tools/print_degrade.h. The tables are printed for
// docs/MEASUREMENTS.md ("Tone and colour", "Noise", "Screens").

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/io/image_io.h"
#include "gpen/print/descreen.h"
#include "gpen/print/noise_reduction.h"
#include "gpen/print/tone_colour.h"
#include "support/colour_difference.h"
#include "support/fixtures.h"
#include "support/image_quality.h"
#include "support/shared_photos.h"
#include "tools/print_degrade.h"

namespace gpen {
namespace {

using Photo = test::SharedPhoto;

cv::Mat corrected(const cv::Mat& bgr8, ColourMode colour = ColourMode::Auto) {
    return applyToneCorrection(bgr8, fitToneCorrection(measurePrint(bgr8), ToneMode::Auto, colour));
}

class PrintToneTest : public ::testing::Test {
  protected:
    void SetUp() override {
        m_photos = test::colourPhotos();
        if (m_photos.size() != 4)
            GTEST_SKIP() << "the shared photos were not found under " << test::sampleImagesDir();
    }
    std::vector<Photo> m_photos;
};

TEST_F(PrintToneTest, FadedPrintsComeCloserToTheirOriginalsAndUnfadedOnesStayAsTheyAre) {
    for (const Photo& p : m_photos) {
        const double untouched = test::meanCiede2000(p.clean, corrected(p.clean));
        std::printf("%-10s unfaded: dE %.2f after |", p.name.c_str(), untouched);
        EXPECT_LE(untouched, 2.0) << p.name;
        for (double strength : {0.5, 1.0}) {
            for (std::uint32_t seed : {1u, 2u}) {
                const cv::Mat faded = test::fadePrint(p.clean, strength, seed);
                const double before = test::meanCiede2000(p.clean, faded);
                const double after = test::meanCiede2000(p.clean, corrected(faded));
                std::printf(" s%.1f/%u %.2f -> %.2f (%.0f %%)", strength, seed, before, after,
                            100 * (1 - after / before));
                EXPECT_LT(after, before) << p.name << " strength " << strength << " seed " << seed;
            }
        }
        std::printf("\n");
    }
}

TEST(PrintTone, AGrayPrintStaysGrayAndASepiaPrintKeepsItsHue) {
    auto solvay = readImageBgr8(test::sampleImagesDir() / "Solvay_conference_1927.png");
    if (!solvay) GTEST_SKIP() << "the Solvay photo was not found";
    // Gray, faded (blacks lifted, contrast lowered alike in every channel).
    cv::Mat faded;
    solvay->convertTo(faded, CV_8UC3, 0.7, 40);
    const cv::Mat out = corrected(faded);
    std::vector<cv::Mat> c;
    cv::split(out, c);
    EXPECT_EQ(cv::countNonZero(c[0] != c[1]) + cv::countNonZero(c[1] != c[2]), 0);
    cv::Scalar fadedMean, fadedSd, outMean, outSd;
    cv::meanStdDev(faded, fadedMean, fadedSd);
    cv::meanStdDev(out, outMean, outSd);
    EXPECT_GT(outSd[1], 1.2 * fadedSd[1]) << "contrast restored";
    // Sepia-toned and faded: the hue kept, the contrast restored.
    const cv::Mat sepia = test::sepiaPrint(*solvay, 1.0);
    const cv::Mat sepiaOut = corrected(sepia);
    const double hueBefore = test::meanHueDegrees(sepia);
    const double hueAfter = test::meanHueDegrees(sepiaOut);
    cv::meanStdDev(sepia, fadedMean, fadedSd);
    cv::meanStdDev(sepiaOut, outMean, outSd);
    std::printf("sepia: hue %.1f -> %.1f, green spread %.1f -> %.1f\n", hueBefore, hueAfter,
                fadedSd[1], outSd[1]);
    EXPECT_NEAR(hueAfter, hueBefore, 5.0);
    EXPECT_GT(outSd[1], 1.1 * fadedSd[1]) << "contrast restored";
}

TEST_F(PrintToneTest, NoiseIsMeasuredAndReduced) {
    for (const Photo& p : m_photos) {
        const double clean = estimateNoiseSigma(p.clean);
        std::printf("%-10s clean σ %.2f |", p.name.c_str(), clean);
        for (double sigma : {10.0, 20.0}) {
            const cv::Mat noisy = test::addNoise(p.clean, sigma, 7);
            const double est = estimateNoiseSigma(noisy);
            const auto t0 = std::chrono::steady_clock::now();
            const cv::Mat denoised = reduceNoise(noisy, est);
            const double ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                    .count();
            const double gain = test::psnr(denoised, p.clean) - test::psnr(noisy, p.clean);
            std::printf(" σ%.0f est %.1f gain %.2f dB (%.0f ms)", sigma, est, gain, ms);
            EXPECT_GE(gain, 3.0) << p.name << " σ " << sigma;
        }
        std::printf("\n");
    }
}

TEST_F(PrintToneTest, HalftoneScreensAreFoundAndRemoved) {
    for (const Photo& p : m_photos) {
        const auto none = findHalftoneScreen(p.clean);
        std::printf("%-10s clean: %s |", p.name.c_str(),
                    none ? ("screen " + std::to_string(none->prominence)).c_str() : "none");
        EXPECT_FALSE(none) << p.name << " period " << none->period;
        for (double period : {4.0, 6.0}) {
            const cv::Mat screened = test::halftonePrint(p.clean, period, 3);
            const auto screen = findHalftoneScreen(screened);
            ASSERT_TRUE(screen) << p.name << " period " << period;
            const cv::Mat out = removeHalftoneScreen(screened, *screen);
            const double gain = test::psnr(out, p.clean) - test::psnr(screened, p.clean);
            std::printf(" period %.0f found %.2f (x%.0f) gain %.2f dB", period, screen->period,
                        screen->prominence, gain);
            EXPECT_GE(gain, 3.0) << p.name;
        }
        std::printf("\n");
    }
}

// The stage's cost on a 12-MP scan where nothing but tone and colour applies (the noise and screen
// found absent): printed for the note, not timed as a test.
TEST_F(PrintToneTest, TwelveMegapixelScanThroughTheAutomaticChecks) {
    cv::Mat scan;
    cv::resize(test::fadePrint(m_photos[1].clean, 1.0, 1), scan, cv::Size(4000, 3000), 0, 0,
               cv::INTER_CUBIC);
    const auto t0 = std::chrono::steady_clock::now();
    const ToneCorrection t =
        fitToneCorrection(measurePrint(scan), ToneMode::Auto, ColourMode::Auto);
    const cv::Mat out = applyToneCorrection(scan, t);
    const double sigma = estimateNoiseSigma(out);
    const auto screen = findHalftoneScreen(out);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("12 MP: %s; noise σ %.2f; screen %s; %.0f ms\n", t.describe().c_str(), sigma,
                screen ? "found" : "none", ms);
    EXPECT_FALSE(t.isIdentity());
    EXPECT_LT(sigma, kAutoDenoiseFloor);
    EXPECT_FALSE(screen);
}

}  // namespace
}  // namespace gpen
