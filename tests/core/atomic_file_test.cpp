// SPDX-License-Identifier: Apache-2.0
// The one atomic-write primitive: complete files or none, the target kept on every failure
// (a real one from the kernel, and injected ones at each step), no temporary file left behind,
// permissions kept, links never followed, stale temporaries of dead writers cleaned.

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gpen/base/atomic_file.h"
#include "support/fixtures.h"
#include "support/temp_models_dir.h"

namespace {

namespace fs = std::filesystem;
using gpen::AtomicWriteParams;
using gpen::AtomicWriteStep;
using gpen::test::TempModelsDir;

std::vector<std::string> namesIn(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

mode_t modeOf(const fs::path& p) {
    struct stat st {};
    EXPECT_EQ(::stat(p.c_str(), &st), 0);
    return st.st_mode & 07777;
}

TEST(AtomicFile, WritesNewFilesWithTheUmasksModeAndReplacesKeepingTheTargetsMode) {
    TempModelsDir dir("atomic");
    const fs::path target = dir.path() / "report.json";
    ASSERT_TRUE(gpen::writeFileAtomic(target, std::string("first")));
    EXPECT_EQ(gpen::test::readFileBytes(target), "first");
    const mode_t mask = ::umask(022);
    ::umask(mask);
    EXPECT_EQ(modeOf(target), 0666 & ~mask);

    ASSERT_EQ(::chmod(target.c_str(), 0640), 0);
    ASSERT_TRUE(gpen::writeFileAtomic(target, std::string("second, longer")));
    EXPECT_EQ(gpen::test::readFileBytes(target), "second, longer");
    EXPECT_EQ(modeOf(target), 0640U);
    EXPECT_EQ(namesIn(dir.path()), std::vector<std::string>{"report.json"});
}

TEST(AtomicFile, AWriterCallbackStreamsItsPiecesAndItsErrorChangesNothing) {
    TempModelsDir dir("atomic");
    const fs::path target = dir.path() / "photo.tif";
    ASSERT_TRUE(
        gpen::writeFileAtomic(target, [](gpen::AtomicFileSink& sink) -> gpen::Expected<void> {
            for (int i = 0; i < 3; ++i) {
                const std::string piece = "piece" + std::to_string(i) + ";";
                if (auto ok = sink.write(piece.data(), piece.size()); !ok) return ok;
            }
            return {};
        }));
    EXPECT_EQ(gpen::test::readFileBytes(target), "piece0;piece1;piece2;");
    auto failed =
        gpen::writeFileAtomic(target, [](gpen::AtomicFileSink& sink) -> gpen::Expected<void> {
            (void)sink.write("partial", 7);
            return gpen::makeError(gpen::ErrorCode::Io, "the encoder gave up");
        });
    ASSERT_FALSE(failed);
    EXPECT_NE(failed.error().message.find("photo.tif: the encoder gave up"), std::string::npos)
        << failed.error().message;
    EXPECT_EQ(gpen::test::readFileBytes(target), "piece0;piece1;piece2;");
    EXPECT_EQ(namesIn(dir.path()), std::vector<std::string>{"photo.tif"});
}

// Every step can fail; each failure keeps the old target byte for byte and leaves no temporary.
TEST(AtomicFile, AFailureAtAnyStepKeepsTheTargetAndLeavesNoTemporary) {
    TempModelsDir dir("atomic");
    const fs::path target = dir.path() / "restored.jpg";
    ASSERT_TRUE(gpen::writeFileAtomic(target, std::string("the good old file")));
    const struct {
        AtomicWriteStep step;
        int err;
        const char* says;
    } cases[] = {
        {AtomicWriteStep::Create, EACCES, "cannot create a file in"},
        {AtomicWriteStep::Write, ENOSPC, "No space left on device"},
        {AtomicWriteStep::Sync, EIO, "fsync"},
        {AtomicWriteStep::Close, EIO, "close"},
        {AtomicWriteStep::Rename, EBUSY, "cannot replace the file"},
    };
    for (const auto& c : cases) {
        AtomicWriteParams params;
        params.faultForTesting = [&](AtomicWriteStep step) { return step == c.step ? c.err : 0; };
        auto r = gpen::writeFileAtomic(target, std::string(100000, 'x'), params);
        ASSERT_FALSE(r) << static_cast<int>(c.step);
        EXPECT_NE(r.error().message.find("restored.jpg: "), std::string::npos) << r.error().message;
        EXPECT_NE(r.error().message.find(c.says), std::string::npos) << r.error().message;
        EXPECT_NE(r.error().message.find("nothing was changed"), std::string::npos)
            << r.error().message;
        // A full disk is told apart (a batch stops at the first): every other failure is Io.
        EXPECT_EQ(r.error().code, c.err == ENOSPC ? gpen::ErrorCode::NoSpace : gpen::ErrorCode::Io)
            << r.error().message;
        EXPECT_EQ(gpen::test::readFileBytes(target), "the good old file");
        EXPECT_EQ(namesIn(dir.path()), std::vector<std::string>{"restored.jpg"});
    }
}

// A real write failure from the kernel: the file-size limit makes write() return EFBIG part way
// through, as a full disk does with ENOSPC.
TEST(AtomicFile, TheKernelRefusingBytesMidFileKeepsTheTarget) {
    TempModelsDir dir("atomic");
    const fs::path target = dir.path() / "scan.tif";
    ASSERT_TRUE(gpen::writeFileAtomic(target, std::string(1000, 'a')));
    struct rlimit saved {};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = saved;
    small.rlim_cur = 64 * 1024;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    auto r = gpen::writeFileAtomic(target, std::string(1 << 20, 'b'));
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, oldHandler);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("File too large"), std::string::npos) << r.error().message;
    EXPECT_EQ(gpen::test::readFileBytes(target), std::string(1000, 'a'));
    EXPECT_EQ(namesIn(dir.path()), std::vector<std::string>{"scan.tif"});
}

