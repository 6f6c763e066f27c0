// SPDX-License-Identifier: Apache-2.0
#include "gpen/base/float_tensor.h"

namespace gpen {

std::int64_t shapeNumel(const Shape& shape) {
    std::int64_t n = 1;
    for (const auto d : shape) {
        n *= d;
    }
    return n;
}

std::string shapeToString(const Shape& shape) {
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i != 0) {
            s += ", ";
        }
        s += std::to_string(shape[i]);
    }
    return s + "]";
}

}  // namespace gpen
