// SPDX-License-Identifier: Apache-2.0
#include <utility>

#include "gpen/base/expected.h"

namespace gpen {
namespace {

constexpr std::pair<ErrorCode, const char*> kNames[] = {
    {ErrorCode::Io, "io"},
    {ErrorCode::NoSpace, "no_space"},
    {ErrorCode::NotACheckpoint, "not_a_checkpoint"},
    {ErrorCode::Truncated, "truncated"},
    {ErrorCode::UnsupportedGlobal, "unsupported_global"},
    {ErrorCode::Malformed, "malformed"},
    {ErrorCode::MissingTensor, "missing_tensor"},
    {ErrorCode::ShapeMismatch, "shape_mismatch"},
    {ErrorCode::NonFinite, "non_finite"},
    {ErrorCode::UnsupportedArchitecture, "unsupported_architecture"},
    {ErrorCode::InvalidArgument, "invalid_argument"},
    {ErrorCode::TooLarge, "too_large"},
    {ErrorCode::OutOfMemory, "out_of_memory"},
    {ErrorCode::Device, "device"},
    {ErrorCode::Network, "network"},
    {ErrorCode::Checksum, "checksum"},
    {ErrorCode::Cancelled, "cancelled"},
    {ErrorCode::NotInstalled, "not_installed"},
    {ErrorCode::NotAnImage, "not_an_image"},
    {ErrorCode::Internal, "internal"},
};

}  // namespace

const char* errorCodeName(ErrorCode code) {
    for (const auto& [c, name] : kNames)
        if (c == code) return name;
    return "internal";
}

ErrorCode errorCodeNamed(std::string_view name) {
    for (const auto& [c, n] : kNames)
        if (name == n) return c;
    return ErrorCode::Internal;
}

}  // namespace gpen
