// SPDX-License-Identifier: Apache-2.0
#include "nn/torch_failure.h"

#include <new>

#include <c10/util/Exception.h>

#include "base/allocation_failure.h"

namespace gpen::nn {

Error currentTorchFailure(ErrorCode code, const std::string& prefix,
                          const std::string& outOfMemory) {
    try {
        throw;
    } catch (const c10::OutOfMemoryError&) {
        return Error{ErrorCode::OutOfMemory, outOfMemory};
    } catch (const c10::Error& e) {
        // The CPU allocator reports a failed allocation as a plain c10::Error.
        if (base::isAllocationFailure(e.what_without_backtrace())) {
            return Error{ErrorCode::OutOfMemory, outOfMemory};
        }
        return Error{code, prefix + e.what_without_backtrace()};
    } catch (const std::bad_alloc&) {
        return Error{ErrorCode::OutOfMemory, outOfMemory};
    }
}

Error currentBuildFailure(const std::string& source, const Device& device) {
    return currentTorchFailure(ErrorCode::Device,
                               source + ": cannot build the network on " + device.toString() + ": ",
                               source + ": out of memory while building the network");
}

}  // namespace gpen::nn
