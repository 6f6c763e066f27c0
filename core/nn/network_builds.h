// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: each network's create() counts a build here once its architecture check has
// passed, just before it builds (read by networksBuilt() in gpen/nn/network_builds.h).

namespace gpen::nn {

void countNetworkBuild();

}  // namespace gpen::nn
