// SPDX-License-Identifier: Apache-2.0
#pragma once

// What the tone, colour, noise and screen stage does to the whole print (pipeline's "print"
// stage, before the faces): the user's choices, their command-line words, and how they are named
// in notes and reports. Every part is off unless asked for, so a restore without them gives the
// same pixels it always gave.

#include <optional>
#include <string>
#include <string_view>

namespace gpen {

// Black and white points and contrast from the photo's own statistics.
enum class ToneMode { Off, Auto };
// Auto: casts corrected as far as the photo shows fading (its lifted blacks); a gray or toned
// print keeps its tone. Neutral: casts removed whatever the evidence, a toned print made gray.
// Keep: the tone corrected on luminance only, every pixel keeping its chromaticity. Off: colour
// left alone (a tone correction is then one curve for the three channels).
enum class ColourMode { Off, Auto, Neutral, Keep };
// Auto: a halftone screen is looked for in the spectrum and removed where it is found.
enum class ScreenMode { Off, Auto };

// PrintParams::denoise meaning "measure the photo's noise and reduce it when there is some".
inline constexpr double kAutoDenoise = -1.0;

struct PrintParams {
    ToneMode tone = ToneMode::Off;
    ColourMode colour = ColourMode::Off;
    // 0: off; kAutoDenoise; else a strength 0..1 (1: as strong as for noise of σ 25 levels).
    double denoise = 0;
    ScreenMode descreen = ScreenMode::Off;

    bool any() const {
        return tone != ToneMode::Off || colour != ColourMode::Off || denoise != 0 ||
               descreen != ScreenMode::Off;
    }
    bool operator==(const PrintParams&) const = default;
};

// The words of --tone, --colour, --denoise and --descreen ("auto", "off", "neutral", "keep", a
// strength "0.4"), and back. parse* return nothing for a word they do not know.
std::string_view toneModeName(ToneMode mode);
std::string_view colourModeName(ColourMode mode);
std::string_view screenModeName(ScreenMode mode);
std::string denoiseName(double denoise);
std::optional<ToneMode> parseToneMode(std::string_view word);
std::optional<ColourMode> parseColourMode(std::string_view word);
std::optional<ScreenMode> parseScreenMode(std::string_view word);
std::optional<double> parseDenoise(std::string_view word);

// "tone auto, colour auto, denoise 0.4, descreen off": the settings as the note and the report
// give them; empty when nothing is on.
std::string printParamsSummary(const PrintParams& params);

}  // namespace gpen
