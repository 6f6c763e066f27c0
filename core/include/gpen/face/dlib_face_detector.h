// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <filesystem>
#include <memory>
#include <stop_token>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "gpen/base/expected.h"
#include "gpen/face/detected_face.h"

namespace gpen {

// The built-in face detector, for when RetinaFace-R50.pth is not installed: dlib's HOG frontal
// face detector and its 68-point shape predictor (Debian's libdlib-data), reduced to the five
// points the alignment uses. Frontal and near-frontal faces only; about 40 px and up with one
// upsampling step.

// Where the build looks for the predictor (the GPEN_DLIB_SHAPE_PREDICTOR CMake cache entry,
// /usr/share/dlib/shape_predictor_68_face_landmarks.dat by default).
std::filesystem::path defaultShapePredictorPath();

struct DlibDetectorParams {
    std::filesystem::path shapePredictorPath = defaultShapePredictorPath();
};

enum class FaceSelection {
    All,          // every face, strongest first
    Largest,      // only the face with the largest box
    MostCentral,  // only the face whose box centre is nearest the image centre
};

struct DlibDetectParams {
    // Each step doubles the image (dlib's pyramid_up) before scanning: the 80 px HOG window then
    // finds faces down to about 80 / 2^steps px, at about 4^steps times the work. In [0, 4].
    int upsampleSteps = 1;
    // Faces whose box is smaller than this on its short side (input pixels) are dropped.
    double minFaceSize = 0;
    FaceSelection selection = FaceSelection::All;
    // Added to dlib's decision threshold (its run(..., adjust_threshold)): below 0 finds more
    // faces and more false ones. Scores are relative to the unadjusted threshold either way.
    double adjustThreshold = 0;
    // The scan's pyramid levels are shared among this many threads (0: the free cores, as a
    // network's forward takes them: computeThreadsForFreeCores()); the result is the same for
    // any count.
    int threads = 0;
    // Checked between pyramid levels, so a cancel waits for one level at most.
    std::stop_token stop;
};

class DlibFaceDetector {
  public:
    // Loads the shape predictor (about 100 MB) and builds the HOG detector: the
    // slow step, separate so that the model cache can do it ahead of use on a worker thread.
    // Errors name the file: missing (install libdlib-data), unreadable, or not a shape predictor.
    static Expected<DlibFaceDetector> create(const DlibDetectorParams& params = {});

    DlibFaceDetector(DlibFaceDetector&&) noexcept;
    DlibFaceDetector& operator=(DlibFaceDetector&&) noexcept;
    ~DlibFaceDetector();

    // Faces in an 8-bit image (BGR, gray or BGRA), in its pixel coordinates. box is dlib's box
    // mapped back through the pyramid; score is dlib's detection confidence (an SVM margin, 0 at
    // the threshold); landmarks: the eye centres (mean of points 36-41 and of 42-47), the nose tip
    // (30) and the mouth corners (48, 54) of the 68-point shape, fitted on the original image.
    // Thread-safe: may be called from several threads at once (each call scans with its own copy
    // of the small HOG detector; the predictor is read only).
    Expected<std::vector<DetectedFace>> detect(const cv::Mat& image,
                                               const DlibDetectParams& params = {}) const;

    const std::filesystem::path& shapePredictorPath() const;

  private:
    struct Impl;
    explicit DlibFaceDetector(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace gpen
