// SPDX-License-Identifier: Apache-2.0
#include "gpen/batch/output_naming.h"

#include "gpen/base/ascii.h"

namespace gpen {
namespace fs = std::filesystem;
namespace {

// A format's name is its extension; "same" keeps the input's (png when it has none).
std::string extensionFor(OutputFormat format, const fs::path& input) {
    if (format != OutputFormat::Same) return outputFormatName(format);
    const std::string ext = input.extension().string();
    return ext.empty() ? "png" : ext.substr(1);
}

}  // namespace

Expected<OutputFormat> parseOutputFormat(const std::string& text) {
    const std::string t = asciiLower(text);
    if (t == "same") return OutputFormat::Same;
    if (t == "png") return OutputFormat::Png;
    if (t == "jpg" || t == "jpeg") return OutputFormat::Jpeg;
    if (t == "tif" || t == "tiff") return OutputFormat::Tiff;
    if (t == "webp") return OutputFormat::Webp;
    return makeError(ErrorCode::InvalidArgument,
                     "format '" + text + "': expected same, png, jpg, tif or webp");
}

Expected<IfExists> parseIfExists(const std::string& text) {
    if (text == "skip") return IfExists::Skip;
    if (text == "overwrite") return IfExists::Overwrite;
    if (text == "suffix") return IfExists::Suffix;
    return makeError(ErrorCode::InvalidArgument,
                     "if-exists '" + text + "': expected skip, overwrite or suffix");
}

const char* outputFormatName(OutputFormat format) {
    switch (format) {
        case OutputFormat::Same:
            return "same";
        case OutputFormat::Png:
            return "png";
        case OutputFormat::Jpeg:
            return "jpg";
        case OutputFormat::Tiff:
            return "tif";
        case OutputFormat::Webp:
            return "webp";
    }
    return "same";
}

const char* ifExistsName(IfExists policy) {
    switch (policy) {
        case IfExists::Skip:
            return "skip";
        case IfExists::Overwrite:
            return "overwrite";
        case IfExists::Suffix:
            return "suffix";
    }
    return "skip";
}

Expected<fs::path> expandNameTemplate(const std::string& nameTemplate, const NameFields& fields) {
    const auto bad = [&](const std::string& why) {
        return makeError(ErrorCode::InvalidArgument,
                         "name template '" + nameTemplate + "': " + why);
    };
    const fs::path folder = fields.relative.parent_path();
    const std::size_t width = std::to_string(fields.total).size();
    std::string index = std::to_string(fields.index + 1);
    if (index.size() < width) index.insert(0, width - index.size(), '0');
    std::string out;
    for (std::size_t i = 0; i < nameTemplate.size(); ++i) {
        const char c = nameTemplate[i];
        if (c == '}') return bad("a '}' without its '{'");
        if (c != '{') {
            out += c;
            continue;
        }
        const auto close = nameTemplate.find('}', i);
        if (close == std::string::npos) return bad("a '{' without its '}'");
        const std::string key = nameTemplate.substr(i + 1, close - i - 1);
        i = close;
        if (key == "name") {
            out += fields.relative.stem().string();
        } else if (key == "ext") {
            out += extensionFor(fields.format, fields.relative);
        } else if (key == "model") {
            out += fields.model;
        } else if (key == "scale") {
            out += std::to_string(fields.scale);
        } else if (key == "date") {
            out += fields.date;
        } else if (key == "index") {
            out += index;
        } else if (key == "relpath") {
            const std::string f = folder.generic_string();
            out += f;
            // "{relpath}/x" at the top level is "x", not "/x".
            if (f.empty() && close + 1 < nameTemplate.size() && nameTemplate[close + 1] == '/') ++i;
        } else {
            return bad("unknown placeholder {" + key +
                       "} (known: {name} {ext} {model} {scale} {date} {index} {relpath})");
        }
    }
    const fs::path p = fs::path(out).lexically_normal();
    if (out.empty() || p.empty() || p.filename().empty())
        return bad("gives no file name for " + fields.relative.generic_string());
    if (p.is_absolute()) return bad("must give a path inside the output folder, not '" + out + "'");
    for (const auto& part : p) {
        if (part == "..")
            return bad("must stay inside the output folder ('" + out + "' climbs out)");
    }
    return p;
}

fs::path suffixedPath(const fs::path& path, const std::set<fs::path>& taken) {
    const fs::path stem = path.parent_path() / path.stem();
    const std::string ext = path.extension().string();
    for (int n = 1;; ++n) {
        fs::path candidate = stem;
        std::string suffix = "-";  // appended: GCC 12 warns falsely on "-" + std::string&&
        suffix += std::to_string(n);
        suffix += ext;
        candidate += suffix;
        std::error_code ec;
        if (!taken.count(candidate) && !fs::exists(candidate, ec)) return candidate;
    }
}

}  // namespace gpen
