// SPDX-License-Identifier: Apache-2.0
#include "pipeline/print_repair.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <opencv2/core.hpp>

#include "gpen/face/damage_detect.h"
#include "gpen/face/damage_mask.h"
#include "gpen/face/damage_repair.h"

namespace gpen::pipeline {
namespace {

// Where the finder marks nothing: a box around each eye and the mouth, a quarter of the distance
// between the eyes across (a catchlight or a tooth is a small bright spot, as dust is).
std::vector<cv::Rect> eyesAndMouths(const std::vector<DetectedFace>& faces) {
    std::vector<cv::Rect> boxes;
    for (const auto& f : faces) {
        const auto& p = f.landmarks;
        const double eyes = std::hypot(p[1].x - p[0].x, p[1].y - p[0].y);
        const int r = std::max(3, static_cast<int>(std::lround(0.3 * eyes)));
        for (const int i : {0, 1}) {
            boxes.emplace_back(cvRound(p[i].x) - r, cvRound(p[i].y) - r, 2 * r, 2 * r);
        }
        // The mouth: from corner to corner, as tall as it is wide.
        const cv::Point2d a = p[3], b = p[4];
        const int left = cvRound(std::min(a.x, b.x)) - r / 2;
        const int right = cvRound(std::max(a.x, b.x)) + r / 2;
        const int mid = cvRound((a.y + b.y) / 2);
        boxes.emplace_back(left, mid - r, right - left, 2 * r);
    }
    return boxes;
}

std::string percent(double share) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", share * 100);
    return text;
}

}  // namespace

Expected<PrintRepair> repairPrint(const cv::Mat& bgr8, const RestoreParams& params,
                                  const std::vector<DetectedFace>& faces) {
    PrintRepair out;
    out.image = bgr8;
    cv::Mat mask;
    if (!params.damageMask.empty()) {
        auto given = normaliseDamageMask(params.damageMask, bgr8.size());
        if (!given) return tl::unexpected(given.error());
        mask = *given;
        out.summary.source = DamageSource::Mask;
    }
    if (params.findDamage) {
        DamageDetectParams detect;
        detect.sensitivity = params.damageSensitivity;
        // Pure white is the mark a person paints for GPEN-Inpainting; on a scan it is a
        // highlight.
        detect.painted = false;
        detect.protect = eyesAndMouths(faces);
        auto found = detectDamage(bgr8, detect);
        if (!found) return tl::unexpected(found.error());
        mask = mask.empty() ? *found : (mask | *found);
        out.summary.source =
            params.damageMask.empty() ? DamageSource::Found : DamageSource::MaskAndFound;
    }
    if (mask.empty() || cv::countNonZero(mask) == 0) {
        if (params.findDamage) out.notes.emplace_back(kNoteNoDamageFound);
        out.summary.source = DamageSource::None;  // nothing filled
        return out;
    }
    DamageRepairParams repair;
    repair.stop = params.stop;
    // What the finder marks is refused past a share no real print shows: it has mistaken the
    // picture for damage. A mask a person drew is theirs to make.
    if (params.findDamage) repair.maxShare = kMaxFoundDamageShare;
    DamageRepairStats stats;
    auto repaired = repairDamage(bgr8, mask, repair, &stats);
    if (!repaired) {
        if (repaired.error().code == ErrorCode::InvalidArgument && params.findDamage &&
            params.damageMask.empty()) {
            out.notes.push_back(std::string(kNoteFoundDamageRefusedPrefix) + percent(stats.share) +
                                std::string(kNoteFoundDamageRefusedSuffix));
            out.summary.source = DamageSource::None;
            return out;
        }
        return tl::unexpected(repaired.error());
    }
    out.image = *repaired;
    out.mask = mask;
    out.summary.regions = stats.regions;
    out.summary.share = stats.share;
    out.notes.push_back(std::string(kNoteDamageRepairedPrefix) + percent(stats.share) +
                        " % of the photo in " + std::to_string(stats.regions) + " areas");
    return out;
}

}  // namespace gpen::pipeline

namespace gpen {

std::string_view damageSourceName(DamageSource source) {
    switch (source) {
        case DamageSource::Mask:
            return "mask";
        case DamageSource::Found:
            return "found";
        case DamageSource::MaskAndFound:
            return "mask and found";
        case DamageSource::None:
            break;
    }
    return "none";
}

}  // namespace gpen
