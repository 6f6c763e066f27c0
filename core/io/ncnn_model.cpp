// SPDX-License-Identifier: Apache-2.0
#include "gpen/io/ncnn_model.h"

#include "io/model_file_bytes.h"

#include <cmath>
#include <cstring>
#include <set>
#include <sstream>

namespace gpen {
namespace {

namespace fs = std::filesystem;

// ncnn's tag before a weight blob stored as fp16 (ModelBinFromDataReader), and as plain float32.
constexpr std::uint32_t kFp16Tag = 0x01306B47;
constexpr std::uint32_t kFp32Tag = 0;
// The layer types of the networks we build; anything else is refused rather than ignored.
const std::set<std::string> kKnownTypes = {"Input",    "Split",  "Convolution",
                                           "PReLU",    "Concat", "Eltwise",
                                           "BinaryOp", "Interp", "PixelShuffle"};

Error malformed(const fs::path& file, const std::string& what) {
    return Error{ErrorCode::Malformed, file.filename().string() + ": " + what};
}

class BinReader {
  public:
    BinReader(fs::path file, std::vector<char> bytes)
        : m_file(std::move(file)), m_bytes(std::move(bytes)) {}

    Expected<std::vector<float>> floats(std::int64_t count, const std::string& what) {
        if (count < 0 || static_cast<std::uint64_t>(count) * 4 > left()) return pastEnd(what);
        std::vector<float> out(static_cast<std::size_t>(count));
        std::memcpy(out.data(), m_bytes.data() + m_at, out.size() * 4);
        m_at += out.size() * 4;
        return finite(std::move(out), what);
    }

    // A weight blob: its tag, then fp16 values padded to 4 bytes, or float32 values.
    Expected<std::vector<float>> tagged(std::int64_t count, const std::string& what) {
        if (left() < 4) return pastEnd(what);
        std::uint32_t tag = 0;
        std::memcpy(&tag, m_bytes.data() + m_at, 4);
        m_at += 4;
        if (tag == kFp32Tag) return floats(count, what);
        if (tag != kFp16Tag) {
            return tl::unexpected(malformed(
                m_file, what + ": weight storage tag 0x" + hex(tag) + " is not fp16 or fp32"));
        }
        const std::uint64_t bytes = (static_cast<std::uint64_t>(count) * 2 + 3) / 4 * 4;
        if (count < 0 || bytes > left()) return pastEnd(what);
        std::vector<float> out(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < out.size(); ++i) {
            std::uint16_t h = 0;
            std::memcpy(&h, m_bytes.data() + m_at + i * 2, 2);
            out[i] = halfToFloat(h);
        }
        m_at += bytes;
        return finite(std::move(out), what);
    }

    std::uint64_t left() const { return m_bytes.size() - m_at; }

  private:
    static std::string hex(std::uint32_t v) {
        std::ostringstream s;
        s << std::hex << v;
        return s.str();
    }
    tl::unexpected<Error> pastEnd(const std::string& what) const {
        return tl::unexpected(
            Error{ErrorCode::Truncated, m_file.filename().string() + ": " + what +
                                            ": the weights end before this layer's (" +
                                            std::to_string(m_bytes.size()) + " bytes)"});
    }
    Expected<std::vector<float>> finite(std::vector<float> v, const std::string& what) const {
        for (float x : v) {
            if (!std::isfinite(x)) {
                return tl::unexpected(
                    Error{ErrorCode::NonFinite, m_file.filename().string() + ": " + what +
                                                    " holds a value that is not finite"});
            }
        }
        return v;
    }

