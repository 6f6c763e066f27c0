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

// The address space this process has mapped now (VmSize), in bytes.
std::uint64_t mappedBytes() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmSize:", 0) == 0) return std::stoull(line.substr(7)) * 1024;
    }
    return 0;
}

// Exit codes of the child: 0 as expected, others say what went wrong instead.
enum Outcome { kAsExpected = 0, kNoFixture = 2, kRanThrough = 3, kOtherError = 4, kNotHalved = 5 };

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
    // Warm: thread pools and allocator arenas exist before the limit is set.
    if (!(*net)->forward(FloatTensor({1, 3, 64, 64}))) return kOtherError;
    // 108 MB in; the x1 network's full-size features after its two upsamplings take 300 MB each.
    // The limit leaves room for the tiled runner's own buffers (output, weights, one tile's
    // crop: 252 MB at the first tile size) but not for the network at that size.
    const FloatTensor big({1, 3, 3072, 3072});
    const TiledRunParams halved{.tiles = {.tileSize = 1536, .overlap = 16, .padding = 8}, .scale = 1};
    // oneDNN compiles a kernel for each new shape; under an address-space cap the mmap of its
    // code buffer fails and it was seen to crash inside dnnl_primitive_create (SIGSEGV, Debian
    // 12's libdnnl 2.7), not to report it. The halved tiles' kernels are compiled before the cap:
    // what fails below is then the allocation of the activations, the failure this test is about.
    const auto forward = [&](const FloatTensor& t) { return (*net)->forward(t); };
    if (!runTiled(big, forward, halved)) {
        return kOtherError;
    }
    const rlim_t limit = mappedBytes() + (std::uint64_t{400} << 20);
    const rlimit rl{limit, limit};
    if (::setrlimit(RLIMIT_AS, &rl) != 0) return kOtherError;

    auto whole = (*net)->forward(big);
    if (whole) return kRanThrough;
    if (whole.error().code != ErrorCode::OutOfMemory) return kOtherError;

    // The same failure inside the tiled runner halves the tile until it fits.
    auto tiled = runTiled(big, forward,
                          {.tiles = {.tileSize = 3072, .overlap = 16, .padding = 8}, .scale = 1});
    if (!tiled) return kOtherError;
    return tiled->tileSizeUsed < 3072 ? kAsExpected : kNotHalved;
}

TEST(TorchFailure, ARealAllocationFailureIsOutOfMemoryAndHalvesTheTile) {
    GPEN_REQUIRE_FIXTURES();
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer maps its whole heap up front: an address-space limit cannot fail one allocation";
#endif
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(std::_Exit(runUnderAnAddressSpaceLimit()), ::testing::ExitedWithCode(kAsExpected), "");
}

}  // namespace
}  // namespace gpen
