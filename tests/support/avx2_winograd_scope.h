// SPDX-License-Identifier: Apache-2.0
#pragma once

// Our AVX2 Winograd kernels (core-internal nn/winograd43_conv) forced for the networks built in
// a scope, so that their paths are checked on AVX-512 machines too, where oneDNN's kernels are
// preferred and ours would otherwise never run. Tests that use it see core's private headers.

#include <optional>

#include "nn/winograd43_conv.h"
#include "nn/winograd43_kernels.h"

namespace gpen::test {

class Avx2WinogradScope {
  public:
    explicit Avx2WinogradScope(bool force) {
        if (force) {
            nn::Winograd43Conv::overridePreference(true);
        }
    }
    ~Avx2WinogradScope() { nn::Winograd43Conv::overridePreference(std::nullopt); }
    Avx2WinogradScope(const Avx2WinogradScope&) = delete;
    Avx2WinogradScope& operator=(const Avx2WinogradScope&) = delete;

    // Whether the CPU can run them at all.
    static bool available() { return nn::wino43::cpuHasAvx2Fma(); }
};

}  // namespace gpen::test
