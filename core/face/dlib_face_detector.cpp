// SPDX-License-Identifier: Apache-2.0
#include "gpen/face/dlib_face_detector.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <stop_token>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_processing/shape_predictor.h>
#include <dlib/image_transforms/interpolation.h>
#include <dlib/opencv/cv_image.h>
#include <dlib/serialize.h>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/base/log.h"
#include "gpen/nn/runtime.h"

#ifndef GPEN_DLIB_SHAPE_PREDICTOR
#define GPEN_DLIB_SHAPE_PREDICTOR "/usr/share/dlib/shape_predictor_68_face_landmarks.dat"
#endif

namespace gpen {
namespace {

constexpr int kMaxUpsampleSteps = 4;

using Scanner = dlib::scan_fhog_pyramid<dlib::pyramid_down<6>>;
using Pyramid = dlib::pyramid_down<6>;

// One of the frontal detector's five filters, prepared for Scanner::detect.
struct Filter {
    Scanner::fhog_filterbank bank;
    double threshold = 0;
};

// dlib's object_detector::operator() scans every pyramid level in one call that nothing can stop.
// The same scan, level by level: the levels are made as dlib makes them (pyramid_down<6> applied
// in turn, from the image's own pixel type), each level is scanned alone (a scanner limited to one
// level), its windows are mapped back to the image by the same rect_up, and the windows of all
// levels go through dlib's non-maximum suppression in dlib's order (strongest first). The
// detections are dlib's; the levels can run on several threads, with a cancel check between them.
class LevelScan {
  public:
    explicit LevelScan(const dlib::frontal_face_detector& detector)
        : m_overlap(detector.get_overlap_tester()) {
        m_scanner.copy_configuration(detector.get_scanner());
        m_scanner.set_max_pyramid_levels(1);
        for (unsigned long i = 0; i < detector.num_detectors(); ++i) {
            const auto& w = detector.get_w(i);
            m_filters.push_back(
                {m_scanner.build_fhog_filterbank(w), w(m_scanner.get_num_dimensions())});
        }
        m_minWidth = detector.get_scanner().get_min_pyramid_layer_width();
        m_minHeight = detector.get_scanner().get_min_pyramid_layer_height();
        m_maxLevels = detector.get_scanner().get_max_pyramid_levels();
    }

    template <class Image>
    Expected<std::vector<dlib::rect_detection>> operator()(const Image& image, double adjust,
                                                           int threads,
                                                           std::stop_token stop) const {
        // As create_fhog_pyramid counts them.
        unsigned long levels = 0;
        dlib::rectangle rect = dlib::get_rect(image);
        const Pyramid pyr;
        do {
            rect = pyr.rect_down(rect);
            ++levels;
        } while (rect.width() >= m_minWidth && rect.height() >= m_minHeight &&
                 levels < m_maxLevels);
        using Pixel = typename dlib::image_traits<Image>::pixel_type;
        std::vector<dlib::array2d<Pixel>> smaller(levels - 1);
        for (unsigned long l = 1; l < levels; ++l) {
            if (l == 1) {
                pyr(image, smaller[0]);
            } else {
                pyr(smaller[l - 2], smaller[l - 1]);
            }
        }
        std::vector<std::vector<dlib::rect_detection>> found(levels);
        std::atomic<unsigned long> next{0};
        std::atomic<bool> stopped{false};
        auto work = [&] {
            for (unsigned long l = next++; l < levels; l = next++) {
                if (stop.stop_requested()) {
                    stopped = true;
                    return;
                }
                if (l == 0) {
                    scan(image, 0, adjust, found[0]);
                } else {
                    scan(smaller[l - 1], l, adjust, found[l]);
                }
            }
        };
        const unsigned long helpers =
            std::min<unsigned long>(levels, static_cast<unsigned long>(std::max(1, threads))) - 1;
        std::vector<std::thread> pool;
        for (unsigned long t = 0; t < helpers; ++t) pool.emplace_back(work);
        work();
        for (auto& t : pool) t.join();
        if (stopped) return makeError(ErrorCode::Cancelled, "face detection cancelled");

        std::vector<dlib::rect_detection> all;
        for (auto& level : found) all.insert(all.end(), level.begin(), level.end());
        std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) {
            return a.detection_confidence > b.detection_confidence;
        });
        std::vector<dlib::rect_detection> kept;
        for (const auto& d : all) {
            const bool overlaps = std::any_of(
                kept.begin(), kept.end(), [&](const auto& k) { return m_overlap(k.rect, d.rect); });
            if (!overlaps) kept.push_back(d);
        }
        return kept;
    }