TEST(AtomicFile, ALinkAtTheTargetIsReplacedNotFollowed) {
    TempModelsDir dir("atomic");
    const fs::path elsewhere = dir.dir("elsewhere") / "precious.txt";
    std::ofstream(elsewhere) << "do not touch";
    const fs::path out = dir.dir("out") / "result.png";
    fs::create_symlink(elsewhere, out);
    ASSERT_TRUE(gpen::writeFileAtomic(out, std::string("new")));
    EXPECT_FALSE(fs::is_symlink(out));
    EXPECT_EQ(gpen::test::readFileBytes(out), "new");
    EXPECT_EQ(gpen::test::readFileBytes(elsewhere), "do not touch");
}

// A killed writer leaves its temporary behind; the next write into that folder removes it, but
// never one of a process that still runs.
TEST(AtomicFile, StaleTemporariesOfDeadWritersAreCleanedAtTheNextWrite) {
    TempModelsDir dir("atomic");
    const fs::path out = dir.dir("cleaned");
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    ASSERT_GT(child, 0);
    ::waitpid(child, nullptr, 0);  // now a pid that no longer runs
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    std::string h(host);
    for (char& c : h) {
        if (c == '-' || c == '/') c = '_';
    }
    const std::string dead = ".a.jpg.gpen-tmp-" + h + "-" + std::to_string(child) + "-Ab12Cd";
    const std::string alive = ".b.jpg.gpen-tmp-" + h + "-1-Zz99Yy";  // pid 1 always runs
    std::ofstream(out / dead) << "half a photo";
    std::ofstream(out / alive) << "being written";
    EXPECT_TRUE(gpen::isAtomicTempName(dead));
    EXPECT_FALSE(gpen::isAtomicTempName("a.jpg"));
    ASSERT_TRUE(gpen::writeFileAtomic(out / "c.jpg", std::string("whole")));
    EXPECT_EQ(namesIn(out), (std::vector<std::string>{alive, "c.jpg"}));
}

TEST(AtomicFile, CopyStreamsTheWholeFile) {
    TempModelsDir dir("atomic");
    std::string big(3 * (1 << 20) + 17, '\0');
    for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 31 % 251);
    std::ofstream(dir.path() / "model.pth", std::ios::binary) << big;
    ASSERT_TRUE(gpen::copyFileAtomic(dir.path() / "model.pth", dir.dir("user") / "model.pth"));
    EXPECT_EQ(gpen::test::readFileBytes(dir.path() / "user" / "model.pth"), big);
    auto missing =
        gpen::copyFileAtomic(dir.path() / "absent.pth", dir.path() / "user" / "absent.pth");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("absent.pth"), std::string::npos);
}

// A long file name still saves: 83 CJK characters (249 bytes, near NAME_MAX) plus our temporary
// suffix would be over 255 bytes; the temporary name is cut at a character, never the target's.
TEST(AtomicFile, ALongCjkFileNameStillSaves) {
    TempModelsDir dir("atomic");
    std::string name;
    for (int i = 0; i < 83; ++i) name += "\xE7\x85\xA7";  // 照
    name += ".jpg";
    ASSERT_EQ(name.size(), 253U);
    const fs::path target = dir.path() / name;
    auto r = gpen::writeFileAtomic(target, std::string("a restored photo"));
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(gpen::test::readFileBytes(target), "a restored photo");
    EXPECT_EQ(namesIn(dir.path()), std::vector<std::string>{name}) << "no temporary file left";
}

}  // namespace
