// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: libtorch's CPU allocator for the networks' large tensors. It keeps freed memory
// mapped for the next tensors, and carves them out of it best fit.
//
// A forward allocates and frees its activations, tens to hundreds of MB, every layer, and the
// next face repeats the same sizes. Given back to the kernel at once (glibc's default for blocks
// over 32 MB), each is page-faulted in afresh, several times slower. Kept in glibc's one heap
// instead, blocks wandered through its address space and everything the heap had ever spanned was
// touched again sooner or later: the peak grew far above the tensors live at once
// (docs/MEASUREMENTS.md, "CPU allocator"). Here the memory is mapped in regions: a request takes
// the smallest free block that holds it (split to size; freed neighbours join again), and only a
// request no free block holds maps a new region, after unmapping the regions nothing uses. What
// stays resident is then close to what a forward needs at its peak.

#include <cstddef>
#include <cstdint>

namespace gpen::nn {

// Blocks from this size up are cached (smaller ones go to libtorch's own allocator, i.e. malloc).
inline constexpr std::size_t kCachedBlockMinBytes = std::size_t{1} << 20;

// Makes it libtorch's CPU allocator, once; later calls do nothing. Tensors allocated before keep
// their own deleters.
void installCachingCpuAllocator();

// Unmaps the regions nothing uses and hands the other free blocks' pages back (they are faulted in
// again when reused). Blocks in use are untouched.
void releaseCachedCpuBlocks();

struct CachedCpuBlocks {
    std::uint64_t inUseBytes = 0;
    std::uint64_t cachedBytes = 0;  // mapped and free: kept for reuse
};
CachedCpuBlocks cachedCpuBlocks();

// The size a request of `bytes` (at least kCachedBlockMinBytes) takes: rounded up to 1/16 of its
// power of two (at most 6.25% over, and a multiple of 64 KB), so that the blocks freed by tensors
// of nearly equal sizes (a 257x257 grid and a 256x256 one) fit each other exactly.
std::size_t cachedBlockClass(std::size_t bytes);

}  // namespace gpen::nn
