// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the one translation of libtorch's exceptions into our errors, shared by every
// network's build and forward. Call only from inside a catch (...) block: the exception in flight
// is examined; one that is neither c10::Error nor std::bad_alloc is rethrown unchanged.

#include <string>

#include "gpen/base/expected.h"
#include "gpen/nn/runtime.h"

namespace gpen::nn {

// c10::Error -> `code` with "<prefix><libtorch's message without backtrace>"; std::bad_alloc,
// c10::OutOfMemoryError (CUDA) and a c10::Error that reports a failed allocation (the CPU
// allocator's "can't allocate memory") -> OutOfMemory with `outOfMemory`, so that callers can
// halve a tile and try again (base/allocation_failure.h tells the last).
Error currentTorchFailure(ErrorCode code, const std::string& prefix,
                          const std::string& outOfMemory);

// Building a network from `source` on `device`: "<source>: cannot build the network on <device>:
// ..." (Device) or "<source>: out of memory while building the network".
Error currentBuildFailure(const std::string& source, const Device& device);

// Thrown by a network's forward between its layers when the caller's stop token is set; the
// forward turns it into ErrorCode::Cancelled.
struct ForwardCancelled {};

}  // namespace gpen::nn
