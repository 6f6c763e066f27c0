// The TensorFlow.js layers-model reader: model.json's Keras functional graph turned into a list of
// steps over NCHW ATen tensors, with the HWIO kernels permuted to OIHW once at load.

#include "gpen/nn/layers_model.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <nlohmann/json.hpp>

#include "nn/precision.h"
#include "nn/torch_failure.h"
#include "nn/tensor_convert.h"

namespace gpen {

using namespace gpen::nn;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

enum class StepKind { Conv, Relu, Identity, Concat, Add, Upsample };

struct Step {
    StepKind kind = StepKind::Identity;
    std::string name;
    std::vector<std::size_t> inputs;  // value indices
    at::Tensor weight, bias;          // Conv: OIHW, [O] (bias may be undefined)
    std::array<std::int64_t, 4> pad{};  // Conv 'same': left, right, top, bottom
    bool relu = false;                // Conv with activation 'relu'
    int upH = 1, upW = 1;             // Upsample factors
};

// An error while reading `file`: "<file>: <what>".
Error readError(const fs::path& file, const std::string& what) {
    return {ErrorCode::Malformed, file.filename().string() + ": " + what};
}
Error unsupported(const fs::path& file, const std::string& layer, const std::string& what) {
    return {ErrorCode::UnsupportedArchitecture, file.filename().string() + ": layer '" + layer + "': " + what};
}

std::string readText(const fs::path& file, Error& error) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        error = {ErrorCode::Io, file.string() + ": cannot open"};
        return {};
    }
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct WeightSpec {
    std::vector<std::int64_t> shape;
    std::size_t offset = 0;  // in floats, across the shards in manifest order
};

}  // namespace

struct LayersModel::Impl {
    Device device;
    Precision precision = Precision::Fp32;
    std::string name;
    std::vector<Step> steps;
    std::size_t inputValue = 0;   // the value the input fills
    std::size_t outputValue = 0;  // the step whose value is returned
    std::vector<std::size_t> lastUse;  // per value: the last step reading it (freed after)
    int scale = 1;
    int inChannels = 3;
    std::uint64_t parameters = 0;

    at::Tensor run(at::Tensor x) const {
        std::vector<at::Tensor> values(steps.size() + 1);
        values[inputValue] = std::move(x);
        for (std::size_t i = 0; i < steps.size(); ++i) {
            const Step& s = steps[i];
            const std::size_t out = i + 1;
            auto in = [&](std::size_t k) -> const at::Tensor& { return values[s.inputs[k]]; };
            switch (s.kind) {
                case StepKind::Conv: {
                    const bool padded = s.pad[0] || s.pad[1] || s.pad[2] || s.pad[3];
                    const bool symmetric = s.pad[0] == s.pad[1] && s.pad[2] == s.pad[3];
                    at::Tensor src = padded && !symmetric ? at::constant_pad_nd(in(0), s.pad, 0) : in(0);
                    const std::int64_t p[2] = {symmetric ? s.pad[2] : 0, symmetric ? s.pad[0] : 0};
                    values[out] = nn::convolveIn(src, s.weight, s.bias,
                                                 [&](const at::Tensor& xc, const at::Tensor& wc, const at::Tensor& bc) {
                                                     return at::conv2d(xc, wc, bc, 1, p);
                                                 });
                    if (s.relu) values[out].relu_();
                    break;
                }
                case StepKind::Relu: values[out] = at::relu(in(0)); break;
                case StepKind::Identity: values[out] = in(0); break;
                case StepKind::Concat: {
                    std::vector<at::Tensor> parts;
                    for (std::size_t k = 0; k < s.inputs.size(); ++k) parts.push_back(in(k));
                    values[out] = at::cat(parts, 1);
                    break;
                }
                case StepKind::Add: {
                    at::Tensor sum = in(0) + in(1);
                    for (std::size_t k = 2; k < s.inputs.size(); ++k) sum.add_(in(k));
                    values[out] = std::move(sum);
                    break;
                }
                case StepKind::Upsample: {
                    const std::int64_t size[2] = {in(0).size(2) * s.upH, in(0).size(3) * s.upW};
                    values[out] = at::upsample_nearest2d(in(0), size);
                    break;
                }
            }
            for (const std::size_t v : s.inputs) {
                if (lastUse[v] == i && v != outputValue) values[v] = at::Tensor();
            }
        }
        return values[outputValue];
    }
};

