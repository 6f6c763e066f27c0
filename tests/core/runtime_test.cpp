// SPDX-License-Identifier: Apache-2.0
// configureRuntime: libtorch's own lines (its c10 warnings, and glog's where libtorch is built on
// it, as Debian's is) reach core's log sink, and nothing is printed beside ours.

#include <gtest/gtest.h>

#include <c10/util/Exception.h>
#include <c10/util/Logging.h>

#include "gpen/nn/runtime.h"
#include "support/log_capture.h"
#include "support/stderr_capture.h"
#include "support/temp_models_dir.h"

namespace gpen {
namespace {

TEST(Runtime, LibtorchLinesReachTheLogSinkAndNothingIsPrinted) {
    test::TempModelsDir dir("runtime");
    test::LogCapture log;
    configureRuntime({.threads = 1});
    test::StderrCapture err(dir.path() / "stderr.txt");
    TORCH_WARN("probe through c10's warning handler");
#if defined(C10_USE_GLOG)
    LOG(WARNING) << "probe through glog";
    LOG(ERROR) << "error probe through glog";
#endif
    EXPECT_EQ(err.text(), "");
    EXPECT_TRUE(log.has(LogLevel::Warning, "libtorch: probe through c10's warning handler"));
#if defined(C10_USE_GLOG)
    EXPECT_TRUE(log.has(LogLevel::Warning, "libtorch: probe through glog"));
    EXPECT_TRUE(log.has(LogLevel::Error, "libtorch: error probe through glog"));
#endif
}

}  // namespace
}  // namespace gpen
