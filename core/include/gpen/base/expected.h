// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include <tl/expected.hpp>

namespace gpen {

// What went wrong, coarsely; the message says it precisely for a person.
enum class ErrorCode {
    Io,                 // the file could not be opened, read or written
    NoSpace,            // a write failed because the disk (or the user's quota) is full
    NotACheckpoint,     // the bytes are not a torch.save file at all
    Truncated,          // the file ends before its own structure says it should
    UnsupportedGlobal,  // the pickle names a global outside the allow-list
    Malformed,          // structure present but inconsistent
    MissingTensor,      // a tensor the network needs is absent
    ShapeMismatch,      // a tensor has the wrong shape
    NonFinite,          // a tensor holds NaN or infinity (corrupt bytes)
    UnsupportedArchitecture,
    InvalidArgument,
    TooLarge,  // an image over the pixel limit asked for (ImageReadParams::maxPixels)
    OutOfMemory,
    Device,
    Network,       // a download failed: no answer, an HTTP error, a cut or stalled transfer
    Checksum,      // downloaded bytes whose SHA-256 is not the published file's
    Cancelled,     // not an error to report as a failure: the user asked for it
    NotInstalled,  // a model the work needs has no file in the models folders
    NotAnImage,    // the bytes are none of the image formats read (PNG, JPEG, TIFF, WebP, BMP)
    Internal,      // the last: tests walk every code up to it
};

// The code's name in files we write ("not_an_image": the batch report), and back (Internal for
// a name we do not know: a report from a newer version).
const char* errorCodeName(ErrorCode code);
ErrorCode errorCodeNamed(std::string_view name);

struct Error {
    ErrorCode code = ErrorCode::Internal;
    std::string message;
};

template <class T>
using Expected = tl::expected<T, Error>;

inline tl::unexpected<Error> makeError(ErrorCode code, std::string message) {
    return tl::unexpected<Error>(Error{code, std::move(message)});
}

// Prefixes the message with the thing it concerns ("GPEN-BFR-512.pth: ..."): every message names
// its file or model first this way, which the GUI relies on to name it in the user's language
// (ui/common/core_text.h).
inline Error withContext(Error error, const std::string& context) {
    if (!context.empty()) {
        error.message = context + ": " + error.message;
    }
    return error;
}

}  // namespace gpen
