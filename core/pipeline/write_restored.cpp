// SPDX-License-Identifier: Apache-2.0
#include "gpen/pipeline/write_restored.h"

#include <opencv2/core.hpp>

// Apart from restore_job.cpp: the GUI's Save links this without pulling the pipeline (and its
// libraries) in with it.

namespace gpen {

Expected<void> writeRestored(const DecodedImage& original,
                             const std::filesystem::path& originalPath, const cv::Mat& restored,
                             const std::filesystem::path& out, const WriteRestoredParams& params) {
    if (restored.empty() || restored.type() != CV_8UC3) {
        return makeError(ErrorCode::InvalidArgument,
                         out.filename().string() + ": the restored image must be 8-bit BGR");
    }
    if (!original.bgr8.empty() &&
        (restored.cols % original.bgr8.cols != 0 || restored.rows % original.bgr8.rows != 0 ||
         restored.cols / original.bgr8.cols != restored.rows / original.bgr8.rows)) {
        return makeError(ErrorCode::InvalidArgument,
                         out.filename().string() +
                             ": the restored image is not the original's size or a multiple of it");
    }
    ImageWriteParams write;
    write.jpegQuality = params.quality;
    write.pngCompression = params.pngCompression;
    if (params.copyMetadata) write.metadataFrom = originalPath;
    write.processingNote = params.processingNote;
    write.atomic = params.atomic;
    try {
        return writeImageAtomic(
            out, original.bgr8.empty() ? restored : toInputLayout(original, restored), write);
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Internal, out.filename().string() + ": " + e.msg);
    } catch (const std::bad_alloc&) {
        return makeError(ErrorCode::OutOfMemory,
                         out.filename().string() + ": not enough memory to encode it");
    }
}

}  // namespace gpen
