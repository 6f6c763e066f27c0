// SPDX-License-Identifier: Apache-2.0
#include "gpen/base/atomic_file.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <set>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gpen {
namespace fs = std::filesystem;
namespace {

constexpr const char* kTempMarker = ".gpen-tmp-";

std::string hostName() {
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0) return "host";
    std::string h(buf);
    for (char& c : h) {
        if (c == '/' || c == '-') c = '_';  // '-' separates the fields of a temp name
    }
    return h.empty() ? "host" : h;
}

// The process's umask, read without changing it (umask() sets it, which races with other threads).
mode_t currentUmask() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Umask:", 0) == 0)
            return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
    }
    return 022;
}

// "." + target + ".gpen-tmp-<host>-<pid>-XXXXXX": the host and pid tell a later write whether the
// process that made it still runs.
std::string tempPrefix(const fs::path& target) {
    const std::string suffix =
        std::string(kTempMarker) + hostName() + "-" + std::to_string(::getpid()) + "-";
    // A file name may be 255 bytes (NAME_MAX), and ours adds the suffix and "XXXXXX": a long name
    // (80 CJK characters are 240 bytes) is cut, at a character's first byte, so that it still
    // saves.
    std::string name = target.filename().string();
    const std::size_t room = 255 - 1 - suffix.size() - 6;
    if (name.size() > room) {
        std::size_t cut = room;
        while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0U) == 0x80U)
            --cut;  // a UTF-8 continuation byte
        name.resize(cut);
    }
    return "." + name + suffix;
}

// Removes our temporary files in `dir` whose writer, on this host, is gone. Once per folder per
// process: a killed batch leaves at most one per output folder behind, and scanning a folder of
// thousands of outputs at every write would cost more than the files do.
void cleanStaleTemps(const fs::path& dir) {
    static std::mutex mutex;
    static std::set<fs::path> cleaned;
    {
        std::lock_guard lock(mutex);
        if (!cleaned.insert(dir).second) return;
    }
    const std::string host = hostName();
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        const auto marker = name.find(kTempMarker);
        if (name.empty() || name[0] != '.' || marker == std::string::npos) continue;
        // <host>-<pid>-XXXXXX after the marker; the host may not hold '-' (see hostName()).
        const std::string rest = name.substr(marker + std::strlen(kTempMarker));
        const auto dash1 = rest.find('-');
        const auto dash2 =
            dash1 == std::string::npos ? std::string::npos : rest.find('-', dash1 + 1);
        if (dash2 == std::string::npos || rest.substr(0, dash1) != host) continue;
        const long pid = std::strtol(rest.c_str() + dash1 + 1, nullptr, 10);
        if (pid <= 0 || pid == ::getpid()) continue;
        if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
        std::error_code removeEc;
        fs::remove(it->path(), removeEc);
    }
}

// A full disk (or quota) is its own error: a batch stops at the first one, as every later write
// would fail too.
ErrorCode ioCode(int err) {
    return err == ENOSPC || err == EDQUOT ? ErrorCode::NoSpace : ErrorCode::Io;
}

class FdSink : public AtomicFileSink {
  public:
    FdSink(int fd, const AtomicWriteParams& params) : m_fd(fd), m_params(params) {}
    Expected<void> write(const void* data, std::size_t size) override {
        const auto* p = static_cast<const char*>(data);
        while (size > 0) {
            ssize_t n = -1;
            if (const int fault = m_params.faultForTesting
                                      ? m_params.faultForTesting(AtomicWriteStep::Write)
                                      : 0) {
                errno = fault;
            } else {
                n = ::write(m_fd, p, size);
            }
            if (n < 0) {
                if (errno == EINTR) continue;
                const int err = errno;
                return makeError(ioCode(err), std::string("writing failed: ") + std::strerror(err));
            }
            p += n;
            size -= static_cast<std::size_t>(n);
        }
        return {};
    }

  private:
    int m_fd;
    const AtomicWriteParams& m_params;
};

int injected(const AtomicWriteParams& params, AtomicWriteStep step) {
    return params.faultForTesting ? params.faultForTesting(step) : 0;
}

}  // namespace

bool isAtomicTempName(const std::string& fileName) {
    return !fileName.empty() && fileName[0] == '.' &&
           fileName.find(kTempMarker) != std::string::npos;
}

