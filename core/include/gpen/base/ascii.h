// SPDX-License-Identifier: Apache-2.0
#pragma once

// Case folding for what is ASCII by design: file extensions, format and model names, glob
// patterns. std::tolower follows the process's locale (the app sets the user's) and is undefined
// for the negative chars of UTF-8 bytes; these touch A-Z only.

#include <algorithm>
#include <string>
#include <string_view>

namespace gpen {

inline char asciiLower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

inline std::string asciiLower(std::string s) {
    for (char& c : s) c = asciiLower(c);
    return s;
}

inline bool equalsIgnoringAsciiCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return asciiLower(x) == asciiLower(y);
           });
}

}  // namespace gpen
