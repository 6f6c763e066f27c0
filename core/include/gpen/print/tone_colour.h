// SPDX-License-Identifier: Apache-2.0
#pragma once

// A faded print's tone and colour restored from its own statistics: black and white points,
// the dyes' unequal fading (each channel's levels), gray and toned prints kept gray or toned.
//
// Why it is cautious: one photo cannot tell a faded print's cast from a scene that really is
// warm (the shared cat and rocket photos have no neutral highlights at all), and aligning the
// channels' distributions or per-channel levels makes such photos much worse (docs/MEASUREMENTS.md,
// "Tone and colour"). What fading does leave that a scene does not is lifted blacks in every
// channel: the channels' levels are pulled together as far as that evidence goes, and a print
// with deep blacks keeps its colours.

#include <array>
#include <cstdint>
#include <string>

#include <opencv2/core/mat.hpp>

#include "gpen/print/print_params.h"

namespace gpen {

// What the correction is fitted on: the photo's histograms (its borders left out, the scanner bed
// and mounts; measured on a copy at most 640 pixels across) and the evidence of a toned print.
// Summable: a batch's photos added up give one correction for a whole roll (--tone-per-batch).
struct PrintStatistics {
    std::array<std::array<double, 256>, 3> channel{};  // B, G, R
    std::array<double, 256> luma{};
    double pixels = 0;
    double grayPixels = 0;      // channels within 2 levels of each other
    double colouredPixels = 0;  // CIELAB chroma above 4
    double hueX = 0, hueY = 0;  // the coloured pixels' unit hue vectors, summed
    double chromaSum = 0;       // of the coloured pixels

    PrintStatistics& operator+=(const PrintStatistics& other);
};

PrintStatistics measurePrint(const cv::Mat& bgr8);

enum class PrintKind { Colour, Gray, Toned };

struct ToneCorrection {
    PrintKind kind = PrintKind::Colour;
    // Colour prints, colour not Keep: one curve per channel (B, G, R).
    std::array<std::array<std::uint8_t, 256>, 3> curves{};
    // Gray and toned prints, and colour Keep: one curve for luminance; each pixel keeps its
    // chromaticity (or becomes gray: `toGray`).
    std::array<std::uint8_t, 256> lumaCurve{};
    bool onLuma = false;
    bool toGray = false;
    // How faded the print looks, 0..1 (its blacks' lift): how far the channels are aligned.
    double fade = 0;
    // For the note: the black and white points moved (levels 0..255), before and after.
    double blackFrom = 0, blackTo = 0, whiteFrom = 255, whiteTo = 255;

    bool isIdentity() const;
    // "print faded 60 %: black 38 -> 4, white 231 -> 250, channels aligned"; "toned print, ...".
    std::string describe() const;
};

ToneCorrection fitToneCorrection(const PrintStatistics& statistics, ToneMode tone,
                                 ColourMode colour);

// The photo (8-bit BGR) with the correction applied; gray stays gray (B = G = R).
cv::Mat applyToneCorrection(const cv::Mat& bgr8, const ToneCorrection& correction);

}  // namespace gpen
