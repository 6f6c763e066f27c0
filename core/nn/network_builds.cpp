// SPDX-License-Identifier: Apache-2.0
#include "nn/network_builds.h"

#include <atomic>
#include <cstdint>

#include "gpen/nn/network_builds.h"

namespace gpen {
namespace {

std::atomic<std::uint64_t> g_networksBuilt{0};

}  // namespace

namespace nn {

void countNetworkBuild() {
    g_networksBuilt.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace nn

std::uint64_t networksBuilt() {
    return g_networksBuilt.load(std::memory_order_relaxed);
}

}  // namespace gpen
