// SPDX-License-Identifier: Apache-2.0
#pragma once

// Finding the photos of a batch: which files of a folder (tree) are inputs, in a stable order that
// is the same on every machine, and which of them a shard of a multi-machine run takes.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "gpen/base/expected.h"

namespace gpen {

struct BatchScanParams {
    bool recursive = false;
    // Globs (`*` and `?` within one path component, `**` across folders, `[abc]`), matched
    // case-insensitively against the path relative to the input folder ("2019/beach.jpg") when
    // they hold a '/', else against the file's name. A file must have one of `extensions`, match
    // one `include` (when any are given) and no `exclude`; an `exclude` that matches a folder
    // prunes it.
    std::vector<std::string> include;
    std::vector<std::string> exclude;
    std::vector<std::string> extensions = {"jpg",  "jpeg", "png", "tif",
                                           "tiff", "webp", "bmp"};  // any case
    // Folders never walked (the same folder by device and inode, whatever path reaches it): a
    // batch's output folder inside its input folder, so that no run takes its own outputs.
    std::vector<std::filesystem::path> skipFolders;
};

struct ScannedFile {
    std::filesystem::path path;      // as found under the input folder
    std::filesystem::path relative;  // to the input folder ("2019/beach.jpg")
    std::size_t index = 0;           // 0-based position in the whole sorted list (shards keep it)
    // The file's identity as the scan found it (links followed): what tells a planned output that
    // is one of the inputs.
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
};

struct ScanResult {
    std::vector<ScannedFile> files;     // sorted by `relative` (byte order of the generic path)
    std::vector<std::string> warnings;  // unreadable sub-folders, link loops skipped
};

// Hidden files and folders (a leading '.'), Thumbs.db, .DS_Store and our temporary files are
// skipped; symbolic links to files are followed, links to folders only when they do not lead
// back into a folder already being walked (no loop, no file twice). An input folder that is
// missing or unreadable is an error; a sub-folder that is unreadable is a warning.
Expected<ScanResult> scanInputFolder(const std::filesystem::path& root,
                                     const BatchScanParams& params = {});

// `*`, `?`, `**` and `[...]` as above, case-insensitive.
bool globMatch(std::string_view pattern, std::string_view text);

// Part `index` (1-based) of `count`: a file goes to the part its path relative to the input folder
// hashes to (FNV-1a, the same on every machine), so the parts together take every file exactly
// once, and a file keeps its part when others are added or removed between the shards' runs (a
// scanner still writing). Roughly balanced: within a few files per part for folders of hundreds.
struct ShardSpec {
    int index = 1;
    int count = 1;
};
// "2/3" -> {2, 3}; errors say what is wrong.
Expected<ShardSpec> parseShard(const std::string& text);
std::vector<ScannedFile> shardOf(const std::vector<ScannedFile>& files, const ShardSpec& shard);

// What a scan saw, for comparing shards' reports: the files' count and the SHA-256 of their
// sorted relative paths (one per line).
struct ScanDigest {
    std::size_t files = 0;
    std::string sha256;
};
ScanDigest scanDigest(const std::vector<ScannedFile>& files);

}  // namespace gpen
