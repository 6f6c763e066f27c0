// SPDX-License-Identifier: Apache-2.0
#pragma once

// Everything written to file descriptor 2 while a StderrCapture lives, a library's own
// fprintf(stderr) included: for the tests that no line but ours reaches the terminal.

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace gpen::test {

class StderrCapture {
  public:
    // `file`: where the lines are kept (a path the test owns).
    explicit StderrCapture(std::filesystem::path file) : m_file(std::move(file)) {
        std::fflush(stderr);
        m_saved = ::dup(2);
        const int fd = ::open(m_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(fd, 2);
        ::close(fd);
    }
    ~StderrCapture() { restore(); }
    StderrCapture(const StderrCapture&) = delete;
    StderrCapture& operator=(const StderrCapture&) = delete;

    // Ends the capture and returns what was written.
    std::string text() {
        restore();
        std::ifstream in(m_file, std::ios::binary);
        return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    }

  private:
    void restore() {
        if (m_saved < 0) return;
        std::fflush(stderr);
        ::dup2(m_saved, 2);
        ::close(m_saved);
        m_saved = -1;
    }
    std::filesystem::path m_file;
    int m_saved = -1;
};

}  // namespace gpen::test
