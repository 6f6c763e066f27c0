// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the reference network's channel table and layer naming, shared by the spec, the
// architecture inference and the builder.

#include "gpen/nn/gpen_generator.h"

namespace gpen::nn {

// Reference `channels[size]`: int(base * channel_multiplier * narrow), truncated like Python's
// int().
int gpenChannels(const GpenArchitecture& arch, int size);
int log2Exact(int size);  // -1 when size is not a power of two
// Number of encoder stages ecd0..ecd{n-1}: log2(inSize) - 1.
int gpenEncoderStages(const GpenArchitecture& arch);
// Number of ToRGB skips after to_rgb1: log2(outSize) - 2.
int gpenDecoderLevels(const GpenArchitecture& arch);

}  // namespace gpen::nn
