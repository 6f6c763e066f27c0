#include "gpen/face/damage_repair.h"

#include <algorithm>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>
#include <opencv2/photo.hpp>
#include <opencv2/xphoto/inpainting.hpp>

namespace gpen {
namespace {

// cv::inpaint's neighbourhood: a scratch a few pixels wide is filled from the ring around it.
constexpr double kInpaintRadius = 3.0;
// A long scratch across a scan is filled tile by tile along it, so that its cost follows its
// length, not its bounding box (a diagonal scratch's box is the whole photo).
constexpr int kTile = 256;

int marginFor(FillMethod method) {
    // FSR models each 16-pixel block from a neighbourhood twice that size; the fast-marching
    // methods read only `kInpaintRadius` beyond the damage.
    return method == FillMethod::FsrFast ? 32 : static_cast<int>(kInpaintRadius) + 3;
}

// The method measured best for a region of this shape (docs/MEASUREMENTS.md, "Damage repair"):
// Navier-Stokes for specks (FSR's block model smears some of them badly: 14.6 dB on one cat's
// dust where Navier-Stokes gives 27.5), FSR for scratches and cracks, whose long edges it
// continues better than the fast-marching methods.
FillMethod chooseMethod(cv::Size box) {
    return std::max(box.width, box.height) <= kSpeckSize ? FillMethod::NavierStokes
                                                         : FillMethod::FsrFast;
}

// Fills the non-zero pixels of `damage` in `patch` (8-bit, 1 or 3 channels) in place.
void fill(cv::Mat& patch, const cv::Mat& damage, FillMethod method) {
    cv::Mat out;
    switch (method) {
        case FillMethod::Telea:
            cv::inpaint(patch, damage, out, kInpaintRadius, cv::INPAINT_TELEA);
            break;
        case FillMethod::NavierStokes:
        case FillMethod::Auto:
            cv::inpaint(patch, damage, out, kInpaintRadius, cv::INPAINT_NS);
            break;
        case FillMethod::FsrFast: {
            cv::Mat valid = damage == 0;  // FSR's mask marks what is known
            cv::xphoto::inpaint(patch, valid, out, cv::xphoto::INPAINT_FSR_FAST);
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

        cv::Mat labels, boxes, centroids;
        const int n = cv::connectedComponentsWithStats(damage, labels, boxes, centroids, 8, CV_32S);
        // What is still to fill: a region filled already is ground for its neighbours.
        cv::Mat pending = damage.clone();
        const cv::Rect whole(0, 0, work.cols, work.rows);
        for (int i = 1; i < n; ++i) {
            if (params.stop.stop_requested()) return makeError(ErrorCode::Cancelled, "Cancelled");
            const cv::Rect box(
                boxes.at<int>(i, cv::CC_STAT_LEFT), boxes.at<int>(i, cv::CC_STAT_TOP),
                boxes.at<int>(i, cv::CC_STAT_WIDTH), boxes.at<int>(i, cv::CC_STAT_HEIGHT));
            const FillMethod method =
                params.method == FillMethod::Auto ? chooseMethod(box.size()) : params.method;
            ++s.regions;
            s.specks += std::max(box.width, box.height) <= kSpeckSize ? 1 : 0;
            const int margin = marginFor(method);
            for (int ty = box.y; ty < box.y + box.height; ty += kTile) {
                for (int tx = box.x; tx < box.x + box.width; tx += kTile) {
                    const cv::Rect tile =
                        cv::Rect(tx, ty, kTile, kTile) & box;  // within the region's box
                    const cv::Mat here = labels(tile) == i;
                    if (cv::countNonZero(here) == 0) continue;
                    const cv::Rect around =
                        cv::Rect(tile.x - margin, tile.y - margin, tile.width + 2 * margin,
                                 tile.height + 2 * margin) &
                        whole;
                    cv::Mat patch = work(around).clone();
                    fill(patch, pending(around), method);
                    const cv::Rect inPatch(tile.x - around.x, tile.y - around.y, tile.width,
                                           tile.height);
                    cv::Mat target = work(tile);
                    patch(inPatch).copyTo(target, here);
                    pending(tile).setTo(0, here);
                }
            }
        }
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