namespace {

// Builds the steps from the Keras config; weights are read later.
struct GraphBuilder {
    const fs::path& file;
    LayersModel::Impl& impl;
    std::map<std::string, std::size_t> valueOf;  // layer name -> value index

    Expected<void> addLayer(const json& layer) {
        const std::string cls = layer.value("class_name", "");
        const json& cfg = layer.at("config");
        const std::string name = layer.value("name", cfg.value("name", ""));
        if (valueOf.count(name)) return tl::unexpected(readError(file, "layer '" + name + "' appears twice"));
        if (cls == "InputLayer") {
            const json& shape = cfg.at("batch_input_shape");
            if (!shape.is_array() || shape.size() != 4 || !shape[3].is_number_integer()) {
                return tl::unexpected(unsupported(file, name, "input must be [batch, H, W, channels]"));
            }
            impl.inChannels = shape[3].get<int>();
            impl.inputValue = 0;
            valueOf[name] = 0;
            return {};
        }
        Step s;
        s.name = name;
        const json& nodes = layer.at("inbound_nodes");
        if (!nodes.is_array() || nodes.size() != 1 || !nodes[0].is_array()) {
            return tl::unexpected(unsupported(file, name, "expects exactly one inbound node (shared layers are not supported)"));
        }
        for (const json& edge : nodes[0]) {
            const std::string from = edge.at(0).get<std::string>();
            const auto it = valueOf.find(from);
            if (it == valueOf.end()) {
                return tl::unexpected(readError(file, "layer '" + name + "' reads '" + from + "' before it is defined"));
            }
            if (edge.at(2).get<int>() != 0) return tl::unexpected(unsupported(file, name, "multi-output inputs"));
            s.inputs.push_back(it->second);
        }
        auto needInputs = [&](std::size_t atLeast, std::size_t atMost) -> Expected<void> {
            if (s.inputs.size() < atLeast || s.inputs.size() > atMost) {
                return tl::unexpected(readError(file, "layer '" + name + "' has " + std::to_string(s.inputs.size()) + " inputs"));
            }
            return {};
        };
        auto activation = [&](const std::string& a) -> Expected<bool> {
            if (a == "linear") return false;
            if (a == "relu") return true;
            return tl::unexpected(unsupported(file, name, "activation '" + a + "' is not supported (linear, relu)"));
        };
        if (cls == "Conv2D") {
            if (auto ok = needInputs(1, 1); !ok) return ok;
            if (cfg.value("data_format", "channels_last") != "channels_last") {
                return tl::unexpected(unsupported(file, name, "data_format must be channels_last"));
            }
            for (const char* key : {"strides", "dilation_rate"}) {
                if (cfg.contains(key) && cfg[key] != json::array({1, 1})) {
                    return tl::unexpected(unsupported(file, name, std::string(key) + " other than 1 is not supported"));
                }
            }
            if (cfg.value("groups", 1) != 1) return tl::unexpected(unsupported(file, name, "grouped convolution"));
            auto relu = activation(cfg.value("activation", "linear"));
            if (!relu) return tl::unexpected(relu.error());
            s.relu = *relu;
            const std::string padding = cfg.value("padding", "valid");
            const auto k = cfg.at("kernel_size").get<std::vector<int>>();
            if (k.size() != 2) return tl::unexpected(readError(file, "layer '" + name + "': kernel_size must have 2 values"));
            if (padding == "same") {
                // TensorFlow's 'same' at stride 1: k - 1 in all, the extra one at the right/bottom.
                s.pad = {(k[1] - 1) / 2, k[1] / 2, (k[0] - 1) / 2, k[0] / 2};
            } else if (padding != "valid") {
                return tl::unexpected(unsupported(file, name, "padding '" + padding + "' is not supported"));
            }
            s.kind = StepKind::Conv;
        } else if (cls == "Activation") {
            if (auto ok = needInputs(1, 1); !ok) return ok;
            auto relu = activation(cfg.value("activation", ""));
            if (!relu) return tl::unexpected(relu.error());
            s.kind = *relu ? StepKind::Relu : StepKind::Identity;
        } else if (cls == "Concatenate") {
            if (auto ok = needInputs(1, 64); !ok) return ok;
            const int axis = cfg.value("axis", -1);
            if (axis != -1 && axis != 3) return tl::unexpected(unsupported(file, name, "concatenation only along channels"));
            s.kind = StepKind::Concat;
        } else if (cls == "Add") {
            if (auto ok = needInputs(2, 64); !ok) return ok;
            s.kind = StepKind::Add;
        } else if (cls == "UpSampling2D") {
            if (auto ok = needInputs(1, 1); !ok) return ok;
            if (cfg.value("interpolation", "nearest") != "nearest") {
                return tl::unexpected(unsupported(file, name, "interpolation '" + cfg.value("interpolation", "") +
                                                                  "' is not supported (nearest)"));
            }
            const auto size = cfg.value("size", std::vector<int>{2, 2});
            if (size.size() != 2 || size[0] < 1 || size[1] < 1) return tl::unexpected(readError(file, "layer '" + name + "': bad size"));
            s.upH = size[0];
            s.upW = size[1];
            s.kind = StepKind::Upsample;
        } else {
            return tl::unexpected(unsupported(file, name, "layer type '" + cls + "' is not supported (InputLayer, Conv2D, "
                                                            "Activation, Concatenate, Add, UpSampling2D)"));
        }
        impl.steps.push_back(std::move(s));
        valueOf[name] = impl.steps.size();
        return {};
    }
};

// The scale the graph applies on the path from input to output (UpSampling2D factors multiplied).
Expected<int> graphScale(const fs::path& file, const LayersModel::Impl& impl) {
    std::vector<int> h(impl.steps.size() + 1, 1), w(impl.steps.size() + 1, 1);
    for (std::size_t i = 0; i < impl.steps.size(); ++i) {
        const Step& s = impl.steps[i];
        h[i + 1] = h[s.inputs[0]] * s.upH;
        w[i + 1] = w[s.inputs[0]] * s.upW;
        for (const std::size_t v : s.inputs) {
            if (h[v] != h[i + 1] / s.upH || w[v] != w[i + 1] / s.upW) {
                return tl::unexpected(readError(file, "layer '" + s.name + "' joins inputs of different sizes"));
            }
        }
    }
    if (h[impl.outputValue] != w[impl.outputValue]) return tl::unexpected(readError(file, "the output's scale differs in H and W"));
    return h[impl.outputValue];
}

Expected<std::vector<float>> readShards(const fs::path& dir, const json& manifest, const fs::path& file,
                                        std::map<std::string, WeightSpec>& specs) {
    std::vector<float> data;
    std::size_t floats = 0;
    for (const json& group : manifest) {
        for (const json& w : group.at("weights")) {
            const std::string name = w.at("name").get<std::string>();
            if (w.value("dtype", "float32") != "float32" || w.contains("quantization")) {
                return tl::unexpected(unsupported(file, name, "only float32 weights are supported"));
            }
            WeightSpec spec{w.at("shape").get<std::vector<std::int64_t>>(), floats};
            std::int64_t n = 1;
            for (const auto d : spec.shape) n *= d;
            floats += static_cast<std::size_t>(n);
            specs[name] = std::move(spec);
        }
        for (const json& p : group.at("paths")) {
            const fs::path shard = dir / p.get<std::string>();
            Error error;
            const std::string bytes = readText(shard, error);
            if (!error.message.empty()) return tl::unexpected(error);
            if (bytes.size() % sizeof(float) != 0) {
                return tl::unexpected(Error{ErrorCode::Truncated, shard.filename().string() + ": size is not a multiple of 4"});
            }
            const std::size_t at = data.size();
            data.resize(at + bytes.size() / sizeof(float));
            std::memcpy(data.data() + at, bytes.data(), bytes.size());
        }
        if (data.size() != floats) {
            return tl::unexpected(Error{ErrorCode::Truncated, file.filename().string() + ": the weight files hold " +
                                                                  std::to_string(data.size()) + " floats, the manifest names " +
                                                                  std::to_string(floats)});
        }
    }
    return data;
}

}  // namespace

