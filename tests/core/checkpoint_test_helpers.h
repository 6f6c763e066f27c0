// SPDX-License-Identifier: Apache-2.0
#pragma once

// What checkpoint_reader_test.cpp and checkpoint_hostile_input_test.cpp share: a temp folder,
// file bytes, and small state dicts written in either torch.save format.

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "gpen/io/checkpoint.h"
#include "support/torch_save_writer.h"

namespace gpen::checkpoint_test {

namespace fs = std::filesystem;
using test::StoredStorage;
using test::StoredTensor;

// A fresh directory under the system temp dir, removed with everything in it afterwards.
class TempDir {
  public:
    TempDir() {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_path = fs::temp_directory_path() / ("gpen-checkpoint-" + std::string(info->name()) + "-" +
                                              std::to_string(std::random_device{}()));
        fs::create_directories(m_path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const fs::path& path() const { return m_path; }

  private:
    fs::path m_path;
};

inline std::string readBytes(const fs::path& file) {
    std::string bytes(static_cast<std::size_t>(fs::file_size(file)), '\0');
    std::ifstream in(file, std::ios::binary);
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return bytes;
}

inline fs::path writeBytes(const fs::path& file, const std::string& bytes) {
    std::ofstream out(file, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return file;
}

inline std::vector<float> valuesOf(const Checkpoint& checkpoint, const std::string& name) {
    const auto t = checkpoint.tensors.tensor(name);
    return t ? t->data : std::vector<float>{};
}

// The same tensors in either format.
inline std::string checkpointBytes(CheckpointFormat format,
                                   const std::vector<StoredTensor>& tensors,
                                   const std::vector<const StoredStorage*>& storages) {
    const bool legacy = format == CheckpointFormat::Legacy;
    const std::string pickle = test::stateDictPickle(tensors, legacy);
    return legacy ? test::legacyFile(pickle, storages) : test::zipFile(pickle, storages);
}

inline constexpr std::array<CheckpointFormat, 2> kFormats = {CheckpointFormat::Zip,
                                                             CheckpointFormat::Legacy};

// Two small tensors over two storages.
inline std::vector<StoredTensor> smallTensors(const StoredStorage& a, const StoredStorage& b) {
    return {{"conv.weight", &a, {2, 3}, {3, 1}}, {"conv.bias", &b, {2}, {1}}};
}

}  // namespace gpen::checkpoint_test
