// SPDX-License-Identifier: Apache-2.0
#include "gpen/nn/runtime.h"

#include <limits>
#include <mutex>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <ATen/Context.h>
#include <ATen/Parallel.h>
#include <c10/util/Exception.h>
#include <c10/util/Logging.h>  // <glog/logging.h> where libtorch is built on glog (C10_USE_GLOG)

#include "gpen/base/log.h"
#include "nn/caching_cpu_allocator.h"
#include "nn/free_cores.h"

namespace gpen {
namespace {

// libtorch's warnings go to our log sink instead of stderr: core never prints.
class LogSinkWarningHandler final : public c10::WarningHandler {
  public:
    void process(const c10::SourceLocation&, const std::string& message, bool) override {
        log(LogLevel::Warning, "libtorch: " + message);
    }
};

#if defined(C10_USE_GLOG)
// A libtorch built on glog (Debian's) writes its LOG(WARNING) lines through glog, which prints them
// on stderr beside ours: they go to our log sink instead.
class GlogToLogSink final : public google::LogSink {
  public:
    using google::LogSink::send;
    void send(google::LogSeverity severity, const char*, const char*, int,
              const google::LogMessageTime&, const char* message, std::size_t length) override {
        const LogLevel level = severity >= google::GLOG_ERROR     ? LogLevel::Error
                               : severity == google::GLOG_WARNING ? LogLevel::Warning
                                                                  : LogLevel::Info;
        log(level, "libtorch: " + std::string(message, length));
    }
};

void routeGlogToLogSink() {
    static GlogToLogSink sink;
    // glog, until initialised, writes every line on stderr whatever its flags say. Initialised
    // with no log file for any severity and stderr kept for FATAL alone (which aborts), its lines
    // reach only the sink.
    if (!google::IsGoogleLoggingInitialized()) google::InitGoogleLogging("gpen");
    for (const google::LogSeverity s :
         {google::GLOG_INFO, google::GLOG_WARNING, google::GLOG_ERROR, google::GLOG_FATAL}) {
        google::SetLogDestination(s, "");
    }
    FLAGS_logtostderr = false;
    FLAGS_alsologtostderr = false;
    FLAGS_stderrthreshold = google::GLOG_FATAL;
    google::AddLogSink(&sink);
}
#endif

}  // namespace

std::string Device::toString() const {
    return kind == DeviceKind::Cpu ? std::string("cpu") : "cuda:" + std::to_string(index);
}

bool cudaAvailable() {
    return at::hasCUDA();
}

Expected<Device> parseDevice(const std::string& text) {
    if (text == "cpu") {
        return Device{};
    }
    if (text == "auto") {
        return cudaAvailable() ? Device{DeviceKind::Cuda, 0} : Device{};
    }
    if (text.rfind("cuda", 0) == 0) {
        int index = 0;
        if (text.size() > 4) {
            if (text[4] != ':' || text.size() == 5) {
                return makeError(ErrorCode::InvalidArgument,
                                 "device '" + text + "': expected cuda or cuda:N");
            }
            try {
                index = std::stoi(text.substr(5));
            } catch (const std::exception&) {
                return makeError(ErrorCode::InvalidArgument,
                                 "device '" + text + "': expected cuda or cuda:N");
            }
        }
        if (!cudaAvailable()) {
            return makeError(ErrorCode::Device,
                             "device '" + text + "': this build or machine has no CUDA");
        }
        return Device{DeviceKind::Cuda, index};
    }
    return makeError(ErrorCode::InvalidArgument,
                     "unknown device '" + text + "' (cpu, cuda, cuda:N, auto)");
}

bool cpuComputesBf16Natively() {
    // GCC's check includes the OS's: the feature bit and XCR0's AVX-512 (or AMX tile) state.
    static const bool native =
        __builtin_cpu_supports("avx512bf16") || __builtin_cpu_supports("amx-bf16");
    return native;
}

Precision autoPrecision(const Device& device) {
    return device.kind == DeviceKind::Cpu && cpuComputesBf16Natively() ? Precision::Bf16
                                                                       : Precision::Fp32;
}

Expected<Precision> parsePrecision(const std::string& text, const Device& device) {
    if (text == "fp32") {
        return Precision::Fp32;
    }
    if (text == "bf16") {
        return Precision::Bf16;
    }
    if (text == "auto") {
        return autoPrecision(device);
    }
    return makeError(ErrorCode::InvalidArgument,
                     "unknown precision '" + text + "' (auto, fp32, bf16)");
}

const char* precisionName(Precision precision) {
    return precision == Precision::Bf16 ? "bf16" : "fp32";
}

void configureRuntime(const RuntimeParams& params) {
    int threads = params.threads;
    if (threads <= 0) {
        // The cores this process may really use (affinity, cgroup quota), not the machine's: in a
        // container limited to 2 CPUs of 64, 64 threads would take turns on 2.
        threads = nn::availableCores();
    }
    nn::setConfiguredThreads(threads, params.threads <= 0);
    at::set_num_threads(threads);
    // Subnormal floats, which real faces' activations reach in some layers, are slow in the FMA
    // units: flushed to zero they cost nothing (docs/MEASUREMENTS.md, "Denormals"), and results
    // move by less than 1e-37. Threads started from here on, the compute
    // pool's included, inherit the setting (POSIX: the floating-point environment).
    at::globalContext().setFlushDenormal(true);
    static LogSinkWarningHandler warnings;
    c10::Warning::set_warning_handler(&warnings);
#if defined(C10_USE_GLOG)
    static std::once_flag glogRouted;
    std::call_once(glogRouted, routeGlogToLogSink);
#endif
    if (params.keepFreedMemory) {
        // libtorch's tensors of 1 MB and more from the block cache; the rest (oneDNN's own
        // buffers, OpenCV's images, small tensors) from glibc's one heap, large blocks included,
        // with no trim of its top: what a forward frees is reused by the next without page faults.
        nn::installCachingCpuAllocator();
#if defined(__GLIBC__)
        if (params.processHeapPolicy) {
            mallopt(M_ARENA_MAX, 1);
            mallopt(M_MMAP_MAX, 0);
            mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
        }
#endif
    }
    log(LogLevel::Info, "compute threads: " + std::to_string(threads) +
                            (cudaAvailable() ? ", CUDA available" : ", CPU only"));
}

int computeThreads() {
    return at::get_num_threads();
}

int computeThreadsForFreeCores() {
    nn::fitComputeThreadsToFreeCores();
    return at::get_num_threads();
}

void releaseFreedMemory() {
    nn::releaseCachedCpuBlocks();
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

}  // namespace gpen
