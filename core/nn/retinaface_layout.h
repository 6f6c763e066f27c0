// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the layer layout shared by RetinaFace's spec and builder.

#include <array>

namespace gpen::nn {

// Bottleneck blocks of torchvision's resnet50 in layer1..layer4.
inline constexpr std::array<int, 4> kResnet50Blocks = {3, 4, 6, 3};

struct RetinaFaceHeadLayout {
    const char* name;
    int values;  // per anchor
};
// In the reference's state-dict order.
inline constexpr std::array<RetinaFaceHeadLayout, 3> kRetinaFaceHeads = {
    {{"ClassHead", 2}, {"BboxHead", 4}, {"LandmarkHead", 10}}};

}  // namespace gpen::nn
