// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: how many compute threads a forward should use now. Two threads on two cores
// with a third busy process stall: every parallel region waits for the thread that shares its
// core, so ParseNet took 3.8x its quiet time beside one busy process. Fewer threads than cores
// when other work holds some of them keeps each region's threads running.

namespace gpen::nn {

// The cores this process may run on: its CPU affinity, within its cgroup's CPU quota (cgroup v2
// cpu.max, or v1 cfs_quota_us), at least 1.
int availableCores();

// How many cores other processes kept busy since the previous call (at least 100 ms before;
// sooner, the previous estimate): the CPU time /proc/stat counts on this process's cores less
// this process's own, over the time between. 0 when it cannot be read.
double coresBusyElsewhere();

// Gives the calling thread's forwards `ceiling` threads less the cores busy elsewhere, at least
// one. A no-op unless the runtime chose the thread count itself (configureRuntime with 0).
void fitComputeThreadsToFreeCores();

// The count configureRuntime settled on, and whether it was automatic (0 asked).
void setConfiguredThreads(int threads, bool automatic);

}  // namespace gpen::nn
