#pragma once

// Core-internal: each network's create() counts a build here once its architecture check has
// passed, just before it builds (see networksBuilt() in gpen/nn/runtime.h).

namespace gpen::nn {

void countNetworkBuild();

}  // namespace gpen::nn