    fs::path m_file;
    std::vector<char> m_bytes;
    std::size_t m_at = 0;
};

// One line of the graph: type name bottoms tops, their blob names, then id=value pairs.
Expected<NcnnLayer> parseLayer(const fs::path& file, const std::string& line, int number) {
    std::istringstream in(line);
    NcnnLayer l;
    int nb = -1, nt = -1;
    const std::string where = "layer " + std::to_string(number);
    if (!(in >> l.type >> l.name >> nb >> nt))
        return tl::unexpected(malformed(file, where + " is not \"type name inputs outputs ...\""));
    if (!kKnownTypes.contains(l.type))
        return tl::unexpected(malformed(
            file, where + " (" + l.name + "): layer type " + l.type + " is not supported"));
    if (nb < 0 || nt < 0 || nb > 64 || nt > 64)
        return tl::unexpected(malformed(file, where + ": input and output counts out of range"));
    l.bottoms.resize(static_cast<std::size_t>(nb));
    l.tops.resize(static_cast<std::size_t>(nt));
    for (auto& b : l.bottoms) in >> b;
    for (auto& t : l.tops) in >> t;
    if (!in)
        return tl::unexpected(
            malformed(file, where + " (" + l.name + "): fewer blob names than it counts"));
    std::string pair;
    while (in >> pair) {
        const auto eq = pair.find('=');
        int id = 0;
        try {
            id = std::stoi(pair.substr(0, eq));
        } catch (const std::exception&) {
            return tl::unexpected(malformed(
                file, where + " (" + l.name + "): parameter \"" + pair + "\" is not id=value"));
        }
        if (eq == std::string::npos)
            return tl::unexpected(malformed(
                file, where + " (" + l.name + "): parameter \"" + pair + "\" is not id=value"));
        std::string value = pair.substr(eq + 1);
        if (id <= -23300) {  // an array: "count,v1,v2,..."
            id = -id - 23300;
            const auto comma = value.find(',');
            value = comma == std::string::npos ? std::string() : value.substr(comma + 1);
        }
        if (id < 0 || id > 32)
            return tl::unexpected(
                malformed(file, where + " (" + l.name + "): parameter id out of range"));
        l.params[id] = value;
    }
    return l;
}

}  // namespace

int NcnnLayer::intParam(int id, int fallback) const {
    const auto it = params.find(id);
    if (it == params.end()) return fallback;
    try {
        return std::stoi(it->second);
    } catch (const std::exception&) {
        return fallback;
    }
}

std::vector<const NcnnLayer*> NcnnModel::ofType(const std::string& type) const {
    std::vector<const NcnnLayer*> out;
    for (const auto& l : layers) {
        if (l.type == type) out.push_back(&l);
    }
    return out;
}

Expected<NcnnModel> readNcnnModel(const fs::path& param, const NcnnReadLimits& limits) {
    auto text = readBoundedFile(param, limits.maxParamBytes, "an NCNN model file");
    if (!text) return tl::unexpected(text.error());
    std::istringstream in(std::string(text->begin(), text->end()));
    std::string line;
    if (!std::getline(in, line) || line.find("7767517") != 0) {
        return tl::unexpected(malformed(param, "not an NCNN .param file (no 7767517 magic)"));
    }
    int layerCount = 0, blobCount = 0;
    if (!std::getline(in, line) || !(std::istringstream(line) >> layerCount >> blobCount) ||
        layerCount <= 0 || layerCount > limits.maxLayers || blobCount <= 0) {
        return tl::unexpected(malformed(param, "layer and blob counts missing or out of range"));
    }
    NcnnModel model;
    while (static_cast<int>(model.layers.size()) < layerCount && std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        auto layer = parseLayer(param, line, static_cast<int>(model.layers.size()) + 1);
        if (!layer) return tl::unexpected(layer.error());
        model.layers.push_back(std::move(*layer));
    }
    if (static_cast<int>(model.layers.size()) != layerCount) {
        return tl::unexpected(malformed(param, "it counts " + std::to_string(layerCount) +
                                                   " layers and lists " +
                                                   std::to_string(model.layers.size())));
    }

    fs::path binPath = param;
    binPath.replace_extension(".bin");
    auto bytes = readBoundedFile(binPath, limits.maxBinBytes, "an NCNN model file");
    if (!bytes) return tl::unexpected(bytes.error());
    BinReader bin(binPath, std::move(*bytes));
    for (auto& l : model.layers) {
        const std::string what = "layer " + l.name;
        if (l.type == "Convolution") {
            const std::int64_t out = l.intParam(0, 0), kernel = l.intParam(1, 0),
                               size = l.intParam(6, 0);
            if (out <= 0 || kernel <= 0 || kernel > 15 || size <= 0 ||
                size % (out * kernel * kernel) != 0 || size > (64 << 20)) {
                return tl::unexpected(malformed(param, what + ": convolution sizes out of range"));
            }
            auto w = bin.tagged(size, what);
            if (!w) return tl::unexpected(w.error());
            l.weights.emplace_back(Shape{out, size / (out * kernel * kernel), kernel, kernel},
                                   std::move(*w));
            if (l.intParam(5, 0) == 1) {
                auto b = bin.floats(out, what + " bias");
                if (!b) return tl::unexpected(b.error());
                l.weights.emplace_back(Shape{out}, std::move(*b));
            }
        } else if (l.type == "PReLU") {
            const std::int64_t n = l.intParam(0, 0);
            if (n <= 0 || n > 4096)
                return tl::unexpected(malformed(param, what + ": slope count out of range"));
            auto s = bin.floats(n, what);
            if (!s) return tl::unexpected(s.error());
            l.weights.emplace_back(Shape{n}, std::move(*s));
        }
    }
    if (bin.left() != 0) {
        return tl::unexpected(
            malformed(binPath, std::to_string(bin.left()) +
                                   " bytes left over after the last layer's "
                                   "weights: the .bin does not belong to this .param"));
    }
    return model;
}

}  // namespace gpen
