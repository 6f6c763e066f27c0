// SPDX-License-Identifier: Apache-2.0
// The runtime's CPU block cache (nn/caching_cpu_allocator.h), installed by configureRuntime:
// freed large blocks serve the next request they can hold, a request none can hold unmaps them
// first, release unmaps them all, and a failed mapping is libtorch's out-of-memory error.

#include <limits>

#include <gtest/gtest.h>

#include <ATen/ATen.h>
#include <c10/core/CPUAllocator.h>

#include "gpen/nn/runtime.h"
#include "nn/caching_cpu_allocator.h"
#include "nn/torch_failure.h"

namespace gpen::nn {
namespace {

constexpr std::int64_t kMiB = 1 << 20;

class CachingCpuAllocator : public ::testing::Test {
  protected:
    void SetUp() override {
        configureRuntime({.threads = 1});
        releaseFreedMemory();
    }
};

TEST_F(CachingCpuAllocator, AFreedBlockServesTheNextRequestItHolds) {
    void* first = nullptr;
    {
        const at::Tensor a = at::empty({8 * kMiB}, at::kByte);
        first = a.data_ptr();
        EXPECT_GE(cachedCpuBlocks().inUseBytes, static_cast<std::uint64_t>(8 * kMiB));
    }
    EXPECT_EQ(cachedCpuBlocks().cachedBytes, static_cast<std::uint64_t>(8 * kMiB));
    EXPECT_EQ(cachedCpuBlocks().inUseBytes, 0U);
    // A smaller request takes the front of the freed block; nothing new is mapped.
    const at::Tensor b = at::empty({6 * kMiB}, at::kByte);
    EXPECT_EQ(b.data_ptr(), first);
    EXPECT_EQ(cachedCpuBlocks().cachedBytes, static_cast<std::uint64_t>(2 * kMiB));
    EXPECT_EQ(cachedCpuBlocks().inUseBytes, static_cast<std::uint64_t>(6 * kMiB));
}

TEST_F(CachingCpuAllocator, FreedNeighboursJoinIntoOneBlock) {
    void* region = nullptr;
    {
        const at::Tensor whole = at::empty({8 * kMiB}, at::kByte);
        region = whole.data_ptr();
    }
    {
        const at::Tensor front = at::empty({4 * kMiB}, at::kByte);
        const at::Tensor back = at::empty({4 * kMiB}, at::kByte);
        EXPECT_EQ(front.data_ptr(), region);
        EXPECT_EQ(back.data_ptr(), static_cast<char*>(region) + 4 * kMiB);
    }
    const at::Tensor again = at::empty({8 * kMiB}, at::kByte);
    EXPECT_EQ(again.data_ptr(), region);
    EXPECT_EQ(cachedCpuBlocks().cachedBytes, 0U);
}

TEST_F(CachingCpuAllocator, ARequestNoFreedBlockHoldsUnmapsThemBeforeMappingItsOwn) {
    {
        const at::Tensor a = at::empty({4 * kMiB}, at::kByte);
        const at::Tensor b = at::empty({2 * kMiB}, at::kByte);
    }
    EXPECT_EQ(cachedCpuBlocks().cachedBytes, static_cast<std::uint64_t>(6 * kMiB));
    const at::Tensor c = at::empty({16 * kMiB}, at::kByte);
    EXPECT_EQ(cachedCpuBlocks().cachedBytes, 0U);
    EXPECT_EQ(cachedCpuBlocks().inUseBytes, static_cast<std::uint64_t>(16 * kMiB));
}

TEST_F(CachingCpuAllocator, ReleaseUnmapsTheFreedBlocksOnly) {
    const at::Tensor kept = at::ones({3 * kMiB}, at::kFloat);
    { const at::Tensor freed = at::empty({2 * kMiB}, at::kFloat); }
    EXPECT_GT(cachedCpuBlocks().cachedBytes, 0U);
    releaseFreedMemory();
    EXPECT_EQ(cachedCpuBlocks().cachedBytes, 0U);
    EXPECT_EQ(cachedCpuBlocks().inUseBytes, static_cast<std::uint64_t>(12 * kMiB));
    EXPECT_EQ(kept.sum().item<double>(), 3.0 * kMiB);
}

TEST_F(CachingCpuAllocator, SmallTensorsStayWithLibtorchsOwnAllocator) {
    const at::Tensor small =
        at::empty({static_cast<std::int64_t>(kCachedBlockMinBytes) - 1}, at::kByte);
    EXPECT_EQ(cachedCpuBlocks().inUseBytes, 0U);
}

// libtorch's oneDNN frees its buffers by pointer alone (raw_deallocate), small and large.
TEST_F(CachingCpuAllocator, RawAllocationsOfEitherKindAreFreedByPointer) {
    c10::Allocator* allocator = c10::GetCPUAllocator();
    void* large = allocator->raw_allocate(3 * kMiB);
    void* small = allocator->raw_allocate(4096);
    ASSERT_NE(large, nullptr);
    ASSERT_NE(small, nullptr);
    static_cast<char*>(large)[3 * kMiB - 1] = 1;
    static_cast<char*>(small)[4095] = 1;
    EXPECT_GE(cachedCpuBlocks().inUseBytes, static_cast<std::uint64_t>(3 * kMiB));
    allocator->raw_deallocate(large);
    allocator->raw_deallocate(small);
    EXPECT_EQ(cachedCpuBlocks().inUseBytes, 0U);
}

TEST_F(CachingCpuAllocator, AnImpossibleRequestIsLibtorchsOutOfMemory) {
    try {
        (void)at::empty({std::int64_t{1} << 50}, at::kByte);  // 1 PiB
        FAIL() << "a petabyte was mapped";
    } catch (...) {
        const Error e = currentTorchFailure(ErrorCode::Internal, "forward: ", "out of memory");
        EXPECT_EQ(e.code, ErrorCode::OutOfMemory) << e.message;
    }
    EXPECT_EQ(cachedCpuBlocks().inUseBytes, 0U);
    // A size whose rounding up would wrap around is refused the same way, free blocks or not.
    { const at::Tensor freed = at::empty({2 * kMiB}, at::kByte); }
    c10::Allocator* allocator = c10::GetCPUAllocator();
    EXPECT_THROW((void)allocator->allocate(std::numeric_limits<std::size_t>::max() - 4096),
                 c10::OutOfMemoryError);
    EXPECT_EQ(cachedCpuBlocks().inUseBytes, 0U);
}

TEST(CachedBlockClass, RoundsUpBySixteenthsOfThePowerOfTwo) {
    EXPECT_EQ(cachedBlockClass(kCachedBlockMinBytes), kCachedBlockMinBytes);
    EXPECT_EQ(cachedBlockClass(kCachedBlockMinBytes + 1),
              kCachedBlockMinBytes + kCachedBlockMinBytes / 16);
    const std::size_t grid257 = std::size_t{512} * 257 * 257 * 4;  // ParseNet's phase conv at 512
    const std::size_t grid256 = std::size_t{512} * 256 * 256 * 4;
    EXPECT_EQ(cachedBlockClass(grid256), grid256);
    EXPECT_GE(cachedBlockClass(grid257), grid257);
    EXPECT_LE(cachedBlockClass(grid257), grid257 + grid257 / 16);
    for (std::size_t bytes = kCachedBlockMinBytes; bytes < (std::size_t{1} << 34);
         bytes = bytes * 5 / 3) {
        EXPECT_GE(cachedBlockClass(bytes), bytes);
        EXPECT_LE(cachedBlockClass(bytes), bytes + bytes / 16);
        EXPECT_EQ(cachedBlockClass(bytes) % 4096, 0U);
    }
}

}  // namespace
}  // namespace gpen::nn
