// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

namespace gpen {

// How many networks (GPEN, RRDBNet, ParseNet, RetinaFace) this process has started to build from
// checkpoints. A build starts only after the file passed its architecture check, so a refused
// file never counts: diagnostics, and the tests' proof that a wrong file built nothing.
std::uint64_t networksBuilt();

}  // namespace gpen
