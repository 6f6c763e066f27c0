// SPDX-License-Identifier: Apache-2.0
#include "nn/free_cores.h"

#include <sched.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include <ATen/Parallel.h>

#include "gpen/base/log.h"

namespace gpen::nn {
namespace {

std::atomic<int> g_configured{1};
std::atomic<bool> g_automatic{false};

// The cgroup's CPU quota in cores, or 0 when there is none (or it cannot be read).
double cgroupQuotaCores() {
    // cgroup v2: "max 100000" or "200000 100000" in the process's own cgroup folder.
    std::ifstream self("/proc/self/cgroup");
    std::string line, v2Path;
    while (std::getline(self, line)) {
        if (line.rfind("0::", 0) == 0) v2Path = line.substr(3);
    }
    for (const std::string& file :
         {"/sys/fs/cgroup" + v2Path + "/cpu.max", std::string("/sys/fs/cgroup/cpu.max")}) {
        std::ifstream in(file);
        std::string quota;
        double period = 0;
        if (in >> quota >> period)
            return quota == "max" || period <= 0 ? 0.0 : std::stod(quota) / period;
    }
    std::ifstream quotaV1("/sys/fs/cgroup/cpu/cpu.cfs_quota_us");
    std::ifstream periodV1("/sys/fs/cgroup/cpu/cpu.cfs_period_us");
    double quota = 0, period = 0;
    if (quotaV1 >> quota && periodV1 >> period && quota > 0 && period > 0) return quota / period;
    return 0.0;
}

std::vector<int> affinityCpus() {
    std::vector<int> cpus;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        for (int c = 0; c < CPU_SETSIZE; ++c) {
            if (CPU_ISSET(c, &set)) cpus.push_back(c);
        }
    }
    return cpus;
}

double monotonicSeconds() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double processCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The busy time of `cpus` in seconds, from /proc/stat (everything but idle and iowait; guest time
// is already in user). Negative when it cannot be read.
double busySeconds(const std::vector<int>& cpus) {
    static const double ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
    std::ifstream stat("/proc/stat");
    std::string line;
    double busy = 0;
    bool any = false;
    while (std::getline(stat, line)) {
        if (line.rfind("cpu", 0) != 0 || line.size() < 4 || line[3] < '0' || line[3] > '9')
            continue;
        std::istringstream fields(line.substr(3));
        int cpu = -1;
        double user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0,
               steal = 0;
        fields >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal;
        if (!std::binary_search(cpus.begin(), cpus.end(), cpu)) continue;
        busy += user + nice + system + irq + softirq + steal;
        any = true;
    }
    return any && ticks > 0 ? busy / ticks : -1.0;
}

struct Sample {
    double wall = 0;
    double busy = -1;
    double own = 0;
};

}  // namespace

int availableCores() {
    int cores = static_cast<int>(affinityCpus().size());
    if (cores <= 0) cores = static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
    if (const double quota = cgroupQuotaCores(); quota > 0) {
        cores = std::min(cores, static_cast<int>(std::ceil(quota - 0.05)));
    }
    return std::max(1, cores);
}

double coresBusyElsewhere() {
    static std::mutex mutex;
    static const std::vector<int> cpus = affinityCpus();
    static Sample previous;
    static double estimate = 0;
    std::lock_guard lock(mutex);
    // /proc/stat counts in ticks of 10 ms: over less than 100 ms the figure is mostly rounding.
    // Checked before reading the file, which every forward would otherwise open and parse.
    const double wallNow = monotonicSeconds();
    const bool sampled = previous.busy >= 0;
    if (sampled && wallNow - previous.wall < 0.1) return estimate;
    const Sample now{wallNow, busySeconds(cpus), processCpuSeconds()};
    if (now.busy < 0) return 0;
    if (!sampled) {
        previous = now;
        return estimate;
    }
    const double wall = now.wall - previous.wall;
    const double others = (now.busy - previous.busy) - (now.own - previous.own);
    estimate = std::clamp(others / wall, 0.0, static_cast<double>(cpus.size()));
    previous = now;
    return estimate;
}

void setConfiguredThreads(int threads, bool automatic) {
    g_configured = std::max(1, threads);
    g_automatic = automatic;
}

void fitComputeThreadsToFreeCores() {
    if (!g_automatic) return;
    const int ceiling = g_configured;
    // Beside a process that wants a whole core, CFS gives it about 2/3 of one while all our
    // threads run: anything from half a core counts as a core taken.
    const int busy = static_cast<int>(std::floor(coresBusyElsewhere() + 0.5));
    const int threads = std::clamp(ceiling - busy, 1, ceiling);
    if (threads != at::get_num_threads()) {
        at::set_num_threads(threads);
        log(LogLevel::Info, "compute threads: " + std::to_string(threads) + " (" +
                                std::to_string(busy) + " of " + std::to_string(ceiling) +
                                " cores busy elsewhere)");
    }
}

}  // namespace gpen::nn
