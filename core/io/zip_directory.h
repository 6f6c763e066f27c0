// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: the central directory of a zip archive, read through a ByteSource and checked
// against the bytes the file really has. torch.save writes stored (uncompressed) records only,
// each once; so a record that is compressed, reaches past the file, or shares bytes with another
// is refused here, before anything is read or allocated for it.

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "gpen/base/expected.h"
#include "io/checkpoint_source.h"

namespace gpen::io {

struct ZipRecord {
    std::string name;
    std::uint64_t dataOffset = 0;  // where the record's bytes start in the file
    std::uint64_t size = 0;        // its length (stored: compressed == uncompressed)
};

class ZipDirectory {
  public:
    // Errors: Truncated (no end-of-central-directory record), NotACheckpoint (a zip archive
    // this reader refuses: compressed, encrypted, split), Malformed (records out of the file or
    // overlapping).
    static Expected<ZipDirectory> read(const ByteSource& source);

    const ZipRecord* find(const std::string& name) const;
    const std::vector<ZipRecord>& records() const { return m_records; }

  private:
    std::vector<ZipRecord> m_records;
    std::unordered_map<std::string, std::size_t> m_index;
};

}  // namespace gpen::io
