#include "gpen/pipeline/restore_file.h"

#include <chrono>

namespace gpen {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point since) {
    return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

}  // namespace

Expected<RestoreFileResult> restoreFile(ModelCache& cache, const std::filesystem::path& in,
                                        const std::filesystem::path& out, const RestoreFileParams& params) {
    RestoreFileResult r;
    auto started = Clock::now();
    auto image = readImage(in, params.read);
    if (!image) return tl::unexpected(image.error());
    r.decodeMs = msSince(started);
    r.inputSize = image->bgr8.size();
    r.sixteenBit = !image->bgr16.empty();

    started = Clock::now();
    auto restored = restorePhoto(cache, image->bgr8, params.restore);
    if (!restored) {
        Error e = restored.error();
        if (e.code != ErrorCode::Cancelled) e = withContext(std::move(e), in.filename().string());
        return tl::unexpected(e);
    }
    r.restoreMs = msSince(started);

    started = Clock::now();
    WriteRestoredParams write = params.write;
    if (write.processingNote.empty()) write.processingNote = processingNote(params.restore, *restored);
    if (auto ok = writeRestored(*image, in, restored->image, out, write); !ok) return tl::unexpected(ok.error());
    r.encodeMs = msSince(started);
    r.restore = std::move(*restored);
    // What the decoder accepted against its will (damaged JPEG data decoded around) leads the notes.
    r.restore.notes.insert(r.restore.notes.begin(), image->warnings.begin(), image->warnings.end());
    return r;
}

}  // namespace gpen
