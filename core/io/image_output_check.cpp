// SPDX-License-Identifier: Apache-2.0
#include "gpen/io/image_output_check.h"

#include <array>
#include <string>
#include <string_view>

#include "gpen/base/ascii.h"

namespace gpen {

Expected<void> checkImageOutputPath(const std::filesystem::path& path) {
    const std::string shown = path.string();
    if (shown.empty()) return makeError(ErrorCode::InvalidArgument, "the output path is empty");
    if (!path.has_filename()) {
        return makeError(
            ErrorCode::InvalidArgument,
            shown + ": the output path names a folder (it ends in '/'); give a file name");
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        return makeError(ErrorCode::InvalidArgument,
                         shown + ": is a folder; give a file name (for example " +
                             (path / "restored.png").string() + ")");
    }
    const std::string ext = asciiLower(path.extension().string());
    static constexpr std::array<std::string_view, 8> kWritable = {"",     ".png",  ".jpg",  ".jpeg",
                                                                  ".tif", ".tiff", ".webp", ".bmp"};
    bool known = false;
    for (const auto k : kWritable) known = known || ext == k;
    if (!known) {
        return makeError(
            ErrorCode::InvalidArgument,
            shown + ": cannot write '" + ext + "' files (use .png, .jpg, .tif, .webp or .bmp)");
    }
    const auto folder =
        path.parent_path().empty() ? std::filesystem::path(".") : path.parent_path();
    if (!std::filesystem::is_directory(folder, ec)) {
        return makeError(ErrorCode::Io,
                         shown + ": the folder " + folder.string() + " does not exist");
    }
    return {};
}

}  // namespace gpen