  private:
    template <class Image>
    void scan(const Image& image, unsigned long level, double adjust,
              std::vector<dlib::rect_detection>& out) const {
        Scanner scanner;  // loading fills its features: one per level
        scanner.copy_configuration(m_scanner);
        scanner.load(image);
        const Pyramid pyr;
        std::vector<std::pair<double, dlib::rectangle>> dets;
        for (unsigned long i = 0; i < m_filters.size(); ++i) {
            scanner.detect(m_filters[i].bank, dets, m_filters[i].threshold + adjust);
            for (const auto& [score, r] : dets) {
                out.push_back({score - m_filters[i].threshold, i,
                               pyr.rect_up(r, static_cast<unsigned int>(level))});
            }
        }
    }

    Scanner m_scanner;
    std::vector<Filter> m_filters;
    dlib::test_box_overlap m_overlap;
    unsigned long m_minWidth = 0, m_minHeight = 0, m_maxLevels = 0;
};
constexpr unsigned long kShapeParts = 68;

// dlib's 68-point layout (iBUG 300-W): 30 the nose tip, 36-41 the eye on the image's left,
// 42-47 the other eye, 48 and 54 the mouth corners (image left, image right).
cv::Point2d partsMean(const dlib::full_object_detection& shape, unsigned long first,
                      unsigned long last) {
    cv::Point2d sum(0, 0);
    for (unsigned long i = first; i <= last; ++i) {
        sum.x += static_cast<double>(shape.part(i).x());
        sum.y += static_cast<double>(shape.part(i).y());
    }
    const auto n = static_cast<double>(last - first + 1);
    return {sum.x / n, sum.y / n};
}

cv::Point2d part(const dlib::full_object_detection& shape, unsigned long i) {
    return {static_cast<double>(shape.part(i).x()), static_cast<double>(shape.part(i).y())};
}

FaceLandmarks fivePoints(const dlib::full_object_detection& shape) {
    FaceLandmarks points;
    points[static_cast<int>(FaceLandmark::LeftEye)] = partsMean(shape, 36, 41);
    points[static_cast<int>(FaceLandmark::RightEye)] = partsMean(shape, 42, 47);
    points[static_cast<int>(FaceLandmark::Nose)] = part(shape, 30);
    points[static_cast<int>(FaceLandmark::LeftMouth)] = part(shape, 48);
    points[static_cast<int>(FaceLandmark::RightMouth)] = part(shape, 54);
    return points;
}

// Keeps only the one face the selection asks for.
void select(std::vector<DetectedFace>& faces, FaceSelection selection, cv::Size imageSize) {
    if (selection == FaceSelection::All || faces.size() < 2) {
        return;
    }
    const cv::Point2d centre(imageSize.width / 2.0, imageSize.height / 2.0);
    const auto key = [&](const DetectedFace& f) {
        if (selection == FaceSelection::Largest) {
            return -f.box.area();
        }
        const cv::Point2d c(f.box.x + f.box.width / 2, f.box.y + f.box.height / 2);
        return std::hypot(c.x - centre.x, c.y - centre.y);
    };
    const auto best = std::min_element(
        faces.begin(), faces.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
    faces = {*best};
}

}  // namespace

std::filesystem::path defaultShapePredictorPath() {
    return GPEN_DLIB_SHAPE_PREDICTOR;
}

struct DlibFaceDetector::Impl {
    std::filesystem::path path;
    dlib::shape_predictor predictor;
    // The frontal detector's filters, prepared once at load for every later scan.
    std::unique_ptr<const LevelScan> scan;
};

