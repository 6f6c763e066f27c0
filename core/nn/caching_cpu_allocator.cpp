// SPDX-License-Identifier: Apache-2.0
#include "nn/caching_cpu_allocator.h"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <iterator>
#include <limits>
#include <map>
#include <mutex>
#include <unordered_map>

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <c10/util/Exception.h>

namespace gpen::nn {
namespace {

void* mapRegion(std::size_t bytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? nullptr : p;
}

// Mapped regions carved into blocks, best fit, with freed neighbours joined again. Every size is
// a class (a multiple of 64 KB), so blocks stay page-aligned.
class BlockCache {
  public:
    explicit BlockCache(c10::Allocator* fallback) : fallback_(fallback) {}

    c10::Allocator* fallback() const { return fallback_; }

    void* take(std::size_t bytes) {
        // No mapping is that large, and rounding it up could wrap around.
        TORCH_CHECK_WITH(OutOfMemoryError, bytes <= std::numeric_limits<std::size_t>::max() / 2,
                         "can't allocate memory: you tried to allocate ", bytes, " bytes.");
        const std::size_t size = cachedBlockClass(bytes);
        std::lock_guard lock(mutex_);
        // The smallest free block that holds the request, in any region, split to size: a
        // forward's sizes shift from layer to layer, and blocks kept for their own size only sat
        // idle beside new mappings for the others (docs/MEASUREMENTS.md, "CPU allocator").
        auto it = free_.lower_bound(size);
        if (it == free_.end()) {
            // None is large enough: the regions nothing uses any more go back to the system
            // before a new one is mapped, so that the process holds about what it needed at
            // one time, not the sum of every size it ever asked for.
            unmapUnusedRegions();
            char* base = static_cast<char*>(mapRegion(size));
            TORCH_CHECK_WITH(OutOfMemoryError, base != nullptr,
                             "can't allocate memory: you tried to allocate ", bytes, " bytes.");
            Region& region = *regions_.emplace(base, RegionData{size, {}, 0}).first;
            region.second.blocks.emplace(0, Block{size, false});
            mappedBytes_ += size;
            it = free_.emplace(size, FreeBlock{&region, 0});
        }
        auto [regionPtr, offset] = it->second;
        const std::size_t blockSize = it->first;
        free_.erase(it);
        RegionData& region = regionPtr->second;
        Block& block = region.blocks.at(offset);
        block.used = true;
        if (blockSize > size) {
            block.size = size;
            region.blocks.emplace(offset + size, Block{blockSize - size, false});
            free_.emplace(blockSize - size, FreeBlock{regionPtr, offset + size});
        }
        region.usedBytes += size;
        usedBytes_ += size;
        char* p = regionPtr->first + offset;
        inUse_.emplace(p, regionPtr);
        return p;
    }

    // False when `p` is not one of this cache's blocks.
    bool give(void* p) {
        std::lock_guard lock(mutex_);
        const auto it = inUse_.find(p);
        if (it == inUse_.end()) {
            return false;
        }
        Region* regionPtr = it->second;
        inUse_.erase(it);
        RegionData& region = regionPtr->second;
        auto block =
            region.blocks.find(static_cast<std::size_t>(static_cast<char*>(p) - regionPtr->first));
        block->second.used = false;
        region.usedBytes -= block->second.size;
        usedBytes_ -= block->second.size;
        // Joined with a free neighbour on either side.
        const auto next = std::next(block);
        if (next != region.blocks.end() && !next->second.used) {
            forgetFree(regionPtr, next->first, next->second.size);
            block->second.size += next->second.size;
            region.blocks.erase(next);
        }
        if (block != region.blocks.begin()) {
            const auto prev = std::prev(block);
            if (!prev->second.used) {
                forgetFree(regionPtr, prev->first, prev->second.size);
                prev->second.size += block->second.size;
                region.blocks.erase(block);
                block = prev;
            }
        }
        free_.emplace(block->second.size, FreeBlock{regionPtr, block->first});
        return true;
    }

