// SPDX-License-Identifier: Apache-2.0
#include "support/fixtures.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "support/fill_rule.h"

namespace gpen::test {

std::filesystem::path fixturesDir() {
    return GPEN_FIXTURES_DIR;
}
std::filesystem::path sampleImagesDir() {
    return GPEN_SAMPLE_IMAGES_DIR;
}

const nlohmann::json* manifest() {
    static const std::optional<nlohmann::json> loaded = []() -> std::optional<nlohmann::json> {
        std::ifstream in(fixturesDir() / "manifest.json");
        if (!in) {
            return std::nullopt;
        }
        return nlohmann::json::parse(in);
    }();
    return loaded ? &*loaded : nullptr;
}

const nlohmann::json* findCase(const std::string& name) {
    const auto* m = manifest();
    if (!m) {
        return nullptr;
    }
    for (const auto& c : m->at("cases")) {
        if (c.at("name") == name) {
            return &c;
        }
    }
    return nullptr;
}

std::vector<const nlohmann::json*> casesOfKind(const std::string& kind) {
    std::vector<const nlohmann::json*> out;
    if (const auto* m = manifest()) {
        for (const auto& c : m->at("cases")) {
            if (c.at("kind") == kind) {
                out.push_back(&c);
            }
        }
    }
    return out;
}

Shape shapeFromJson(const nlohmann::json& j) {
    return j.get<Shape>();
}

std::string readFileBytes(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

FloatTensor readF32(const std::filesystem::path& file, const Shape& shape) {
    FloatTensor t(shape);
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        throw std::runtime_error("cannot open " + file.string());
    }
    in.read(reinterpret_cast<char*>(t.data.data()),
            static_cast<std::streamsize>(t.data.size() * sizeof(float)));
    if (in.gcount() != static_cast<std::streamsize>(t.data.size() * sizeof(float))) {
        throw std::runtime_error(file.string() + " is shorter than " + shapeToString(shape));
    }
    return t;
}

FloatTensor loadTensorEntry(const nlohmann::json& entry) {
    const Shape shape = shapeFromJson(entry.at("shape"));
    if (entry.contains("file")) {
        return readF32(fixturesDir() / entry.at("file").get<std::string>(), shape);
    }
    const auto salt = entry.at("fill_salt").get<std::int64_t>();
    const double scale = entry.value("fill_scale", 1.0);
    return fillTensor(shape, 1000 + salt, 0.0, scale);
}

double relativeTolerance(const nlohmann::json& testCase) {
    const std::string text = testCase.at("tolerance").get<std::string>();
    static const std::regex re(R"(<=\s*([0-9.eE+-]+)\s*\*)");
    std::smatch m;
    if (!std::regex_search(text, m, re)) {
        throw std::runtime_error("cannot parse tolerance: " + text);
    }
    return std::stod(m[1].str());
}

std::string Agreement::describe() const {
    std::ostringstream s;
    s << "max|out-ref| = " << maxAbsDiff << " (bound " << bound << ", max|ref| = " << maxAbsRef
      << ")";
    return s.str();
}

Agreement compare(const FloatTensor& out, const FloatTensor& ref, double relTol) {
    Agreement a;
    if (out.shape != ref.shape) {
        a.maxAbsDiff = INFINITY;
        return a;
    }
    for (std::size_t i = 0; i < ref.data.size(); ++i) {
        a.maxAbsRef = std::max(a.maxAbsRef, static_cast<double>(std::fabs(ref.data[i])));
        const double d = std::fabs(static_cast<double>(out.data[i]) - ref.data[i]);
        a.maxAbsDiff = std::max(a.maxAbsDiff, std::isnan(d) ? INFINITY : d);
    }
    a.bound = relTol * std::max(1.0, a.maxAbsRef);
    a.ok = a.maxAbsDiff <= a.bound;
    return a;
}

}  // namespace gpen::test

#include "gpen/nn/runtime.h"

namespace gpen::test {
void configureTestRuntime() {
    static const bool once = [] {
        configureRuntime({});
        return true;
    }();
    (void)once;
}
}  // namespace gpen::test
