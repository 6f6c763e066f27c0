// SPDX-License-Identifier: Apache-2.0
#pragma once

// Output names of a batch: a template of placeholders, the output format, and what to do when
// the target exists.

#include <filesystem>
#include <set>
#include <string>

#include "gpen/base/expected.h"

namespace gpen {

enum class OutputFormat { Same, Png, Jpeg, Tiff, Webp };
enum class IfExists { Skip, Overwrite, Suffix };

// "same", "png", "jpg"/"jpeg", "tif"/"tiff", "webp"; "skip", "overwrite", "suffix".
Expected<OutputFormat> parseOutputFormat(const std::string& text);
Expected<IfExists> parseIfExists(const std::string& text);
const char* outputFormatName(OutputFormat format);
const char* ifExistsName(IfExists policy);

// The default mirrors the input tree under the output folder with the input's name.
inline constexpr const char* kDefaultNameTemplate = "{relpath}/{name}.{ext}";

// What a template's placeholders stand for, for one file.
struct NameFields {
    std::filesystem::path relative;  // the input relative to the input folder ("2019/beach.JPG")
    std::string model;               // the face model id
    int scale = 1;                   // the background scale
    std::string date;                // the batch's start, YYYY-MM-DD
    std::size_t index = 0;           // 0-based in the whole sorted list
    std::size_t total = 1;           // files in the whole list ({index} is padded to its digits)
    OutputFormat format = OutputFormat::Same;
};

// Expands the template to a path relative to the output folder:
//   {name}    the input's name without extension      {ext}   the output's extension, no dot
//             ("same" keeps the input's, in its case)  {model} the face model id
//   {scale}   the background scale (1, 2, 4)           {date}  the batch's date, YYYY-MM-DD
//   {index}   1-based position in the sorted list, zero-padded
//   {relpath} the input's folder relative to the input folder ("" at the top; a '/' after an
//             empty {relpath} is dropped)
// Errors: an unknown placeholder, an unclosed brace, a result that is empty, absolute or climbs
// out of the output folder with "..".
Expected<std::filesystem::path> expandNameTemplate(const std::string& nameTemplate,
                                                   const NameFields& fields);

// The name with "-1", "-2", ... before the extension, the first that is neither on disk nor in
// `taken` (outputs already claimed by this batch).
std::filesystem::path suffixedPath(const std::filesystem::path& path,
                                   const std::set<std::filesystem::path>& taken);

}  // namespace gpen
