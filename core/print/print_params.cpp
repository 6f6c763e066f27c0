// SPDX-License-Identifier: Apache-2.0
#include "gpen/print/print_params.h"

#include <charconv>
#include <cstdio>

namespace gpen {

std::string_view toneModeName(ToneMode mode) {
    return mode == ToneMode::Auto ? "auto" : "off";
}

std::string_view colourModeName(ColourMode mode) {
    switch (mode) {
        case ColourMode::Auto:
            return "auto";
        case ColourMode::Neutral:
            return "neutral";
        case ColourMode::Keep:
            return "keep";
        case ColourMode::Off:
            break;
    }
    return "off";
}

std::string_view screenModeName(ScreenMode mode) {
    return mode == ScreenMode::Auto ? "auto" : "off";
}

std::string denoiseName(double denoise) {
    if (denoise == kAutoDenoise) return "auto";
    if (denoise <= 0) return "off";
    char text[16];
    std::snprintf(text, sizeof text, "%g", denoise);
    return text;
}

std::optional<ToneMode> parseToneMode(std::string_view word) {
    if (word == "auto") return ToneMode::Auto;
    if (word == "off") return ToneMode::Off;
    return std::nullopt;
}

std::optional<ColourMode> parseColourMode(std::string_view word) {
    for (const auto mode :
         {ColourMode::Off, ColourMode::Auto, ColourMode::Neutral, ColourMode::Keep})
        if (word == colourModeName(mode)) return mode;
    return std::nullopt;
}

std::optional<ScreenMode> parseScreenMode(std::string_view word) {
    if (word == "auto") return ScreenMode::Auto;
    if (word == "off") return ScreenMode::Off;
    return std::nullopt;
}

std::optional<double> parseDenoise(std::string_view word) {
    if (word == "auto") return kAutoDenoise;
    if (word == "off") return 0.0;
    double value = 0;
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (ec != std::errc() || end != word.data() + word.size() || !(value >= 0 && value <= 1))
        return std::nullopt;
    return value;
}

std::string printParamsSummary(const PrintParams& p) {
    if (!p.any()) return {};
    return "tone " + std::string(toneModeName(p.tone)) + ", colour " +
           std::string(colourModeName(p.colour)) + ", denoise " + denoiseName(p.denoise) +
           ", descreen " + std::string(screenModeName(p.descreen));
}

}  // namespace gpen
