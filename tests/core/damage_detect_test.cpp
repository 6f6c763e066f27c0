// SPDX-License-Identifier: Apache-2.0
// Finding damage on the 1927 Solvay photograph with damage drawn at random on it: the reference's
// pure-white painted strokes are found almost exactly; thin bright scratches mostly, with some
// false marks on the photo's own bright detail. Recall and precision are printed for the notes.

#include <chrono>
#include <cstdio>
#include <filesystem>

#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/face/damage_detect.h"
#include "gpen/io/image_io.h"
#include "support/fixtures.h"

namespace gpen {
namespace {

struct Score {
    double truth = 0, found = 0, hit = 0;
    double recall() const { return truth > 0 ? hit / truth : 1.0; }
    double precision() const { return found > 0 ? hit / found : 1.0; }
};

class DamageDetectTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const std::filesystem::path solvay = test::sampleImagesDir() / "Solvay_conference_1927.png";
        if (!std::filesystem::exists(solvay))
            GTEST_SKIP() << "sample photo not found at " << solvay;
        auto photo = readImageBgr8(solvay);
        ASSERT_TRUE(photo) << photo.error().message;
        m_photo = *photo;
    }

    // Damage of `kind` drawn with `draw` on the photo for several seeds, scored against what was
    // drawn.
    template <class Draw>
    Score score(SimulatedDamage kind, Draw draw, double* ms) {
        Score s;
        double total = 0;
        for (std::uint32_t seed = 1; seed <= 8; ++seed) {
            const cv::Mat truth = simulateDamage(m_photo.size(), kind, seed);
            cv::Mat damaged = m_photo.clone();
            draw(damaged, truth);
            const auto started = std::chrono::steady_clock::now();
            auto found = detectDamage(damaged);
            total += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                               started)
                         .count();
            EXPECT_TRUE(found);
            if (!found) continue;
            s.truth += cv::countNonZero(truth);
            s.found += cv::countNonZero(*found);
            s.hit += cv::countNonZero(truth & *found);
        }
        *ms = total / 8;
        return s;
    }

    cv::Mat m_photo;
};

TEST_F(DamageDetectTest, PaintedWhiteStrokesAreFoundAlmostExactly) {
    double ms = 0;
    const Score s = score(
        SimulatedDamage::PaintedStrokes,
        [](cv::Mat& img, const cv::Mat& m) { img.setTo(cv::Scalar::all(255), m); }, &ms);
    std::printf("painted strokes: recall %.3f, precision %.3f, %.0f ms a photo\n", s.recall(),
                s.precision(), ms);
    EXPECT_GE(s.recall(), 0.98);
    EXPECT_GE(s.precision(), 0.95);
}

TEST_F(DamageDetectTest, HardWhiteScratchesAreFound) {
    double ms = 0;
    const Score s = score(
        SimulatedDamage::Scratches,
        [](cv::Mat& img, const cv::Mat& m) { img.setTo(cv::Scalar::all(255), m); }, &ms);
    std::printf("hard white scratches: recall %.3f, precision %.3f, %.0f ms a photo\n", s.recall(),
                s.precision(), ms);
    EXPECT_GE(s.recall(), 0.95);
    // Below today's 0.56 only by the photo's own bright specks and lines that dust and cracks
    // now mark too.
    EXPECT_GE(s.precision(), 0.5);
}

TEST_F(DamageDetectTest, ScrapedScratchesAreMostlyFound) {
    double ms = 0;
    const Score s = score(
        SimulatedDamage::Scratches,
        [](cv::Mat& img, const cv::Mat& m) {
            // Hard but not pure white: the emulsion scraped off, a little of the picture left.
            cv::Mat bright;
            cv::max(img, cv::Scalar::all(225), bright);
            bright.copyTo(img, m);
        },
        &ms);
    std::printf("scraped scratches: recall %.3f, precision %.3f, %.0f ms a photo\n", s.recall(),
                s.precision(), ms);
    EXPECT_GE(s.recall(), 0.45);
    EXPECT_GE(s.precision(), 0.35);
}

TEST_F(DamageDetectTest, AnUndamagedPhotoGetsFewMarks) {
    auto found = detectDamage(m_photo);
    ASSERT_TRUE(found);
    const double share =
        static_cast<double>(cv::countNonZero(*found)) / static_cast<double>(found->total());
    std::printf("undamaged photo: %.4f %% of its pixels marked\n", share * 100);
    // Pure white paint, scratches, dust and cracks: 0.52 % here (0.31 % without paint, what
    // --find-damage looks for; damage_repair_test holds that under 0.5 % on every shared photo).
    EXPECT_LT(share, 0.006);
}

TEST(DamageSimulation, IsReproducibleForASeedAndScaledToThePicture) {
    const cv::Mat a = simulateDamage({400, 300}, SimulatedDamage::PaintedStrokes, 7);
    const cv::Mat b = simulateDamage({400, 300}, SimulatedDamage::PaintedStrokes, 7);
    EXPECT_EQ(cv::norm(a, b, cv::NORM_INF), 0.0);
    EXPECT_GT(cv::countNonZero(a), 0);
    EXPECT_NE(
        cv::norm(a, simulateDamage({400, 300}, SimulatedDamage::PaintedStrokes, 8), cv::NORM_INF),
        0.0);
}

}  // namespace
}  // namespace gpen