Expected<void> writeFileAtomic(const fs::path& path, const AtomicWriterFn& writer,
                               const AtomicWriteParams& params) {
    const std::string name = path.filename().string();
    const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    const auto fail = [&](const std::string& what, int err) {
        return makeError(ioCode(err),
                         name + ": " + what + ": " + std::strerror(err) + "; nothing was changed");
    };
    if (name.empty())
        return makeError(ErrorCode::InvalidArgument, path.string() + ": not a file name");
    cleanStaleTemps(dir);

    std::string tmpl = (dir / tempPrefix(path)).string() + "XXXXXX";
    int fd = -1;
    if (const int fault = injected(params, AtomicWriteStep::Create)) {
        errno = fault;
    } else {
        fd = ::mkostemp(tmpl.data(),
                        O_CLOEXEC);  // O_CREAT | O_EXCL: a planted link is never followed
    }
    if (fd < 0) return fail("cannot create a file in " + dir.string(), errno);
    const fs::path tmp = tmpl;
    const auto discard = [&](int fdToClose) {
        if (fdToClose >= 0) ::close(fdToClose);
        std::error_code ec;
        fs::remove(tmp, ec);
    };

    // The mode the finished file should have: the replaced target's, else a new file's.
    mode_t mode = 0666 & ~currentUmask();
    struct stat st {};
    if (params.keepTargetMode && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode))
        mode = st.st_mode & 07777;

    FdSink sink(fd, params);
    try {
        if (auto ok = writer(sink); !ok) {
            discard(fd);
            Error e = ok.error();
            e.message = name + ": " + e.message + "; nothing was changed";
            return tl::unexpected(e);
        }
    } catch (const std::bad_alloc&) {
        discard(fd);
        return makeError(ErrorCode::OutOfMemory,
                         name + ": not enough memory to write it; nothing was changed");
    }
    if (::fchmod(fd, mode) != 0) {
        const int err = errno;
        discard(fd);
        return fail("cannot set its permissions", err);
    }
    if (params.sync) {
        int err = injected(params, AtomicWriteStep::Sync);
        if (err == 0 && ::fsync(fd) != 0) err = errno;
        if (err != 0) {
            discard(fd);
            return fail("writing failed (fsync)", err);
        }
    }
    {
        // close() reports errors of delayed writes (NFS, quotas): a failed close is a failed write.
        const int fault = injected(params, AtomicWriteStep::Close);
        const int rc = ::close(fd);
        const int err = fault != 0 ? fault : (rc != 0 ? errno : 0);
        if (err != 0) {
            discard(-1);
            return fail("writing failed (close)", err);
        }
    }
    {
        int err = injected(params, AtomicWriteStep::Rename);
        if (err == 0 && ::rename(tmp.c_str(), path.c_str()) != 0) err = errno;
        if (err != 0) {
            discard(-1);
            return fail("cannot replace the file", err);
        }
    }
    if (params.sync) {
        // The rename is durable only once the folder is; the file is complete either way.
        int err = injected(params, AtomicWriteStep::SyncFolder);
        if (err == 0) {
            const int dirFd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (dirFd < 0 || ::fsync(dirFd) != 0) err = errno;
            if (dirFd >= 0) ::close(dirFd);
        }
        // EINVAL: the file system cannot sync a folder (some FUSE mounts); nothing to do then.
        if (err != 0 && err != EINVAL) {
            return makeError(ErrorCode::Io, name + ": written, but syncing its folder failed: " +
                                                std::strerror(err));
        }
    }
    return {};
}

Expected<void> writeFileAtomic(const fs::path& path, const std::vector<unsigned char>& bytes,
                               const AtomicWriteParams& params) {
    return writeFileAtomic(
        path, [&](AtomicFileSink& sink) { return sink.write(bytes.data(), bytes.size()); }, params);
}

Expected<void> writeFileAtomic(const fs::path& path, const std::string& text,
                               const AtomicWriteParams& params) {
    return writeFileAtomic(
        path, [&](AtomicFileSink& sink) { return sink.write(text.data(), text.size()); }, params);
}

Expected<void> copyFileAtomic(const fs::path& from, const fs::path& to,
                              const AtomicWriteParams& params) {
    std::ifstream in(from, std::ios::binary);
    if (!in)
        return makeError(ErrorCode::Io, from.filename().string() + ": cannot open for reading");
    return writeFileAtomic(
        to,
        [&](AtomicFileSink& sink) -> Expected<void> {
            std::vector<char> buffer(1 << 20);
            while (in) {
                in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
                if (auto ok = sink.write(buffer.data(), static_cast<std::size_t>(in.gcount())); !ok)
                    return ok;
            }
            if (in.bad()) return makeError(ErrorCode::Io, "reading " + from.string() + " failed");
            return {};
        },
        params);
}

}  // namespace gpen
