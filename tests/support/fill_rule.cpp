// SPDX-License-Identifier: Apache-2.0
#include "support/fill_rule.h"

#include <cmath>
#include <stdexcept>

#include "gpen/nn/synthetic_weights.h"
#include "support/fixtures.h"

namespace gpen::test {
namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

struct OffsetScale {
    double offset;
    double scale;
};

OffsetScale gpenRule(const std::string& name) {
    if (endsWith(name, "modulation.bias")) return {1.0, 0.1};
    if (endsWith(name, "noise.weight")) return {0.0, 0.3};
    if (endsWith(name, "bias")) return {0.0, 0.1};
    return {0.0, std::sqrt(3.0)};
}

OffsetScale bnRule(const std::string& name, const Shape& shape, double gain) {
    if (endsWith(name, "running_var")) return {1.0, 0.25};
    if (endsWith(name, "running_mean") || endsWith(name, "bias")) return {0.0, 0.1};
    if (shape.size() == 1) return {1.0, 0.1};
    const double fanIn = static_cast<double>(shapeNumel(shape)) / static_cast<double>(shape[0]);
    return {0.0, gain * std::sqrt(3.0 / fanIn)};
}

}  // namespace

FloatTensor fillTensor(const Shape& shape, std::int64_t k, double offset, double scale) {
    return fillRuleTensor(shape, k, offset, scale);
}

StateDict fillStateDict(const nlohmann::json& testCase, const StateDict& current) {
    const std::string rule = testCase.at("weights").get<std::string>();
    const double gain = testCase.value("fill_gain", 1.0);
    StateDict out;
    const auto& keys = testCase.at("keys");
    for (std::size_t k = 0; k < keys.size(); ++k) {
        const std::string name = keys[k][0].get<std::string>();
        const Shape shape = shapeFromJson(keys[k][1]);
        const std::string dtype = keys[k][2].get<std::string>();
        if (dtype != "float32" || (rule == "fill-rule gpen" && endsWith(name, ".kernel"))) {
            if (auto kept = current.tensor(name)) {
                out.insert(name, std::move(*kept));
            } else if (dtype == "int64") {
                out.insertInt64(
                    name, shape,
                    std::vector<std::int64_t>(static_cast<std::size_t>(shapeNumel(shape)), 0));
            } else {
                throw std::runtime_error("fill rule: the built network has no entry " + name);
            }
            continue;
        }
        const OffsetScale os =
            rule == "fill-rule gpen" ? gpenRule(name) : bnRule(name, shape, gain);
        out.insert(name, fillTensor(shape, static_cast<std::int64_t>(k), os.offset, os.scale));
    }
    return out;
}

GpenArchitecture gpenArchitectureOf(const nlohmann::json& c) {
    GpenArchitecture a;
    a.inSize = c.at("in_size");
    a.outSize = c.at("out_size");
    a.channelMultiplier = c.at("channel_multiplier");
    a.narrow = c.at("narrow");
    a.styleDim = c.at("style_dim");
    a.nMlp = c.at("n_mlp");
    a.isConcat = c.at("isconcat");
    return a;
}

StateDict fillCaseWeights(const nlohmann::json& testCase) {
    if (testCase.at("weights").get<std::string>() == "fill-rule gpen") {
        return fillStateDict(testCase, gpenBuiltBuffers(gpenArchitectureOf(testCase.at("config"))));
    }
    return fillStateDict(testCase, StateDict{});
}

}  // namespace gpen::test
