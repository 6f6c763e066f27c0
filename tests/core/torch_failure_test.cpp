// SPDX-License-Identifier: Apache-2.0
// libtorch's allocation failures become ErrorCode::OutOfMemory, shown with a real one: the
// address space of a child process is limited, then an RRDBNet tile too large for it is run.
// Only then does the tiled runner halve its tiles for a real network.

#include <sys/resource.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "gpen/io/checkpoint.h"
#include "gpen/nn/rrdbnet.h"
#include "gpen/nn/runtime.h"
#include "gpen/pipeline/tiled_upscale.h"
#include "support/fixtures.h"

namespace gpen {
namespace {

// One field of /proc/self/status in bytes: VmSize (the address space mapped now) or VmPeak
// (the most it has been).
std::uint64_t statusBytes(const char* field) {
    std::ifstream status("/proc/self/status");
    std::string line;
    const std::string key = std::string(field) + ":";
    while (std::getline(status, line)) {
        if (line.rfind(key, 0) == 0) return std::stoull(line.substr(key.size())) * 1024;
    }
    return 0;
}

// Exit codes of the child: 0 as expected, others say what went wrong instead.
enum Outcome {
    kAsExpected = 0,
    kNoFixture = 2,
    kRanThrough = 3,
    kOtherError = 4,
    kNotHalved = 5,
    kHalvedTileFailed = 6,
};

int runUnderAnAddressSpaceLimit() {
    // keepFreedMemory off: with the default malloc policy (one arena, no mmap) a process under an
    // address-space cap was seen to die by SIGSEGV instead of reporting the failed allocation
    // (open question, noted for the speed issue); this test is about the mapping of a failed
    // allocation, which glibc's plain policy reports as null.
    configureRuntime({.threads = 1, .keepFreedMemory = false});
    auto ckpt = readCheckpoint(test::fixturesDir() / "rrdb-x1-f8-b1-g4.pth");
    if (!ckpt) return kNoFixture;
    auto net = RrdbNet::create(ckpt->tensors, "rrdb-x1.pth");
    if (!net) return kNoFixture;
    const auto forward = [&](const FloatTensor& t) { return (*net)->forward(t); };
    // Warm: thread pools and allocator arenas exist before the limit is set.
    if (!forward(FloatTensor({1, 3, 64, 64}))) return kOtherError;

    // 108 MB in; the x1 network's features after its two upsamplings take 302 MB each at the whole
    // size, a quarter of that in a halved tile: the whole image needs about twice what the halved
    // tiles do (measured 1.0-1.2 GB against 0.5-0.6 GB, the tiled runner's canvas included).
    constexpr int kSide = 3072;
    const FloatTensor big({1, 3, kSide, kSide});
    const TiledRunParams halved{
        .tiles = {.tileSize = kSide / 2, .overlap = 16, .padding = 8, .minTileSize = kSide / 2},
        .scale = 1};
    // oneDNN compiles a kernel for each new shape, and under an address-space cap the mmap of its
    // code buffer fails and it crashes inside dnnl_primitive_create (SIGSEGV, Debian 12's libdnnl
    // 2.7) instead of reporting it. So every shape that runs under the cap runs once before it:
    // what fails below is then only the allocation of activations, the failure this test is
    // about. The halved run also measures what the halved tiles need on this machine (it differs
    // between CPUs: kernels, scratchpads), so the cap fits them whatever the machine; a fixed
    // headroom fitted one machine and crashed on another, where the tiles went on halving into
    // shapes never compiled.
    const std::uint64_t beforeHalved = statusBytes("VmSize");
    if (!runTiled(big, forward, halved)) return kOtherError;
    const std::uint64_t halvedNeeds = statusBytes("VmPeak") - beforeHalved;
    if (!forward(big)) return kOtherError;

    const std::uint64_t room = halvedNeeds + (std::uint64_t{96} << 20);
    const rlim_t limit = statusBytes("VmSize") + room;
    const rlimit rl{limit, limit};
    if (::setrlimit(RLIMIT_AS, &rl) != 0) return kOtherError;

    auto whole = forward(big);
    if (whole) return kRanThrough;
    if (whole.error().code != ErrorCode::OutOfMemory) return kOtherError;

    // The same failure inside the tiled runner halves the tile until it fits; it may not go below
    // the halved size, whose kernels exist.
    TiledRunParams full = halved;
    full.tiles.tileSize = kSide;
    auto tiled = runTiled(big, forward, full);
    if (!tiled) {
        return tiled.error().code == ErrorCode::OutOfMemory ? kHalvedTileFailed : kOtherError;
    }
    return tiled->tileSizeUsed < kSide ? kAsExpected : kNotHalved;
}

TEST(TorchFailure, ARealAllocationFailureIsOutOfMemoryAndHalvesTheTile) {
    GPEN_REQUIRE_FIXTURES();
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer maps its whole heap up front: an address-space limit cannot "
                    "fail one allocation";
#endif
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(std::_Exit(runUnderAnAddressSpaceLimit()), ::testing::ExitedWithCode(kAsExpected),
                "");
}

}  // namespace
}  // namespace gpen
