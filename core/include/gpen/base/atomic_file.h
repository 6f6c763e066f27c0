// SPDX-License-Identifier: Apache-2.0
#pragma once

// The one way core writes a file that someone may be reading or that must survive a crash:
// images, imported models, batch reports. Readers see the old file or the whole new one, never a
// part; a failure anywhere (full disk, read-only folder, an error at close) leaves the target as
// it was and no temporary file behind.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "gpen/base/expected.h"

namespace gpen {

// Where a write can fail; used by tests to inject a failure at one exact step.
enum class AtomicWriteStep { Create, Write, Sync, Close, Rename, SyncFolder };

struct AtomicWriteParams {
    // fsync the file before the rename and its folder after it, so that a power cut cannot leave
    // an empty or missing file where a complete one was reported written.
    bool sync = true;
    // A new file gets 0666 less the process's umask; a replaced one keeps the target's mode.
    bool keepTargetMode = true;
    // Test hook: called before each step; a non-zero errno makes that step fail as if the system
    // had returned it (the temporary file is cleaned up exactly as for a real failure).
    std::function<int(AtomicWriteStep)> faultForTesting;
};

// Receives the bytes of a writer callback; each call writes all of `size` or fails.
class AtomicFileSink {
  public:
    virtual ~AtomicFileSink() = default;
    virtual Expected<void> write(const void* data, std::size_t size) = 0;
};
using AtomicWriterFn = std::function<Expected<void>(AtomicFileSink&)>;

// Writes `path` atomically: a temporary file created exclusively (mkstemp: O_CREAT | O_EXCL,
// never following a link planted under its name) in the target's folder, every byte written
// (short writes and EINTR retried), fsync, a checked close, rename over the target, fsync of the
// folder. Temporary files of ours left in that folder by a process that no longer runs (a
// killed batch) are removed at the first write into it. A symbolic link at `path` itself is
// replaced, not followed. Errors name the file and say what failed ("photo.jpg: writing failed:
// No space left on device; nothing was changed").
Expected<void> writeFileAtomic(const std::filesystem::path& path, const AtomicWriterFn& writer,
                               const AtomicWriteParams& params = {});
Expected<void> writeFileAtomic(const std::filesystem::path& path,
                               const std::vector<unsigned char>& bytes,
                               const AtomicWriteParams& params = {});
Expected<void> writeFileAtomic(const std::filesystem::path& path, const std::string& text,
                               const AtomicWriteParams& params = {});
// Copies `from` into `to` atomically, streaming (a model file may be gigabytes).
Expected<void> copyFileAtomic(const std::filesystem::path& from, const std::filesystem::path& to,
                              const AtomicWriteParams& params = {});

// True for the name of one of our temporary files ("." + target name + ".gpen-tmp-..."): the
// scanners skip them.
bool isAtomicTempName(const std::string& fileName);

}  // namespace gpen
