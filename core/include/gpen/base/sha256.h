// SPDX-License-Identifier: Apache-2.0
#pragma once

// SHA-256, for the batch report's record of each model file used (an output is reproducible only
// with the very same weights).

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "gpen/base/expected.h"

namespace gpen {

class Sha256 {
  public:
    Sha256();
    void update(const void* data, std::size_t size);
    std::array<std::uint8_t, 32> finish();  // the object is spent afterwards
    static std::string hex(const std::array<std::uint8_t, 32>& digest);

  private:
    void block(const std::uint8_t* p);
    std::array<std::uint32_t, 8> m_state{};
    std::array<std::uint8_t, 64> m_buffer{};
    std::size_t m_buffered = 0;
    std::uint64_t m_length = 0;
};

// The lowercase hex digest of a file's bytes; the error names the file.
Expected<std::string> sha256OfFile(const std::filesystem::path& path);

}  // namespace gpen