DlibFaceDetector::DlibFaceDetector(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
DlibFaceDetector::DlibFaceDetector(DlibFaceDetector&&) noexcept = default;
DlibFaceDetector& DlibFaceDetector::operator=(DlibFaceDetector&&) noexcept = default;
DlibFaceDetector::~DlibFaceDetector() = default;

const std::filesystem::path& DlibFaceDetector::shapePredictorPath() const {
    return m_impl->path;
}

Expected<DlibFaceDetector> DlibFaceDetector::create(const DlibDetectorParams& params) {
    const auto& path = params.shapePredictorPath;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        return makeError(ErrorCode::Io,
                         path.string() +
                             ": dlib shape predictor not found (install libdlib-data, or choose "
                             "shape_predictor_68_face_landmarks.dat in the settings)");
    }
    const auto start = std::chrono::steady_clock::now();
    auto impl = std::make_unique<Impl>();
    impl->path = path;
    try {
        dlib::deserialize(path.string()) >> impl->predictor;
        // Decodes its embedded model (the slow part of creating one); the scan keeps its prepared
        // filters.
        impl->scan = std::make_unique<const LevelScan>(dlib::get_frontal_face_detector());
    } catch (const std::bad_alloc&) {
        return makeError(ErrorCode::OutOfMemory, path.string() + ": out of memory while loading");
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Malformed,
                         path.string() + ": not a dlib shape predictor (" + e.what() + ")");
    }
    if (impl->predictor.num_parts() != kShapeParts) {
        return makeError(ErrorCode::UnsupportedArchitecture,
                         path.string() + ": the shape predictor has " +
                             std::to_string(impl->predictor.num_parts()) +
                             " points, the 68-point model is needed");
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start)
                        .count();
    log(LogLevel::Info,
        "dlib face detector ready: " + path.string() + " loaded in " + std::to_string(ms) + " ms");
    return DlibFaceDetector(std::move(impl));
}

Expected<std::vector<DetectedFace>> DlibFaceDetector::detect(const cv::Mat& image,
                                                             const DlibDetectParams& params) const {
    if (image.empty() || image.depth() != CV_8U ||
        (image.channels() != 1 && image.channels() != 3 && image.channels() != 4)) {
        return makeError(ErrorCode::InvalidArgument,
                         "face detection needs a non-empty 8-bit gray, BGR or BGRA image");
    }
    if (params.upsampleSteps < 0 || params.upsampleSteps > kMaxUpsampleSteps) {
        return makeError(ErrorCode::InvalidArgument,
                         "upsampling steps must be in [0, " + std::to_string(kMaxUpsampleSteps) +
                             "], got " + std::to_string(params.upsampleSteps));
    }
    try {
        cv::Mat bgr = image;
        if (image.channels() == 1) {
            cv::cvtColor(image, bgr, cv::COLOR_GRAY2BGR);
        } else if (image.channels() == 4) {
            cv::cvtColor(image, bgr, cv::COLOR_BGRA2BGR);
        }
        const dlib::cv_image<dlib::bgr_pixel> original(bgr);

        const LevelScan& scan = *m_impl->scan;
        const int threads = params.threads > 0 ? params.threads : computeThreadsForFreeCores();
        Expected<std::vector<dlib::rect_detection>> scanned;
        const auto steps = static_cast<unsigned int>(params.upsampleSteps);
        dlib::pyramid_down<2> pyramid;
        if (steps == 0) {
            scanned = scan(original, params.adjustThreshold, threads, params.stop);
        } else {
            dlib::array2d<dlib::rgb_pixel> upsampled;
            dlib::pyramid_up(original, upsampled, pyramid);
            for (unsigned int i = 1; i < steps; ++i) {
                dlib::pyramid_up(upsampled, pyramid);
            }
            scanned = scan(upsampled, params.adjustThreshold, threads, params.stop);
        }
        if (!scanned) return tl::unexpected(scanned.error());
        const std::vector<dlib::rect_detection>& found = *scanned;

        std::vector<DetectedFace> faces;
        faces.reserve(found.size());
        for (const auto& d : found) {
            // Back to input pixels, rounded as dlib's own Python binding does.
            const dlib::rectangle rect(pyramid.rect_down(dlib::drectangle(d.rect), steps));
            DetectedFace face;
            face.box =
                cv::Rect2d(static_cast<double>(rect.left()), static_cast<double>(rect.top()),
                           static_cast<double>(rect.width()), static_cast<double>(rect.height()));
            if (std::min(face.box.width, face.box.height) < params.minFaceSize) {
                continue;
            }
            face.score = d.detection_confidence;
            face.landmarks = fivePoints(m_impl->predictor(original, rect));
            faces.push_back(face);
        }
        select(faces, params.selection, image.size());
        return faces;
    } catch (const std::bad_alloc&) {
        return makeError(ErrorCode::OutOfMemory, "out of memory in face detection");
    } catch (const std::exception& e) {  // cv::Exception and dlib::error both derive from it
        return makeError(ErrorCode::Internal,
                         std::string("dlib face detection failed: ") + e.what());
    }
}

}  // namespace gpen
