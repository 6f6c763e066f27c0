// SPDX-License-Identifier: Apache-2.0
#pragma once

// TensorFlow.js graph models (`model.json`: a GraphDef's nodes and a weights manifest, beside
// one or more binary weight shards), read as data: what the identity descriptor (faceres) ships
// as. Weights stored as float32 or as float16 are given as float32, int32 ones as integers.
// Bounded like every reader here: a file over its size limit, a count out of range, a shard name
// that is not a plain file name, weights that run past the end of their shards or leave bytes
// over, a quantisation other than float16, or a value that is not finite is a clear error naming
// the file. The reader builds and runs nothing; a network checks the ops it needs.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"

namespace gpen {

struct TfjsNode {
    std::string name;
    std::string op;  // "Conv2D", "Const", "Placeholder", ...
    std::vector<std::string>
        inputs;  // node names (a ":0" output suffix dropped; "^" control inputs left out)
    // The attributes our networks read; absent ones stay empty.
    std::vector<std::int64_t> strides, dilations;
    std::string padding;     // "SAME", "VALID", "EXPLICIT"
    std::string dataFormat;  // "NHWC", "NCHW"
    bool keepDims = false;
    Shape shape;  // a Placeholder's declared shape (-1: any size)
};

struct TfjsGraphModel {
    std::vector<TfjsNode> nodes;                 // in the file's order
    std::map<std::string, FloatTensor> weights;  // float weights, by name, in TF's layout
    std::map<std::string, std::vector<std::int64_t>> integers;  // int32 weights, by name
    const TfjsNode* node(const std::string& name) const;
};

struct TfjsReadLimits {
    std::uint64_t maxJsonBytes = 16ull << 20;
    std::uint64_t maxWeightBytes = 512ull << 20;  // all shards together
    std::size_t maxNodes = 100000;
    std::size_t maxWeights = 100000;
};

// `json` and the shards its manifest names (in the same folder).
Expected<TfjsGraphModel> readTfjsGraphModel(const std::filesystem::path& json,
                                            const TfjsReadLimits& limits = {});

}  // namespace gpen
