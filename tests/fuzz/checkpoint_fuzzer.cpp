// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the checkpoint reader (zip and legacy formats, the allow-listed unpickler),
// both the full read and the names-and-shapes read model discovery uses. Whatever the bytes, the
// reader must return (a checkpoint or an error), within the fuzzer's time and memory limits.

#include <cstddef>
#include <cstdint>
#include <string>

#include "gpen/io/checkpoint.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    (void)gpen::readCheckpointFromMemory(bytes, "fuzz.pth");
    (void)gpen::readCheckpointFromMemory(bytes, "fuzz.pth", {.readStorages = false});
    return 0;
}