LayersModel::LayersModel(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
LayersModel::~LayersModel() = default;

int LayersModel::scale() const { return m_impl->scale; }
int LayersModel::inputChannels() const { return m_impl->inChannels; }
std::uint64_t LayersModel::weightBytes() const { return m_impl->parameters * sizeof(float); }

std::string LayersModel::describe() const {
    std::ostringstream s;
    s << "layers-model '" << m_impl->name << "', " << m_impl->steps.size() << " layers, " << m_impl->parameters
      << " parameters, x" << m_impl->scale;
    return s.str();
}

Expected<FloatTensor> LayersModel::forward(const FloatTensor& input) const {
    if (input.shape.size() != 4 || input.shape[0] < 1 || input.shape[1] != m_impl->inChannels || input.shape[2] < 1 ||
        input.shape[3] < 1) {
        return makeError(ErrorCode::InvalidArgument, describe() + " needs input [N, " + std::to_string(m_impl->inChannels) +
                                                         ", H, W], got " + shapeToString(input.shape));
    }
    try {
        c10::InferenceMode guard;
        const at::Tensor x = toDevice(fromFloatTensor(input), m_impl->device);
        return toFloatTensor(m_impl->run(nn::toCompute(x, m_impl->precision)));
    } catch (...) {
        return tl::unexpected(currentTorchFailure(ErrorCode::Internal, m_impl->name + " forward failed: ",
                                                  m_impl->name + " forward: out of memory"));
    }
}

Expected<std::unique_ptr<LayersModel>> LayersModel::load(const fs::path& modelJson, const LayersModelLoadParams& params) {
    Error error;
    const std::string text = readText(modelJson, error);
    if (!error.message.empty()) return tl::unexpected(error);
    auto impl = std::make_unique<Impl>();
    impl->device = params.device;
    impl->precision = params.precision;
    std::map<std::string, WeightSpec> specs;
    std::vector<float> data;
    try {
        const json doc = json::parse(text);
        if (doc.value("format", "") != "layers-model") {
            return tl::unexpected(readError(modelJson, "not a TensorFlow.js layers-model (format '" + doc.value("format", "") + "')"));
        }
        const json& topology = doc.at("modelTopology");
        const json& model = topology.contains("model_config") ? topology.at("model_config") : topology;
        const std::string cls = model.value("class_name", "");
        if (cls != "Functional" && cls != "Model") {
            return tl::unexpected(readError(modelJson, "model class '" + cls + "' is not supported (a functional graph)"));
        }
        const json& config = model.at("config");
        impl->name = config.value("name", "layers-model");
        GraphBuilder builder{modelJson, *impl, {}};
        for (const json& layer : config.at("layers")) {
            if (auto ok = builder.addLayer(layer); !ok) return tl::unexpected(ok.error());
        }
        const json& inputs = config.at("input_layers");
        const json& outputs = config.at("output_layers");
        if (inputs.size() != 1 || outputs.size() != 1) return tl::unexpected(readError(modelJson, "needs one input and one output"));
        const auto out = builder.valueOf.find(outputs[0].at(0).get<std::string>());
        if (out == builder.valueOf.end()) return tl::unexpected(readError(modelJson, "the output layer is not defined"));
        impl->outputValue = out->second;
        auto shards = readShards(modelJson.parent_path(), doc.at("weightsManifest"), modelJson, specs);
        if (!shards) return tl::unexpected(shards.error());
        data = std::move(*shards);
    } catch (const json::exception& e) {
        return tl::unexpected(readError(modelJson, std::string("malformed JSON: ") + e.what()));
    }
    auto scale = graphScale(modelJson, *impl);
    if (!scale) return tl::unexpected(scale.error());
    impl->scale = *scale;
    impl->lastUse.assign(impl->steps.size() + 1, 0);
    for (std::size_t i = 0; i < impl->steps.size(); ++i) {
        for (const std::size_t v : impl->steps[i].inputs) impl->lastUse[v] = i;
    }
    try {
        c10::InferenceMode guard;
        const at::Tensor all = at::from_blob(data.data(), {static_cast<std::int64_t>(data.size())}, at::kFloat);
        auto weight = [&](const std::string& name) -> Expected<at::Tensor> {
            const auto it = specs.find(name);
            if (it == specs.end()) return tl::unexpected(Error{ErrorCode::MissingTensor, modelJson.filename().string() + ": no weight " + name});
            std::int64_t n = 1;
            for (const auto d : it->second.shape) n *= d;
            return all.narrow(0, static_cast<std::int64_t>(it->second.offset), n).view(it->second.shape).clone();
        };
        std::vector<std::int64_t> channels(impl->steps.size() + 1, 0);
        channels[0] = impl->inChannels;
        for (std::size_t i = 0; i < impl->steps.size(); ++i) {
            Step& s = impl->steps[i];
            std::int64_t c = 0;
            for (const std::size_t v : s.inputs) c = s.kind == StepKind::Concat ? c + channels[v] : channels[v];
            if (s.kind == StepKind::Add) {
                for (const std::size_t v : s.inputs) {
                    if (channels[v] != c) return tl::unexpected(readError(modelJson, "layer '" + s.name + "' adds tensors of different channels"));
                }
            }
            if (s.kind == StepKind::Conv) {
                auto k = weight(s.name + "/kernel");
                if (!k) return tl::unexpected(k.error());
                if (k->dim() != 4 || k->size(2) != c) {
                    return tl::unexpected(Error{ErrorCode::ShapeMismatch, modelJson.filename().string() + ": " + s.name +
                                                                              "/kernel must be [kh, kw, " + std::to_string(c) + ", out]"});
                }
                impl->parameters += static_cast<std::uint64_t>(k->numel());
                s.weight = nn::toCompute(toDevice(k->permute({3, 2, 0, 1}).contiguous(), params.device), params.precision);
                if (specs.count(s.name + "/bias")) {
                    auto b = weight(s.name + "/bias");
                    if (!b) return tl::unexpected(b.error());
                    if (b->dim() != 1 || b->size(0) != s.weight.size(0)) {
                        return tl::unexpected(Error{ErrorCode::ShapeMismatch, modelJson.filename().string() + ": " + s.name + "/bias has the wrong size"});
                    }
                    impl->parameters += static_cast<std::uint64_t>(b->numel());
                    s.bias = nn::toCompute(toDevice(*b, params.device), params.precision);
                }
                c = s.weight.size(0);
            }
            channels[i + 1] = c;
        }
        return std::unique_ptr<LayersModel>(new LayersModel(std::move(impl)));
    } catch (...) {
        return tl::unexpected(currentBuildFailure(modelJson.filename().string(), params.device));
    }
}

}  // namespace gpen
