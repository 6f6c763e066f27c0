// SPDX-License-Identifier: Apache-2.0
#include "nn/border_pad.h"

#include <ATen/ATen.h>

namespace gpen::nn {
namespace {

// The interior copied in, then rows and columns (corners included) taken from `source` rows /
// columns of the padded tensor itself, which already hold the interior.
at::Tensor padOne(const at::Tensor& x, std::int64_t top, std::int64_t bottom, std::int64_t left,
                  std::int64_t right) {
    const std::int64_t h = x.size(2);
    const std::int64_t w = x.size(3);
    at::Tensor out = at::empty({x.size(0), x.size(1), h + 2, w + 2},
                               x.options().memory_format(x.suggest_memory_format()));
    out.narrow(2, 1, h).narrow(3, 1, w).copy_(x);
    at::Tensor inner = out.narrow(3, 1, w);
    inner.select(2, 0).copy_(inner.select(2, top));
    inner.select(2, h + 1).copy_(inner.select(2, bottom));
    out.select(3, 0).copy_(out.select(3, left));
    out.select(3, w + 1).copy_(out.select(3, right));
    return out;
}

}  // namespace

at::Tensor reflectPad1(const at::Tensor& x) {
    // Padded row 0 mirrors input row 1 = padded row 2; padded row h + 1 mirrors input row h - 2.
    return padOne(x, 2, x.size(2) - 1, 2, x.size(3) - 1);
}

at::Tensor replicatePad1(const at::Tensor& x) {
    return padOne(x, 1, x.size(2), 1, x.size(3));
}

}  // namespace gpen::nn
