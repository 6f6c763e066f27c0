// SPDX-License-Identifier: Apache-2.0
#pragma once

// Test helpers for the engine suites: a temporary folder removed at the end of the test, and
// copies of the fixtures' small checkpoints under the names a catalog gives them.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "support/fixtures.h"

namespace gpen::test {

class TempModelsDir {
  public:
    explicit TempModelsDir(const std::string& tag) {
        static std::atomic<int> counter{0};
        m_path =
            std::filesystem::temp_directory_path() /
            ("gpen-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(m_path);
        std::filesystem::create_directories(m_path);
    }
    ~TempModelsDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    TempModelsDir(const TempModelsDir&) = delete;
    TempModelsDir& operator=(const TempModelsDir&) = delete;

    const std::filesystem::path& path() const { return m_path; }
    // A sub-folder, created.
    std::filesystem::path dir(const std::string& name) const {
        std::filesystem::create_directories(m_path / name);
        return m_path / name;
    }

  private:
    std::filesystem::path m_path;
};

// Copies fixture `fixture` (a file of ../shared/fixtures) to `to`, creating its folder.
inline std::filesystem::path copyFixture(const std::string& fixture,
                                         const std::filesystem::path& to) {
    std::filesystem::create_directories(to.parent_path());
    std::filesystem::copy_file(fixturesDir() / fixture, to,
                               std::filesystem::copy_options::overwrite_existing);
    std::filesystem::permissions(
        to, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write,
        std::filesystem::perm_options::add);
    return to;
}

// The first `fraction` of the fixture's bytes: a download cut short.
inline std::filesystem::path truncatedFixture(const std::string& fixture,
                                              const std::filesystem::path& to, double fraction) {
    std::ifstream in(fixturesDir() / fixture, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    bytes.resize(static_cast<std::size_t>(static_cast<double>(bytes.size()) * fraction));
    std::filesystem::create_directories(to.parent_path());
    std::ofstream(to, std::ios::binary) << bytes;
    return to;
}

inline std::filesystem::path writeTextFile(const std::filesystem::path& to,
                                           const std::string& text) {
    std::filesystem::create_directories(to.parent_path());
    std::ofstream(to) << text;
    return to;
}

}  // namespace gpen::test
