// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

#include "gpen/base/expected.h"

namespace gpen {

enum class DeviceKind { Cpu, Cuda };

struct Device {
    DeviceKind kind = DeviceKind::Cpu;
    int index = 0;
    std::string toString() const;  // "cpu", "cuda:0"
    friend bool operator==(const Device&, const Device&) = default;
};

// "cpu", "cuda", "cuda:1", "auto" (CUDA when available, else CPU).
Expected<Device> parseDevice(const std::string& text);
bool cudaAvailable();

// The number type the networks compute in. Bf16: weights prepared in bfloat16 and activations
// kept in bfloat16 between layers (sums inside a convolution in float32); input and output stay
// float32 at each network's boundary. Half the memory traffic and, on CPUs with AVX-512 (oneDNN's
// bfloat16 kernels) or CUDA, faster; elsewhere (AVX2) the convolutions widen their bfloat16
// operands to float32 and run at about float32 speed. It departs from float32 by about 1e-2
// relative per network, visually lossless on 8-bit outputs (each network's PSNR against float32:
// docs/MEASUREMENTS.md, "bf16"; precision_test holds every one at 45 dB or more).
enum class Precision { Fp32, Bf16 };

// Whether this CPU computes bfloat16 in hardware (AVX512_BF16 or AMX-BF16, with the OS saving
// their registers): there bf16 runs faster than float32, not merely as fast.
bool cpuComputesBf16Natively();

// The precision "auto" stands for on `device`: bf16 on a CPU that computes it natively, float32
// elsewhere (an AVX2 CPU would widen bf16 back to float32 for no gain; CUDA is not measured yet).
Precision autoPrecision(const Device& device);

// "fp32", "bf16", or "auto" (autoPrecision on `device`).
Expected<Precision> parsePrecision(const std::string& text, const Device& device = {});
const char* precisionName(Precision precision);

struct RuntimeParams {
    // Intra-op threads for the networks; 0 = one per core. libtorch's own default on these
    // machines is 1, so this is always set explicitly, before any torch work.
    int threads = 0;
    // Keep freed memory in the process instead of handing it back to the kernel at once: tensors
    // of 1 MB and more from libtorch's CPU allocator replaced by a block cache (see
    // nn/caching_cpu_allocator.h). A network frees and allocates its activations, tens to
    // hundreds of MB, every layer; given back, each forward page-faults them in afresh. The price
    // is memory held after a forward until releaseFreedMemory().
    bool keepFreedMemory = true;
    // With keepFreedMemory, glibc too for the rest (oneDNN's buffers, OpenCV's images): no mmap'd
    // blocks, no automatic heap trim, one arena. Right for a process that only runs networks (the
    // command line); the desktop app keeps glibc's defaults, so that what its photos and views
    // free (closing a photo) goes back to the system.
    bool processHeapPolicy = true;
};

// Call once at start-up, from the main thread, before any network runs. Logs the choice.
void configureRuntime(const RuntimeParams& params);
int computeThreads();
// The threads the calling thread's next task should use: with an automatic count (threads 0),
// the cores this process may use less those other processes kept busy lately (the networks'
// forwards do this themselves); otherwise the configured count.
int computeThreadsForFreeCores();

// Hands memory freed since the last call back to the kernel (the block cache's free memory, then
// malloc_trim): call when work stops for a while, e.g. after models are released as idle. Cheap
// when there is nothing to return.
void releaseFreedMemory();

}  // namespace gpen
