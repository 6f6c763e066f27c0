// SPDX-License-Identifier: Apache-2.0
#include "gpen/face/damage_repair.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <vector>

#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/photo.hpp>
#include <opencv2/xphoto/inpainting.hpp>

namespace gpen {
namespace {

// cv::inpaint's neighbourhood: a scratch a few pixels wide is filled from the ring around it.
constexpr double kInpaintRadius = 3.0;
// The photo is filled tile by tile: a tile with no damage costs nothing, and the tiles of one
// pass are filled in parallel.
constexpr int kTile = 128;
// FSR's block: it fills only whole blocks of this size.
constexpr int kFsrBlock = 16;

int marginFor(FillMethod method) {
    // FSR models each 16-pixel block from the blocks around it (a margin of 32 measured no
    // better: 0.01 dB); the fast-marching methods read only `kInpaintRadius` beyond the damage.
    return method == FillMethod::FsrFast ? kFsrBlock : static_cast<int>(kInpaintRadius) + 3;
}

// What Auto fills with: FSR measured best on every kind of damage (dust, scratches, cracks) on
// every shared photo, 2-3 dB inside the damage above the fast-marching methods
// (docs/MEASUREMENTS.md, "Damage repair").
constexpr FillMethod kAutoMethod = FillMethod::FsrFast;

// cv::inpaint (Telea or Navier-Stokes). It leaves the image's outermost pixels as they were: the
// patch is mirrored out by one pixel (its damage too), filled, and cut back.
cv::Mat fillMarching(const cv::Mat& patch, const cv::Mat& damage, int flags) {
    cv::Mat padded, marks, out;
    cv::copyMakeBorder(patch, padded, 1, 1, 1, 1, cv::BORDER_REFLECT_101);
    cv::copyMakeBorder(damage, marks, 1, 1, 1, 1, cv::BORDER_REFLECT_101);
    cv::inpaint(padded, marks, out, kInpaintRadius, flags);
    return out(cv::Rect(1, 1, patch.cols, patch.rows));
}

// cv::xphoto's FSR on one channel. It works in whole blocks and silently leaves the damage in a
// last, partial row or column of blocks as it was: the patch is mirrored out to whole blocks (the
// mirrored damage marked too), filled, and cut back.
cv::Mat fillFsr(const cv::Mat& channel, const cv::Mat& damage) {
    const int bottom = (kFsrBlock - channel.rows % kFsrBlock) % kFsrBlock;
    const int right = (kFsrBlock - channel.cols % kFsrBlock) % kFsrBlock;
    cv::Mat padded, valid, out;
    cv::copyMakeBorder(channel, padded, 0, bottom, 0, right, cv::BORDER_REFLECT_101);
    cv::copyMakeBorder(damage == 0, valid, 0, bottom, 0, right,
                       cv::BORDER_REFLECT_101);  // FSR's mask marks what is known
    cv::xphoto::inpaint(padded, valid, out, cv::xphoto::INPAINT_FSR_FAST);
    return out(cv::Rect(0, 0, channel.cols, channel.rows));
}

// Fills the non-zero pixels of `damage` in `patch` (8-bit, 1 or 3 channels) in place.
void fill(cv::Mat& patch, const cv::Mat& damage, FillMethod method) {
    cv::Mat out;
    switch (method) {
        case FillMethod::Telea:
            out = fillMarching(patch, damage, cv::INPAINT_TELEA);
            break;
        case FillMethod::NavierStokes:
            out = fillMarching(patch, damage, cv::INPAINT_NS);
            break;
        case FillMethod::Auto:
        case FillMethod::FsrFast: {
            if (patch.channels() == 1) {
                out = fillFsr(patch, damage);
                break;
            }
            // A colour patch: FSR on its luma, where the detail is; the chroma, smooth on a
            // print, by Navier-Stokes: 35-40 % less time than FSR on all three channels, 0.15-0.35
            // dB less inside the damage (docs/MEASUREMENTS.md).
            cv::Mat ycc;
            cv::cvtColor(patch, ycc, cv::COLOR_BGR2YCrCb);
            cv::Mat filled = fillMarching(ycc, damage, cv::INPAINT_NS);
            cv::Mat luma;
            cv::extractChannel(ycc, luma, 0);
            cv::insertChannel(fillFsr(luma, damage), filled, 0);
            cv::cvtColor(filled, out, cv::COLOR_YCrCb2BGR);
            break;
        }
    }
    out.copyTo(patch, damage);
}

bool channelsEqual(const cv::Mat& bgr8) {
    if (bgr8.channels() == 1) return true;
    std::vector<cv::Mat> c;
    cv::split(bgr8, c);
    return cv::countNonZero(c[0] != c[1]) == 0 && cv::countNonZero(c[1] != c[2]) == 0;
}

}  // namespace

std::string_view fillMethodName(FillMethod method) {
    switch (method) {
        case FillMethod::Auto:
            return "auto";
        case FillMethod::Telea:
            return "telea";
        case FillMethod::NavierStokes:
            return "navier-stokes";
        case FillMethod::FsrFast:
            return "fsr-fast";
    }
    return "auto";
}

Expected<cv::Mat> repairDamage(const cv::Mat& bgr8, const cv::Mat& mask,
                               const DamageRepairParams& params, DamageRepairStats* stats) {
    if (bgr8.empty() || bgr8.depth() != CV_8U || (bgr8.channels() != 3 && bgr8.channels() != 1))
        return makeError(ErrorCode::InvalidArgument, "repairing damage: expected an 8-bit photo");
    if (mask.size() != bgr8.size() || mask.type() != CV_8UC1)
        return makeError(ErrorCode::InvalidArgument,
                         "repairing damage: the mask must be 8-bit, one channel, the photo's size");
    try {
        cv::Mat damage = mask > 0;
        if (params.grow > 0) {
            const int g = params.grow;
            cv::dilate(
                damage, damage,
                cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(2 * g + 1, 2 * g + 1)));
        }
        DamageRepairStats s;
        s.pixels = cv::countNonZero(damage);
        s.share = static_cast<double>(s.pixels) / static_cast<double>(damage.total());
        if (stats) *stats = s;  // the share, also for a refused mask
        if (s.share > params.maxShare) {
            return makeError(ErrorCode::InvalidArgument,
                             "the damage covers " + std::to_string(cvRound(s.share * 100)) +
                                 " % of the photo: too much to fill without smearing it");
        }
        // A gray photo is filled as one channel: it stays gray, at a third of the cost.
        const bool gray = bgr8.channels() == 1 || channelsEqual(bgr8);
        cv::Mat work;
        if (gray && bgr8.channels() == 3)
            cv::extractChannel(bgr8, work, 0);
        else
            work = bgr8.clone();

        // Regions, for the summary (the fill itself goes tile by tile).
        cv::Mat labels, boxes, centroids;
        const int n = cv::connectedComponentsWithStats(damage, labels, boxes, centroids, 8, CV_32S);
        for (int i = 1; i < n; ++i) {
            ++s.regions;
            s.specks += std::max(boxes.at<int>(i, cv::CC_STAT_WIDTH),
                                 boxes.at<int>(i, cv::CC_STAT_HEIGHT)) <= kSpeckSize
                            ? 1
                            : 0;
        }
        labels.release();

        // The photo in tiles, each filled from its own neighbourhood (the tile and a margin), so
        // that a scan costs what its damage costs. The tiles go in four passes, one per corner of
        // each 2x2 block: the tiles of one pass are a tile apart, so they are filled at once on
        // every core, each reading its neighbours (filled in an earlier pass, or still marked as
        // damage, which the fills never read) and writing only itself.
        const FillMethod method = params.method == FillMethod::Auto ? kAutoMethod : params.method;
        const int margin = marginFor(method);
        const cv::Rect whole(0, 0, work.cols, work.rows);
        cv::Mat pending = damage;  // what is still to fill
        const int across = (work.cols + kTile - 1) / kTile;
        const int down = (work.rows + kTile - 1) / kTile;
        std::atomic<bool> failed{false};
        std::string failure;
        std::mutex failureLock;
        for (int pass = 0; pass < 4; ++pass) {
            if (params.stop.stop_requested()) return makeError(ErrorCode::Cancelled, "Cancelled");
            std::vector<cv::Rect> tiles;
            for (int ty = pass / 2; ty < down; ty += 2) {
                for (int tx = pass % 2; tx < across; tx += 2) {
                    const cv::Rect tile = cv::Rect(tx * kTile, ty * kTile, kTile, kTile) & whole;
                    if (cv::countNonZero(pending(tile)) > 0) tiles.push_back(tile);
                }
            }
            cv::parallel_for_(
                cv::Range(0, static_cast<int>(tiles.size())), [&](const cv::Range& range) {
                    for (int t = range.start; t < range.end; ++t) {
                        if (failed || params.stop.stop_requested()) return;
                        const cv::Rect& tile = tiles[static_cast<std::size_t>(t)];
                        try {
                            const cv::Rect around =
                                cv::Rect(tile.x - margin, tile.y - margin, tile.width + 2 * margin,
                                         tile.height + 2 * margin) &
                                whole;
                            cv::Mat patch = work(around).clone();
                            fill(patch, pending(around), method);
                            const cv::Rect inPatch(tile.x - around.x, tile.y - around.y, tile.width,
                                                   tile.height);
                            cv::Mat target = work(tile);
                            patch(inPatch).copyTo(target, pending(tile));
                        } catch (const std::exception& e) {  // cv::Exception, bad_alloc
                            const std::lock_guard lock(failureLock);
                            failure = e.what();
                            failed = true;
                        }
                    }
                });
            if (failed) return makeError(ErrorCode::Internal, "repairing damage: " + failure);
            for (const cv::Rect& tile : tiles) pending(tile).setTo(0);
        }
        if (params.stop.stop_requested()) return makeError(ErrorCode::Cancelled, "Cancelled");
        if (stats) *stats = s;
        if (gray && bgr8.channels() == 3) {
            cv::Mat out;
            cv::merge(std::vector<cv::Mat>{work, work, work}, out);
            return out;
        }
        return work;
    } catch (const cv::Exception& e) {
        return makeError(ErrorCode::Internal, "repairing damage: " + e.msg);
    } catch (const std::bad_alloc&) {
        return makeError(ErrorCode::OutOfMemory, "repairing damage: out of memory");
    }
}

}  // namespace gpen
