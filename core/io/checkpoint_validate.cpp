// SPDX-License-Identifier: Apache-2.0
// validateStateDict: the check a network runs on loaded weights before building itself, so that
// a wrong or damaged file is reported by name instead of failing deep inside a forward pass.

#include <new>

#include <ATen/ATen.h>

#include "gpen/io/checkpoint.h"
#include "io/state_dict_access.h"

namespace gpen {

Expected<void> validateStateDict(const StateDict& dict, const std::vector<TensorSpec>& specs,
                                 const std::string& source) {
    const auto problem = [&](ErrorCode code, const std::string& message) -> Expected<void> {
        return tl::unexpected<Error>(withContext(Error{code, message}, source));
    };
    try {
        for (const auto& spec : specs) {
            const at::Tensor tensor = findTensor(dict, spec.name);
            if (!tensor.defined()) {
                return problem(ErrorCode::MissingTensor, "tensor " + spec.name + " is missing");
            }
            const Shape shape(tensor.sizes().begin(), tensor.sizes().end());
            if (shape != spec.shape) {
                return problem(ErrorCode::ShapeMismatch,
                               "tensor " + spec.name + " has shape " + shapeToString(shape) +
                                   " where " + shapeToString(spec.shape) + " is needed");
            }
            if (at::isFloatingType(tensor.scalar_type()) && tensor.numel() > 0 &&
                !tensor.is_meta() && !at::isfinite(tensor).all().item<bool>()) {
                return problem(ErrorCode::NonFinite,
                               "tensor " + spec.name + " holds non-finite values (corrupt file?)");
            }
        }
    } catch (const c10::Error& e) {
        return problem(ErrorCode::Internal, e.what_without_backtrace());
    } catch (const std::bad_alloc&) {
        return problem(ErrorCode::OutOfMemory, "out of memory while checking the weights");
    }
    return {};
}

}  // namespace gpen
