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

struct RuntimeParams {
    // Intra-op threads for the networks; 0 = one per core. libtorch's own default on these
    // machines is 1, so this is always set explicitly, before any torch work.
    int threads = 0;
};

// Call once at start-up, from the main thread, before any network runs. Logs the choice.
void configureRuntime(const RuntimeParams& params);
int computeThreads();

}  // namespace gpen
