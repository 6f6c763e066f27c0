// SPDX-License-Identifier: Apache-2.0
#include "gpen/io/tfjs_graph_model.h"

#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

#include "io/model_file_bytes.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr std::size_t kMaxRank = 6;

// TF's attribute strings are base64 in the JSON (the protobuf's bytes).
std::string fromBase64(const std::string& in) {
    static const std::string kAlphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : in) {
        const auto at = kAlphabet.find(c);
        if (at == std::string::npos) break;  // '=' padding or the end
        acc = (acc << 6) | static_cast<std::uint32_t>(at);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((acc >> bits) & 0xFFU));
        }
    }
    return out;
}

class Reader {
  public:
    Reader(fs::path file, const TfjsReadLimits& limits)
        : m_file(std::move(file)), m_limits(limits) {}

    tl::unexpected<Error> fail(const std::string& what,
                               ErrorCode code = ErrorCode::Malformed) const {
        return tl::unexpected(Error{code, m_file.filename().string() + ": " + what});
    }

    Expected<TfjsNode> node(const Json& j) const {
        TfjsNode n;
        if (!j.is_object() || !j.contains("name") || !j["name"].is_string() || !j.contains("op") ||
            !j["op"].is_string()) {
            return fail("a graph node without a name or an op");
        }
        n.name = j["name"].get<std::string>();
        n.op = j["op"].get<std::string>();
        if (j.contains("input")) {
            if (!j["input"].is_array() || j["input"].size() > 64)
                return fail(n.name + ": its inputs are not a short list");
            for (const auto& in : j["input"]) {
                if (!in.is_string()) return fail(n.name + ": an input that is not a name");
                std::string s = in.get<std::string>();
                if (s.starts_with("^")) continue;  // a control dependency: no data
                if (s.ends_with(":0")) s.resize(s.size() - 2);
                n.inputs.push_back(std::move(s));
            }
        }
        if (!j.contains("attr")) return n;
        const Json& a = j["attr"];
        if (!a.is_object()) return fail(n.name + ": its attributes are not an object");
        const auto ints = [&](const char* key, std::vector<std::int64_t>& out) -> Expected<void> {
            if (!a.contains(key)) return {};
            const Json& l = a[key];
            if (!l.is_object() || !l.contains("list") || !l["list"].is_object())
                return fail(n.name + ": " + key + " is not a list");
            if (!l["list"].contains("i")) return {};
            const Json& values = l["list"]["i"];
            if (!values.is_array() || values.size() > 8)
                return fail(n.name + ": " + key + " is not a short list of integers");
            for (const auto& v : values) {
                // int64 attributes are strings in the JSON; accept numbers too.
                if (v.is_number_integer()) {
                    out.push_back(v.get<std::int64_t>());
                } else if (v.is_string()) {
                    try {
                        out.push_back(std::stoll(v.get<std::string>()));
                    } catch (...) {
                        return fail(n.name + ": " + key + " holds a value that is not an integer");
                    }
                } else {
                    return fail(n.name + ": " + key + " holds a value that is not an integer");
                }
            }
            return {};
        };
        const auto text = [&](const char* key, std::string& out) -> Expected<void> {
            if (!a.contains(key)) return {};
            const Json& v = a[key];
            if (!v.is_object() || !v.contains("s") || !v["s"].is_string())
                return fail(n.name + ": " + key + " is not a string");
            out = fromBase64(v["s"].get<std::string>());
            return {};
        };
        if (auto ok = ints("strides", n.strides); !ok) return tl::unexpected(ok.error());
        if (auto ok = ints("dilations", n.dilations); !ok) return tl::unexpected(ok.error());
        if (auto ok = text("padding", n.padding); !ok) return tl::unexpected(ok.error());
        if (auto ok = text("data_format", n.dataFormat); !ok) return tl::unexpected(ok.error());
        if (a.contains("shape") && a["shape"].is_object() && a["shape"].contains("shape") &&
            a["shape"]["shape"].is_object()) {
            const Json& dims = a["shape"]["shape"].value("dim", Json::array());
            if (!dims.is_array() || dims.size() > kMaxRank)
                return fail(n.name + ": its shape is not a short list");
            for (const auto& d : dims) {
                const Json size = d.is_object() ? d.value("size", Json()) : Json();
                try {
                    n.shape.push_back(size.is_string() ? std::stoll(size.get<std::string>())
                                                       : size.get<std::int64_t>());
                } catch (...) {
                    return fail(n.name + ": a dimension of its shape is not an integer");
                }
            }
        }
        if (a.contains("keep_dims") && a["keep_dims"].is_object() && a["keep_dims"].contains("b")) {
            if (!a["keep_dims"]["b"].is_boolean())
                return fail(n.name + ": keep_dims is not a boolean");
            n.keepDims = a["keep_dims"]["b"].get<bool>();
        }
        return n;
    }