    // Unmaps the regions nothing uses; the free blocks of the others go back to the system too
    // (their pages are faulted in again when reused).
    void release() {
        std::lock_guard lock(mutex_);
        unmapUnusedRegions();
        for (auto& [base, region] : regions_) {
            for (const auto& [offset, block] : region.blocks) {
                if (!block.used) {
                    madvise(base + offset, block.size, MADV_DONTNEED);
                }
            }
        }
    }

    CachedCpuBlocks stats() const {
        std::lock_guard lock(mutex_);
        return {usedBytes_, mappedBytes_ - usedBytes_};
    }

  private:
    struct Block {
        std::size_t size;
        bool used;
    };
    struct RegionData {
        std::size_t size;
        std::map<std::size_t, Block> blocks;  // by offset; they tile the region
        std::size_t usedBytes;
    };
    using Region = std::pair<char* const, RegionData>;
    struct FreeBlock {
        Region* region;
        std::size_t offset;
    };

    void forgetFree(Region* region, std::size_t offset, std::size_t size) {
        auto [first, last] = free_.equal_range(size);
        for (auto it = first; it != last; ++it) {
            if (it->second.region == region && it->second.offset == offset) {
                free_.erase(it);
                return;
            }
        }
    }

    void unmapUnusedRegions() {
        for (auto it = regions_.begin(); it != regions_.end();) {
            if (it->second.usedBytes != 0) {
                ++it;
                continue;
            }
            forgetFree(&*it, 0, it->second.size);  // unused: one free block, the whole region
            munmap(it->first, it->second.size);
            mappedBytes_ -= it->second.size;
            it = regions_.erase(it);
        }
    }

    c10::Allocator* const fallback_;
    mutable std::mutex mutex_;
    std::map<char*, RegionData> regions_;
    std::multimap<std::size_t, FreeBlock> free_;  // free blocks by size
    std::unordered_map<void*, Region*> inUse_;    // block -> its region
    std::uint64_t usedBytes_ = 0;
    std::uint64_t mappedBytes_ = 0;
};

// Set once by installCachingCpuAllocator, never freed: blocks may be freed until exit.
std::atomic<BlockCache*> installed{nullptr};

BlockCache& cache() {
    return *installed.load(std::memory_order_acquire);
}

void deleteBlock(void* p) {
    const bool ours = cache().give(p);
    TORCH_INTERNAL_ASSERT(ours, "a cached CPU block was freed twice");
}

// What libtorch's raw_deallocate (oneDNN's buffers inside libtorch) calls: the pointer may come
// from this cache or, below kCachedBlockMinBytes or from before the install, from the fallback.
void deleteAny(void* p) {
    if (p != nullptr && !cache().give(p)) {
        cache().fallback()->raw_deleter()(p);
    }
}

class CachingCpuAllocator final : public c10::Allocator {
  public:
    c10::DataPtr allocate(std::size_t bytes) const override {
        if (bytes < kCachedBlockMinBytes) {
            return cache().fallback()->allocate(bytes);
        }
        void* p = cache().take(bytes);
        return {p, p, &deleteBlock, c10::Device(c10::DeviceType::CPU)};
    }
    c10::DeleterFnPtr raw_deleter() const override { return &deleteAny; }
};

}  // namespace

std::size_t cachedBlockClass(std::size_t bytes) {
    const std::size_t step = std::bit_floor(std::max(bytes, kCachedBlockMinBytes)) / 16;
    return (bytes + step - 1) / step * step;
}

void installCachingCpuAllocator() {
    static std::once_flag once;
    std::call_once(once, [] {
        installed.store(new BlockCache(c10::GetCPUAllocator()), std::memory_order_release);
        // Never destroyed either: static destructors may still allocate. Above the default
        // allocator's priority (0), so libtorch's own registration cannot replace it.
        c10::SetCPUAllocator(new CachingCpuAllocator, 1);
    });
}

void releaseCachedCpuBlocks() {
    if (installed.load(std::memory_order_acquire) != nullptr) {
        cache().release();
    }
}

CachedCpuBlocks cachedCpuBlocks() {
    return installed.load(std::memory_order_acquire) != nullptr ? cache().stats()
                                                                : CachedCpuBlocks{};
}

}  // namespace gpen::nn
