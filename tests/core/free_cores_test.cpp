// SPDX-License-Identifier: Apache-2.0
// nn/free_cores: the thread count follows the cores this process may use and those other processes
// keep busy. Measured over real time: another process really spins while it is read.

#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include <ATen/Parallel.h>
#include <gtest/gtest.h>

#include "gpen/nn/runtime.h"
#include "nn/free_cores.h"

namespace gpen {
namespace {

int affinityCount() {
    cpu_set_t set;
    CPU_ZERO(&set);
    EXPECT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
    return CPU_COUNT(&set);
}

TEST(FreeCores, TheDefaultCountIsTheCoresThisProcessMayUse) {
    EXPECT_GE(nn::availableCores(), 1);
    EXPECT_LE(nn::availableCores(), affinityCount());
    configureRuntime({});
    EXPECT_EQ(computeThreads(), nn::availableCores());
    // Narrowed to one CPU (as taskset or a container's cpuset does), one thread.
    cpu_set_t saved;
    ASSERT_EQ(sched_getaffinity(0, sizeof saved, &saved), 0);
    cpu_set_t one;
    CPU_ZERO(&one);
    for (int c = 0; c < CPU_SETSIZE; ++c) {
        if (CPU_ISSET(c, &saved)) {
            CPU_SET(c, &one);
            break;
        }
    }
    ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
    EXPECT_EQ(nn::availableCores(), 1);
    ASSERT_EQ(sched_setaffinity(0, sizeof saved, &saved), 0);
}

TEST(FreeCores, AProcessSpinningBesideLeavesAThreadLess) {
    if (nn::availableCores() < 2) GTEST_SKIP() << "one core: there is no thread to leave";
    configureRuntime({});
    const int all = computeThreads();
    const pid_t spinner = fork();
    ASSERT_GE(spinner, 0);
    if (spinner == 0) {
        for (;;) {
        }
    }
    // Two readings at least 100 ms apart (the estimate's shortest interval), the spinner running
    // all along; this process sleeps, so the busy time is the spinner's (and any other's).
    nn::coresBusyElsewhere();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const double busy = nn::coresBusyElsewhere();
    const int threads = computeThreadsForFreeCores();
    kill(spinner, SIGKILL);
    waitpid(spinner, nullptr, 0);
    EXPECT_GE(busy, 0.5);
    EXPECT_LE(threads, all - 1);
    EXPECT_GE(threads, 1);
    // An explicit count is kept whatever the load.
    configureRuntime({.threads = all});
    EXPECT_EQ(computeThreadsForFreeCores(), all);
}

}  // namespace
}  // namespace gpen