    // One manifest group: its shards' bytes one after another, its weights read from them in order.
    Expected<void> group(const Json& g, TfjsGraphModel& model) {
        if (!g.is_object() || !g.contains("paths") || !g["paths"].is_array() ||
            !g.contains("weights") || !g["weights"].is_array()) {
            return fail("a weights manifest entry without paths or weights");
        }
        std::vector<char> bytes;
        for (const auto& p : g["paths"]) {
            if (!p.is_string()) return fail("a weight shard name that is not a string");
            const std::string name = p.get<std::string>();
            // Data never names a place: a shard is a file beside the model, nothing else.
            if (name.empty() || name.find('/') != std::string::npos ||
                name.find('\\') != std::string::npos || name == "." || name == "..") {
                return fail("weight shard \"" + name + "\" is not a plain file name");
            }
            auto shard = readBoundedFile(m_file.parent_path() / name,
                                         m_limits.maxWeightBytes - m_weightBytes,
                                         "the weights left to a TF.js model");
            if (!shard) return tl::unexpected(shard.error());
            m_weightBytes += shard->size();
            bytes.insert(bytes.end(), shard->begin(), shard->end());
        }
        std::size_t at = 0;
        for (const auto& w : g["weights"]) {
            if (++m_weightCount > m_limits.maxWeights)
                return fail("more weights than a TF.js model may have");
            if (!w.is_object() || !w.contains("name") || !w["name"].is_string() ||
                !w.contains("shape") || !w["shape"].is_array() || !w.contains("dtype") ||
                !w["dtype"].is_string()) {
                return fail("a weight without a name, a shape or a type");
            }
            const std::string name = w["name"].get<std::string>();
            Shape shape;
            if (w["shape"].size() > kMaxRank)
                return fail(name + ": more than " + std::to_string(kMaxRank) + " dimensions");
            std::uint64_t count = 1;
            for (const auto& d : w["shape"]) {
                if (!d.is_number_integer() || d.get<std::int64_t>() < 0 ||
                    d.get<std::int64_t>() > (1LL << 30)) {
                    return fail(name + ": a dimension out of range");
                }
                shape.push_back(d.get<std::int64_t>());
                count *= static_cast<std::uint64_t>(shape.back());
                if (count > m_limits.maxWeightBytes)
                    return fail(name + ": more values than the weights can hold");
            }
            const std::string dtype = w["dtype"].get<std::string>();
            std::string stored = dtype;
            if (w.contains("quantization")) {
                const Json& q = w["quantization"];
                if (!q.is_object() || !q.contains("dtype") || !q["dtype"].is_string())
                    return fail(name + ": a malformed quantization");
                stored = q["dtype"].get<std::string>();
                if (dtype != "float32" || stored != "float16") {
                    return fail(name + ": weights quantised as " + stored +
                                    " are not supported (float16 is)",
                                ErrorCode::UnsupportedArchitecture);
                }
            }
            const std::uint64_t width = stored == "float16" ? 2 : 4;
            if (stored != "float16" && stored != "float32" && stored != "int32") {
                return fail(name + ": weights of type " + stored + " are not supported",
                            ErrorCode::UnsupportedArchitecture);
            }
            if (count * width > bytes.size() - at) {
                return fail(name + ": the weights end before this one (" +
                                std::to_string(bytes.size()) + " bytes)",
                            ErrorCode::Truncated);
            }
            const char* src = bytes.data() + at;
            at += static_cast<std::size_t>(count * width);
            if (stored == "int32") {
                std::vector<std::int64_t> values(static_cast<std::size_t>(count));
                for (std::size_t i = 0; i < values.size(); ++i) {
                    std::int32_t v = 0;
                    std::memcpy(&v, src + i * 4, 4);
                    values[i] = v;
                }
                model.integers[name] = std::move(values);
                continue;
            }
            std::vector<float> values(static_cast<std::size_t>(count));
            for (std::size_t i = 0; i < values.size(); ++i) {
                if (width == 2) {
                    std::uint16_t h = 0;
                    std::memcpy(&h, src + i * 2, 2);
                    values[i] = halfToFloat(h);
                } else {
                    std::memcpy(&values[i], src + i * 4, 4);
                }
                if (!std::isfinite(values[i]))
                    return fail(name + " holds a value that is not finite", ErrorCode::NonFinite);
            }
            model.weights[name] = FloatTensor(std::move(shape), std::move(values));
        }
        if (at != bytes.size()) {
            return fail(std::to_string(bytes.size() - at) +
                        " bytes of weights are left over after the manifest's weights");
        }
        return {};
    }

  private:
    fs::path m_file;
    TfjsReadLimits m_limits;
    std::uint64_t m_weightBytes = 0;
    std::size_t m_weightCount = 0;
};

}  // namespace

const TfjsNode* TfjsGraphModel::node(const std::string& name) const {
    for (const auto& n : nodes) {
        if (n.name == name) return &n;
    }
    return nullptr;
}

Expected<TfjsGraphModel> readTfjsGraphModel(const fs::path& json, const TfjsReadLimits& limits) {
    auto text = readBoundedFile(json, limits.maxJsonBytes, "a TF.js model file");
    if (!text) return tl::unexpected(text.error());
    Reader reader(json, limits);
    Json root;
    try {
        root = Json::parse(text->begin(), text->end());
    } catch (const Json::exception& e) {
        return reader.fail(std::string("not JSON (") + e.what() + ")");
    }
    if (!root.is_object() || !root.contains("modelTopology") ||
        !root["modelTopology"].is_object() || !root["modelTopology"].contains("node") ||
        !root["modelTopology"]["node"].is_array()) {
        return reader.fail("not a TF.js graph model (no modelTopology.node)");
    }
    if (root.contains("format") && root["format"] != "graph-model") {
        return reader.fail("a TF.js " + root["format"].dump() + ", not a graph model",
                           ErrorCode::UnsupportedArchitecture);
    }
    TfjsGraphModel model;
    const Json& nodes = root["modelTopology"]["node"];
    if (nodes.size() > limits.maxNodes)
        return reader.fail("more nodes than a TF.js model may have");
    for (const auto& j : nodes) {
        auto n = reader.node(j);
        if (!n) return tl::unexpected(n.error());
        model.nodes.push_back(std::move(*n));
    }
    if (!root.contains("weightsManifest") || !root["weightsManifest"].is_array())
        return reader.fail("no weights manifest");
    for (const auto& g : root["weightsManifest"]) {
        if (auto ok = reader.group(g, model); !ok) return tl::unexpected(ok.error());
    }
    return model;
}

}  // namespace gpen
