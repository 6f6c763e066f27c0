// SPDX-License-Identifier: Apache-2.0
#pragma once

// NCNN's model files (Tencent ncnn: a text `.param` graph and a binary `.bin` of weights), read as
// data: the layer list with its parameters, and the weights of the few layer types our networks
// are built from, as float32. What Upscayl ships Real-ESRGAN as. Bounded like every reader here:
// a file over its size limit, a count out of range, an unknown layer type, weights that run past
// the end or leave bytes over, or a value that is not finite is a clear error naming the file.
// The reader builds nothing; a network checks the layer sequence and shapes against its own.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "gpen/base/expected.h"
#include "gpen/base/float_tensor.h"

namespace gpen {

struct NcnnLayer {
    std::string type;  // "Convolution", "PReLU", "Interp", ...
    std::string name;
    std::vector<std::string> bottoms, tops;
    // id -> value as written: "64", "2.000000e+00"; an array (written with id -23300 - k) as its
    // values joined by commas, under k.
    std::map<int, std::string> params;
    // Convolution: the kernel [out, in, k, k] and, when it has one, the bias [out]; PReLU: the
    // slopes [n]. Other types: none.
    std::vector<FloatTensor> weights;

    int intParam(int id, int fallback) const;
};

struct NcnnModel {
    std::vector<NcnnLayer> layers;
    std::vector<const NcnnLayer*> ofType(const std::string& type) const;
};

struct NcnnReadLimits {
    std::uint64_t maxParamBytes = 4ull << 20;
    std::uint64_t maxBinBytes = 1ull << 30;
    int maxLayers = 20000;
};

// `param` and the `.bin` beside it (same name, extension .bin).
Expected<NcnnModel> readNcnnModel(const std::filesystem::path& param,
                                  const NcnnReadLimits& limits = {});

}  // namespace gpen
