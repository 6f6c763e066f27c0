// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gpen {

using Shape = std::vector<std::int64_t>;

std::int64_t shapeNumel(const Shape& shape);
std::string shapeToString(const Shape& shape);  // "[1, 3, 512, 512]"

// A dense float32 tensor in C order: the value type that carries data across core's public
// API so that no public header needs torch. Images are NCHW.
struct FloatTensor {
    Shape shape;
    std::vector<float> data;

    FloatTensor() = default;
    explicit FloatTensor(Shape s)
        : shape(std::move(s)), data(static_cast<std::size_t>(shapeNumel(shape))) {}
    FloatTensor(Shape s, std::vector<float> d) : shape(std::move(s)), data(std::move(d)) {}

    std::int64_t numel() const { return static_cast<std::int64_t>(data.size()); }
};

}  // namespace gpen
